// The shapes of Mathesso's views as klubovna/games/mathesso/view.py builds them (and the
// result and its explanation in rules.py and scoring.py). Shapes only: no rule lives here
// (pairs, scores and the order of play come from the engine).

export type Group = "multiplication" | "square" | "prime" | "fibonacci" | "factorial" | "zero" | "cjv";

/** A card's coloured side (cards.Face.to_json). */
export interface Face {
  group: Group;
  /** The number a pair scores with (a zero's: the number behind its 0). */
  value: number;
  /** The big number printed ("0" on a zero). */
  shows: string;
  /** The ruler colours (1-10) of the digits: [a, b] for a·b, [a] for a². */
  colours: number[];
  background: string;
  /** "5!" on 120; the faint number behind a zero. */
  hint: string | null;
  /** Tells the two 0/12 designs apart (1 or 2; 0 elsewhere). */
  mark: number;
}

export interface MaCard {
  id: number;
  black: string;
  state: "down" | "up" | "gone";
  face: Face | null;
  /** The seat that took it. */
  by: number | null;
}

export interface RitualDraw {
  seat: number;
  card: number;
  face: Face;
}

export interface TakenPair {
  group: Group;
  value: number;
  cards: [number, number];
  faces: [Face, Face];
}

export interface MaPlayer {
  seat: number;
  points: number;
  /** Extra turns (Sheldons) still to take. */
  extras: number;
  pairs: TakenPair[];
}

export interface LastTurn {
  seat: number;
  took: boolean;
  cards: Array<{ id: number; face: Face }>;
}

/** One line of a score explained (scoring.explain). */
export interface ScoreLine {
  kind: "number" | "zero" | "factorial" | "cjv";
  value: number | null;
  groups: Group[];
  points: number;
  times: number;
  zeros: number;
  sheldons?: number;
  total: number;
}

export interface Standing {
  seat: number;
  place: number;
  points: number;
  pairs: number;
  sheldons: number;
}

export interface MaResult {
  scored: boolean;
  standings: Standing[];
  points: number[];
  explained: ScoreLine[][];
}

export interface MaView {
  game: string;
  seat: number;
  over: boolean;
  turn: number[];
  started: boolean;
  variant: string;
  cjv: boolean;
  faktorial: boolean;
  scored: boolean;
  order: number[];
  ritual: RitualDraw[][] | null;
  cards: MaCard[];
  up: number[];
  last: LastTurn | null;
  choosing: boolean;
  players: MaPlayer[];
  remaining: number;
  actions: string[];
  result: MaResult | null;
}

/** The names at a table, by seat. */
export type SeatNames = string[];
