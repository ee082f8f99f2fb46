// Matematický poker's own calls into the engine worker (the helper pages and the coach):
// the functions it offers the browser (klubovna/games/matematicky_poker/browser.py and its
// coach's, typed by the generated Browser); the rules stay in Python.
import { engineCaller } from "../../worker/client";
import type { Browser, ScoringTable } from "./wire.gen";

/** The game's functions in the worker, by name (any other is refused). */
export const engine = engineCaller<Browser>("matematicky-poker");

/** Each line's points and the total of a board. */
export async function scoreBoard(cells: Array<number | null>, table: ScoringTable): Promise<{ lines: number[]; total: number }> {
  const [lines, total] = await engine("score_board", cells, table);
  return { lines, total };
}

/** The 54-card deck (0 = joker, 1..13 numbers) shuffled by the engine's generator. */
export function shuffledDeck(seed: number): Promise<number[]> {
  return engine("shuffled_deck", seed);
}
