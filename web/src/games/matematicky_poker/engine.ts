// Matematický poker's own calls into the engine worker (the helper pages): its Python
// functions, run by the worker's generic gameCall; the rules stay in Python.
import { gameCall } from "../../worker/client";
import type { ScoringTable } from "./types";

/** `score_board(cells, table)` of klubovna.games.matematicky_poker: each line's points and
 *  the total. */
export async function scoreBoard(cells: Array<number | null>, table: ScoringTable): Promise<{ lines: number[]; total: number }> {
  const [lines, total] = await gameCall<[number[], number]>("matematicky_poker", "score_board", cells, table);
  return { lines, total };
}

/** The 54-card deck (0 = joker, 1..13 numbers) shuffled by the engine's generator. */
export function shuffledDeck(seed: number): Promise<number[]> {
  return gameCall("matematicky_poker.state", "shuffled_deck", seed);
}
