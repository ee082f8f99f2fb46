// Matematický poker's lobby shapes (docs/api.md, "Lobbies: Duel and group games"): its
// duel's and group's settings and lobby, and its multi-seat views (docs/decisions.md,
// "Multi-seat views").
import type { Lobby } from "../../../lobby/types";
import type { Mode, MpView, ScoringTable } from "../types";

export type LobbyKind = "duel" | "group";
export interface LobbySettings {
  mode: Mode;
  seconds: number | null;
  table: ScoringTable;
}

/** A Matematický poker duel's or group's lobby. */
export interface LobbyState extends Lobby<LobbyKind, LobbySettings> {
  dealer_plays: boolean;
  duel_recorded: boolean;
}

export interface SeatPublic {
  seat: number;
  score: number;
  filled: number;
  /** Drawn cards the seat has dealt with (placed, kept, expired): see `queueOf`. */
  handled: number;
  finished: boolean;
  /** Left the game before finishing (the board stays in the ranking). */
  left?: boolean;
}

export interface RankRow {
  seat: number;
  score: number;
  filled: number;
}

export interface FinalBoard {
  seat: number;
  board: Array<number | null>;
  jokers: boolean[];
}

/** What a duel or group seat sees. A dealer who only deals has no board: `playing` is false
 *  and `dealt` lists the cards drawn so far; the board fields are then absent. */
export interface MultiView extends MpView {
  variant: "duel" | "group";
  seat: number;
  dealer: boolean;
  playing: boolean;
  drawn: number;
  /** Every playing seat's public entry; a seat's queue length is `queueOf(view, entry)`. */
  seats: SeatPublic[];
  ranking: RankRow[];
  boards: FinalBoard[] | null;
  game_over: boolean;
  dealt?: number[];
  /** A duel: the other board as far as this seat has come, and the points of what it shows
   *  (docs/decisions.md). */
  opponent?: FinalBoard & { score: number };
}

/** Drawn cards a seat still has to handle (the one in hand plus its queue): `drawn` minus
 *  what it handled, 0 once finished. The server sends `handled`, not the queue, so that a
 *  draw changes no seat's entry (docs/decisions.md). */
export function queueOf(view: Pick<MultiView, "drawn">, entry: SeatPublic | undefined): number {
  return entry === undefined || entry.finished ? 0 : view.drawn - entry.handled;
}
