// The shapes of Žolíky s kameny's views as klubovna/games/zoliky_s_kameny/view.py builds them
// (and the result in rules.py). Shapes only: no rule lives here.

/** A tile: [colour 0..3, number 1..13], or "J" for a joker. */
export type Tile = [number, number] | "J";

export interface ZkPlayer {
  seat: number;
  tiles: number;
  melded: boolean;
  laid: number;
  left: boolean;
}

export interface ZkResult {
  /** out: a rack was emptied; blocked: everyone passed on an empty pool; left. */
  reason: "out" | "blocked" | "left";
  winner: number | null;
  racks: Tile[][];
  rack_values: number[];
  scores: number[];
  laid: number[];
  standings: Array<{ seat: number; place: number; score: number }>;
}

export interface ZkView {
  game: string;
  seat: number;
  over: boolean;
  turn: number[];
  deadline: null;
  started: boolean;
  round: number;
  starter: number;
  table: Tile[][];
  rack: Tile[];
  melded: boolean;
  meld_min: number;
  pool: number;
  passes: number;
  players: ZkPlayer[];
  actions: string[];
  result: ZkResult | null;
}

/** The names at a table, by seat. */
export type SeatNames = string[];
