// The coach's calls into the engine worker: klubovna.bots.matematicky_poker.coach, one move
// at a time (botCall), so the page shows how far the review is. Every estimate is Python's.
import { botCall } from "../../worker/client";
import type { ReplayData } from "../../replay/types";
import type { ScoringTable } from "./types";

const MODULE = "matematicky_poker.coach";

/** One placement as the coach reviews it (coach.py moves_of). */
interface CoachInput {
  step: number;
  board: Array<number | null>;
  card: number;
  cell: number;
  value: number;
  unseen: number[];
  /** Kept jokers still held beside it; a number in hand beside a kept joker played. */
  jokers: number;
  number: boolean;
}

/** A reviewed placement: the player's cell and value, the computer's, the points lost. */
export interface CoachMove {
  step: number;
  /** The card written was a joker (`value` the player's choice, `best_value` the bot's). */
  joker: boolean;
  cell: number;
  value: number;
  best_cell: number;
  best_value: number;
  loss: number;
}

export interface CoachReview {
  moves: CoachMove[];
  total: number;
  /** The steps of the (up to) three costliest moves, costliest first. */
  costliest: number[];
}

/** Review every placement of `data` (a finished solo game's replay) on `table`;
 *  `progress(done, count)` after each move. */
export async function review(
  data: ReplayData,
  table: ScoringTable,
  progress: (done: number, count: number) => void,
): Promise<CoachReview> {
  const inputs = await botCall<CoachInput[]>(MODULE, "moves_of", data);
  progress(0, inputs.length);
  const moves: CoachMove[] = [];
  for (const input of inputs) {
    moves.push(await botCall<CoachMove>(MODULE, "review_move", table, input));
    progress(moves.length, inputs.length);
  }
  const summary = await botCall<{ total: number; costliest: number[] }>(MODULE, "summary", moves);
  return { moves, ...summary };
}
