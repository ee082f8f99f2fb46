// The seat keys this browser holds, one per lobby code: a reload, another tab or a lost
// connection rejoins the same seat with it (the server shows a key only once). With storage
// on they live in localStorage (shared by the tabs); with storage off in this tab only
// (sessionStorage), like every other key. `lastSeq` is the last action number sent for the
// seat: the table ignores a number it has seen, so a new tab must go on counting from there.
import { profilesState } from "../profile/store";

export interface SavedSeat {
  code: string;
  key: string;
  seat: number;
  /** The person joined with a profile key (the game is recorded for that profile). */
  profile: boolean;
  lastSeq: number;
  /** When the seat was taken (ms), to forget it after a few days. */
  at: number;
}

const KEY = "klubovna.lobbies";
const KEEP_MS = 3 * 24 * 60 * 60 * 1000; // a lobby lives 6 h idle, plus 24 h to see the end

function store(): Storage | null {
  try {
    return profilesState().storage ? localStorage : sessionStorage;
  } catch {
    return null;
  }
}

function readAll(): Record<string, SavedSeat> {
  try {
    const all = JSON.parse(store()?.getItem(KEY) ?? "{}") as Record<string, SavedSeat>;
    return all && typeof all === "object" ? all : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, SavedSeat>): void {
  const now = Date.now();
  for (const [code, seat] of Object.entries(all)) if (!(now - seat.at < KEEP_MS)) delete all[code];
  try {
    store()?.setItem(KEY, JSON.stringify(all));
  } catch {
    /* storage disabled: the seat lasts as long as this page */
  }
}

const memory = new Map<string, SavedSeat>(); // when no storage works at all

export function loadSeat(code: string): SavedSeat | null {
  const seat = readAll()[code] ?? memory.get(code);
  if (!seat || typeof seat.key !== "string" || typeof seat.seat !== "number") return null;
  return { ...seat, lastSeq: typeof seat.lastSeq === "number" ? seat.lastSeq : 0, profile: seat.profile === true };
}

export function saveSeat(seat: SavedSeat): void {
  memory.set(seat.code, seat);
  const all = readAll();
  all[seat.code] = seat;
  writeAll(all);
}

/** Note an action number sent for the seat (never going back). */
export function saveSeq(code: string, seq: number): void {
  const seat = loadSeat(code);
  if (seat && seq > seat.lastSeq) saveSeat({ ...seat, lastSeq: seq });
}

export function forgetSeat(code: string): void {
  memory.delete(code);
  const all = readAll();
  delete all[code];
  writeAll(all);
}
