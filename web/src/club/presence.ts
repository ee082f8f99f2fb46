// The club socket (/ws/club): one for the whole app while a profile is selected, for
// friends' presence and notices ("your lists changed") as they happen. It reconnects like
// a table's socket; a key that stops working (the device was signed out) ends it.
import { useFollowed } from "../follow";
import { ReconnectingSocket, type Incoming } from "../net/socket";
import { onProfiles, profilesState } from "../profile/store";
import { getChallenges, type Challenge, type Person } from "./api";
import { playingFrame } from "./watching";

export interface Presence {
  online: boolean;
  playing: string | null;
  /** The table their game may be watched at (#/sledovat/<table>), or null. */
  watch?: string | null;
}

export interface ClubState {
  /** Friends' presence by profile id (what the server said; friends only). */
  presence: Record<string, Presence>;
  /** Goes up whenever the friend lists changed on the server: read them again. */
  changes: number;
  connected: boolean;
  /** Challenges to this person, waiting for an answer (the newest last). */
  challenges: Challenge[];
  /** What friends answered to this person's challenges, newest last, until seen. */
  answers: Array<{ id: string; accepted: boolean; by: Person }>;
}

const SIGNED_OUT = 4403;

let state: ClubState = { presence: {}, changes: 0, connected: false, challenges: [], answers: [] };
const listeners = new Set<(state: ClubState) => void>();
let socket: ReconnectingSocket | null = null;
let socketKey: string | null = null;
let playing: string | null = null;
let watch: string | null = null;
let told = "";

/** Tell the server what this person plays now (once for each change). */
function tell(): void {
  const frame = playingFrame(playing, watch);
  const text = JSON.stringify(frame);
  if (text === told) return;
  if (socket?.send(frame)) told = text;
}

function publish(next: Partial<ClubState>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener(state));
}

function receive(message: Incoming): void {
  if (message.t === "welcome") {
    socket?.healthy();
    publish({ presence: (message.presence as Record<string, Presence>) ?? {}, connected: true });
    told = "";
    if (playing) tell();
    // Challenges that came while this app was closed.
    const key = socketKey;
    if (key) getChallenges(key).then((found) => key === socketKey && publish({ challenges: found.incoming }), () => {});
  } else if (message.t === "challenge") {
    const challenge = message as unknown as Challenge;
    publish({ challenges: [...state.challenges.filter((c) => c.id !== challenge.id), challenge] });
  } else if (message.t === "challenge_withdrawn") {
    forgetChallenge(String(message.id));
  } else if (message.t === "challenge_answer") {
    const answer = { id: String(message.id), accepted: !!message.accepted, by: message.by as Person };
    publish({ answers: [...state.answers, answer] });
  } else if (message.t === "presence") {
    const id = String(message.id);
    const here = { online: !!message.online, playing: (message.playing as string | null) ?? null, watch: (message.watch as string | null) ?? null };
    publish({ presence: { ...state.presence, [id]: here } });
  } else if (message.t === "friends") {
    publish({ changes: state.changes + 1 });
  }
}

/** Follow the selected profile: a socket for its key, none without one. */
function follow(): void {
  const key = profilesState().selected?.key ?? null;
  if (key === socketKey) return;
  socket?.close();
  socket = null;
  socketKey = key;
  publish({ presence: {}, connected: false, changes: state.changes + 1, challenges: [], answers: [] });
  if (!key || typeof WebSocket === "undefined") return;
  socket = new ReconnectingSocket("/ws/club", key, {
    receive,
    lost: (code) => {
      publish({ connected: false });
      return code !== SIGNED_OUT;
    },
  }, 0, { pauses: { first: 1000, last: 30_000 } });
  socket.open();
}

/** Start following the selected profile (once, at the app's start). */
export function startClub(): void {
  onProfiles(follow);
  follow();
}

/** Tell friends which game this person plays online now (null: none). */
export function setPlaying(game: string | null): void {
  playing = game;
  tell();
}

/** Tell friends the table this person's game may be watched at (null: none, or not now). */
export function setWatch(table: string | null): void {
  watch = table;
  tell();
}

export function useClub(): ClubState {
  return useFollowed(() => state, listeners);
}

/** A challenge answered, withdrawn or lapsed: off the list. */
export function forgetChallenge(id: string): void {
  publish({ challenges: state.challenges.filter((c) => c.id !== id) });
}

/** An answer shown: off the list. */
export function forgetAnswer(id: string): void {
  publish({ answers: state.answers.filter((a) => a.id !== id) });
}
