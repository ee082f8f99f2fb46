// The club socket (/ws/club): one for the whole app while a profile is selected, for
// friends' presence and notices ("your lists changed") as they happen. It reconnects like
// a table's socket; a key that stops working (the device was signed out) ends it.
import { useEffect, useState } from "preact/hooks";
import { ReconnectingSocket, type Incoming } from "../net/socket";
import { onProfiles, profilesState } from "../profile/store";

export interface Presence {
  online: boolean;
  playing: string | null;
}

export interface ClubState {
  /** Friends' presence by profile id (what the server said; friends only). */
  presence: Record<string, Presence>;
  /** Goes up whenever the friend lists changed on the server: read them again. */
  changes: number;
  connected: boolean;
}

const SIGNED_OUT = 4403;

let state: ClubState = { presence: {}, changes: 0, connected: false };
const listeners = new Set<(state: ClubState) => void>();
let socket: ReconnectingSocket | null = null;
let socketKey: string | null = null;
let playing: string | null = null;

function publish(next: Partial<ClubState>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener(state));
}

function receive(message: Incoming): void {
  if (message.t === "welcome") {
    socket?.healthy();
    publish({ presence: (message.presence as Record<string, Presence>) ?? {}, connected: true });
    if (playing) socket?.send({ t: "playing", game: playing });
  } else if (message.t === "presence") {
    const id = String(message.id);
    publish({ presence: { ...state.presence, [id]: { online: !!message.online, playing: (message.playing as string | null) ?? null } } });
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
  publish({ presence: {}, connected: false, changes: state.changes + 1 });
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
  socket?.send({ t: "playing", game });
}

export function useClub(): ClubState {
  const [current, set] = useState(state);
  useEffect(() => {
    set(state);
    listeners.add(set);
    return () => void listeners.delete(set);
  }, []);
  return current;
}
