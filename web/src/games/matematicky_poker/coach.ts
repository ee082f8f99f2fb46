// The coach's calls into the engine worker: klubovna.bots.matematicky_poker.coach through
// the functions it offers the browser (browser.py), one move at a time, so the page shows how
// far the review is. Every estimate is Python's.
import type { ReplayData } from "../../replay/types";
import { engine } from "./engine";
import type { CoachMove, ScoringTable } from "./wire.gen";

export type { CoachMove } from "./wire.gen";

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
  const inputs = await engine("moves_of", data);
  progress(0, inputs.length);
  const moves: CoachMove[] = [];
  for (const input of inputs) {
    moves.push(await engine("review_move", table, input));
    progress(moves.length, inputs.length);
  }
  const summary = await engine("summary", moves);
  return { moves, ...summary };
}
