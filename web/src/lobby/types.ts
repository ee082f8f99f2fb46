// The shapes of the lobby API (docs/api.md, "Lobbies: Duel and group games"), as every game
// has them; each game's own settings and views are in its folder (games/<game>/lobby/types.ts
// for Matematický poker). Shapes only: who may do what is the server's to judge.
export type LobbyStatus = "waiting" | "playing" | "closed";
export type Outcome = null | "finished" | "dealer_left" | "host_left" | "abandoned" | "expired" | "moderated";

export interface LobbyPlayer {
  /** The lobby seat: stable, never reused. */
  seat: number;
  nickname: string;
  host: boolean;
  /** Left after the start: the board stays, the person no longer plays. */
  gone: boolean;
  /** Whether the person has a live socket now. */
  connected: boolean;
  /** Asked for the next round (a room where everybody must agree). */
  agreed: boolean;
  /** The person plays with a profile (may be asked to be friends); not which one. */
  profile?: boolean;
  /** The seat in the game's views and ranking (null before the start). */
  table_seat: number | null;
  /** The person's rating in the game, where the server tells it (null: none yet). */
  rating?: { rating: number; provisional: boolean } | null;
}

/** A rated game's end: each table seat's rating after it and its change. */
export interface RatingChange {
  rating: number;
  change: number;
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
  /** The id of the round's table (null before the start): its replay, with this seat's key. */
  table?: string | null;
  /** The room's table so far: 1 for its first game, one more for each next round. */
  round: number;
  /** The host allowed own words in the chat (for profiles that chose them). */
  free_chat?: boolean;
  /** Who starts the next round: nobody (played once), the host, or everybody together. */
  next_round: "none" | "host" | "all";
  /** Between rounds: the table finished and the next round may be asked for. */
  can_go_again: boolean;
  players: LobbyPlayer[];
  /** Listed in the open list (decision 0159); set at the room's creation. */
  public?: boolean;
  /** A turn-based room's days per move (decision 0162); null: played live. */
  days_per_move?: number | null;
  /** The host lets people watch the room's table; how many watch it now. */
  watchable?: boolean;
  watchers?: number;
  /** Once a rated game ended: each table seat's new rating and change, by the seat as a
   *  string ("0", "1"); null for a game that is not rated. */
  ratings?: Record<string, RatingChange> | null;
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

/** One room of GET /api/lobbies (the open list): a public room waiting with a free seat. */
export interface OpenRoom<Settings = unknown> {
  code: string;
  /** The engine's name (the game's route). */
  game: string;
  kind: string;
  settings: Settings;
  host: { nickname: string; rating: number | null; provisional: boolean };
  players: number;
  limit: number;
  /** A playing room's table to watch (status=playing); null while it waits. */
  table: string | null;
}

/** POST /api/lobbies and POST /api/lobbies/{code}/join. */
export interface SeatTicket {
  code: string;
  key: string;
  seat: number;
  link: string;
}

/** POST /api/pairing: the secret ticket, and when the wait began and when the computer is
 *  offered instead (Unix ms, the server's clock). */
export interface PairingTicket {
  ticket: string;
  since: number;
  offer_computer_at: number;
}

/** GET /api/pairing/{ticket}: still waiting (the server's clock `now`; `window`: the rating
 *  points either way accepted now, null: anyone), paired (the seat, as POST /api/lobbies
 *  answers), or the pair's room failed (the server's code). */
export type PairingStatus =
  | { status: "waiting"; since: number; now: number; window: number | null }
  | ({ status: "paired" } & SeatTicket)
  | { status: "failed"; error: string };
