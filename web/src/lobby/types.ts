// The shapes of the lobby API (docs/api.md, "Lobbies: Duel and group games"), as every game
// has them and as Matematický poker fills them, and of its multi-seat views (docs/decisions.md,
// "Multi-seat views"). Shapes only: who may do what is the server's to judge.
import type { Mode, MpView, ScoringTable } from "../mp/types";

export type LobbyKind = "duel" | "group";
export type LobbyStatus = "waiting" | "playing" | "closed";
export type Outcome = null | "finished" | "dealer_left" | "host_left" | "abandoned" | "expired";

export interface LobbySettings {
  mode: Mode;
  seconds: number | null;
  table: ScoringTable;
}

export interface LobbyPlayer {
  /** The lobby seat: stable, never reused. */
  seat: number;
  nickname: string;
  host: boolean;
  /** Left after the start: the board stays, the person no longer plays. */
  gone: boolean;
  /** Whether the person has a live socket now. */
  connected: boolean;
  /** The seat in the game's views and ranking (null before the start). */
  table_seat: number | null;
}

/** The `lobby` of a {"t": "lobby"} message, as every game has it. */
export interface Lobby<Kind extends string = string, Settings = unknown> {
  code: string;
  kind: Kind;
  status: LobbyStatus;
  outcome: Outcome;
  limit: number;
  settings: Settings;
  /** This person's lobby seat. */
  you: number;
  players: LobbyPlayer[];
}

/** A Matematický poker duel's or group's lobby. */
export interface LobbyState extends Lobby<LobbyKind, LobbySettings> {
  dealer_plays: boolean;
  duel_recorded: boolean;
}

/** GET /api/lobbies/{code}: what the join page may know before joining. */
export interface LobbySummary<Settings = unknown> {
  code: string;
  /** The game's id (and route): "matematicky-poker", "kostkovy-poker". */
  game?: string;
  kind: string;
  status: LobbyStatus;
  settings: Settings;
  players: number;
  limit: number;
}

/** POST /api/lobbies and POST /api/lobbies/{code}/join. */
export interface SeatTicket {
  code: string;
  key: string;
  seat: number;
  link: string;
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
}

/** Drawn cards a seat still has to handle (the one in hand plus its queue): `drawn` minus
 *  what it handled, 0 once finished. The server sends `handled`, not the queue, so that a
 *  draw changes no seat's entry (docs/decisions.md). */
export function queueOf(view: Pick<MultiView, "drawn">, entry: SeatPublic | undefined): number {
  return entry === undefined || entry.finished ? 0 : view.drawn - entry.handled;
}
