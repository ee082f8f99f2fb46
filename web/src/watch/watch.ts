// What one who watches a table knows (docs/api.md "Watching a table"), kept pure for the unit
// tests: where the line stands, the latest view of no seat (`seat: null`) and the one just
// before it, from the messages and closes of the watch socket (watch/connection.ts); and the
// one-or-two-frame "replay" a game's read-only view (registry's `replay`) renders it from.
import type { Incoming } from "../net/socket";
import type { ReplayData } from "../replay/types";

/** `connecting` before the first view; `live` while views come; `reconnecting` after a
 *  drop; `over` once the game ended (the line is closed then); `not_watchable` when the host
 *  does not let people watch (now or any more), `unknown` when the server has no such table:
 *  both for good, until asked again. */
export type WatchLink = "connecting" | "live" | "reconnecting" | "over" | "not_watchable" | "unknown";

/** The fields every game's view of no seat has (its own are the game's: wire.gen.ts). */
export interface WatchedView {
  game: string;
  seat: null;
  over: boolean;
  turn: number[];
  [field: string]: unknown;
}

export interface Watched {
  link: WatchLink;
  view: WatchedView | null;
  version: number | null;
  /** The view at `version - 1` when it came too (the last move's frame before), else null. */
  before: WatchedView | null;
  /** How many views with a new version came (each a step of the game). */
  steps: number;
  /** The players' nicknames by table seat (the socket's "players" message), when told. */
  names?: Record<number, string>;
}

export const UNWATCHED: Watched = { link: "connecting", view: null, version: null, before: null, steps: 0 };

/** The close codes that end watching for good (hub.py, ws.py). */
export const CLOSE_NOT_WATCHABLE = 4403;
export const CLOSE_UNKNOWN = 4404;

/** Whether the line is at an end (no new socket). */
export function settled(link: WatchLink): boolean {
  return link === "over" || link === "not_watchable" || link === "unknown";
}

/** The state after one message of the watch socket (views come whole: a watcher gets no
 *  public updates). */
export function heard(state: Watched, message: Incoming): Watched {
  if (message.t === "view") {
    const view = message.view as WatchedView;
    const version = message.version as number;
    if (state.version !== null && version < state.version) return state; // (an old socket's)
    const fresh = state.version === null || version > state.version;
    const before = !fresh ? state.before : state.version === version - 1 ? state.view : null;
    return {
      ...state,
      link: view.over ? "over" : "live",
      view,
      version,
      before,
      steps: state.steps + (fresh && state.version !== null ? 1 : 0),
    };
  }
  if (message.t === "players" && message.names && typeof message.names === "object") {
    const names: Record<number, string> = {};
    for (const [seat, name] of Object.entries(message.names as Record<string, unknown>)) {
      if (typeof name === "string") names[Number(seat)] = name;
    }
    return { ...state, names };
  }
  if (message.t === "error") {
    if (message.code === "not_watchable") return { ...state, link: "not_watchable" };
    if (message.code === "unknown_table") return { ...state, link: "unknown" };
  }
  return state;
}

/** The state once the socket closed with `code` (null: given up as silent). */
export function lost(state: Watched, code: number | null): Watched {
  if (settled(state.link)) return state;
  if (code === CLOSE_NOT_WATCHABLE) return { ...state, link: "not_watchable" };
  if (code === CLOSE_UNKNOWN) return { ...state, link: "unknown" };
  return { ...state, link: "reconnecting" };
}

/** The frames a game's replay view renders the watched table from: the latest view as the
 *  last step, after the one before it when that came (so a game can tell what the last move
 *  did: its mover is who was to move before). Seat null: nobody's own. */
export function watchedFrames(state: Watched): { data: ReplayData; step: number } | null {
  const view = state.view;
  if (!view) return null;
  const before = state.before;
  const names = state.names ? { names: state.names } : {};
  if (!before) return { data: { game: view.game, seat: null, frames: [view], moves: [], ...names }, step: 0 };
  const mover = before.turn[0] ?? null;
  return {
    data: { game: view.game, seat: null, frames: [before, view], moves: [{ kind: "act", seat: mover, now: 0, action: null }], ...names },
    step: 1,
  };
}

/** The watch page's path of a table: #/sledovat/<table>. */
export function watchPath(table: string): string {
  return `/sledovat/${encodeURIComponent(table)}`;
}

/** The absolute link to watch a table, on this site (as the replay's share link). */
export function watchLink(table: string, at: Pick<Location, "origin" | "pathname"> = location): string {
  return `${at.origin}${at.pathname}#${watchPath(table)}`;
}
