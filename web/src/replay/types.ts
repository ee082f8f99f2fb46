// A finished table's replay from one seat (klubovna/tables/replay.py; the contract in
// docs/api.md "Replays"). frames[0] is the seat's view after the start, frames[i] its view
// after log entry i (the live "view" payload); the last frame is the end view.
import type { FunctionComponent } from "preact";

export interface ReplayMove {
  /** "act": a seat's action; "tick": a deadline expired; "leave": the seat left for good.
   *  (An addition to the contract: it says what a move with a null action was.) */
  kind?: "act" | "tick" | "leave";
  /** The acting seat; null for a tick. */
  seat: number | null;
  now: number;
  /** Only the replay seat's own actions; null for the others (they may hide something). */
  action: unknown | null;
}

export interface ReplayData {
  game: string;
  seat: number | null;
  frames: unknown[];
  moves: ReplayMove[];
  /** Server games: the token of the share link #/zaznam/<token>. */
  share?: string;
  /** The seats' names by seat, when the screen that opens the replay knows them (the log
   *  has none): the step list and the game's frames say them instead of "Hráč n". */
  names?: Record<number, string>;
}

export interface ReplayViewProps {
  data: ReplayData;
  step: number;
  view: unknown;
}

/** A game's words for what move `index` (1-based) did, without who did it (the stepper's
 *  list says who): told from the frames around it and, for the seat's own moves, the
 *  action. null when the game has nothing to add to who moved. */
export type ReplayWords = (data: ReplayData, index: number) => string | null;

/** A game's read-only render of one frame, and its words for a move when it has them. */
export type ReplayView = FunctionComponent<ReplayViewProps> & { words?: ReplayWords };

/** Where a game's replay comes from: a table of this device's engine worker (its id and
 *  the person's seat) or a server table (its id and the seat's key). */
export type ReplaySource =
  | { kind: "local"; tableId: string; seat: number }
  | { kind: "remote"; tableId: string; key: string };

/** A replay that could not be had, with the server's or the worker's stable code
 *  (not_over, unknown_table, bad_token, bad_seat, network, ...). */
export class ReplayError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ReplayError";
  }
}
