// The shapes of Locus Poker's views as klubovna/games/locus_poker/view.py builds them.
// Shapes only: no rule lives here (every score on screen is the engine's).

/** A card: [rank 2..14 (14 the ace), suit 0..3]. */
export type Card = [number, number];

export type Face = "up" | "down";

/** What a move scores (or would score): the hand's points and its name (null: nothing), the
 *  bonus, their sum, and (the last move; a preview when the engine gives them) the cells
 *  whose cards make the hand. */
export interface Score {
  hand: number;
  name: string | null;
  bonus: number;
  score: number;
  cells?: number[];
}

export interface Move extends Score {
  seat: number;
  cell: number;
  face: Face;
}

export interface Chip {
  seat: number;
  face: Face;
}

export interface LpResult {
  reason: "full" | "left";
  winner: number | null;
  left: number | null;
  totals: number[];
}

export interface LpView {
  game: string;
  seat: number;
  over: boolean;
  turn: number[];
  started: boolean;
  round: number;
  starter: number;
  grid: string;
  cols: number;
  rows: number;
  cards: Card[];
  chips: Array<Chip | null>;
  totals: number[];
  chips_left: number[];
  /** Per cell what this seat would score there now, face up and face down (null: played). */
  preview: Array<{ up: Score; down: Score } | null>;
  actions: string[];
  moves: Move[];
  last: Move | null;
  result: LpResult | null;
}

/** The names at a table, by seat. */
export type SeatNames = string[];
