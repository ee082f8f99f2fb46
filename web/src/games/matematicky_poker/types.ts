// Matematický poker's shapes: the engine's, generated from
// klubovna/games/matematicky_poker/wire.py (wire.gen.ts, by the build) and re-exported here
// under the names the folder uses, and the setup the player chooses. Shapes only: every rule
// stays in the Python engine.
import type { Mode, ScoringTable } from "./wire.gen";

export type { Hand, JokerHand, Mode, MpAction, MpResult, MpView, NumberHand, ScoringTable } from "./wire.gen";

export const MODES: Mode[] = ["easy", "hard"];
export const TABLES: ScoringTable[] = ["adjacent", "school", "matematico"];
/** The computer player's levels: the names of its bots (klubovna/bots/matematicky_poker). */
export type Level = "lehky" | "stredni" | "tezky";
export const LEVELS: Level[] = ["lehky", "stredni", "tezky"];

export interface Setup {
  mode: Mode;
  table: ScoringTable;
  /** As typed: validated only when the game starts. */
  seconds: string;
  /** The computer's level, for a duel against it. */
  level?: Level;
}

/** A joker value chosen and waiting for its cell: the one in hand, or a kept one. */
export interface PendingJoker {
  source: "hand" | "kept";
  value: number;
}

/** The twelve lines in the engine's order: rows 1–5, columns 1–5, main, anti-diagonal. */
export function lineName(index: number, t: (key: string, params?: Record<string, string | number>) => string): string {
  if (index < 5) return t("mp.line.row", { n: index + 1 });
  if (index < 10) return t("mp.line.col", { n: index - 4 });
  return t(index === 10 ? "mp.line.main" : "mp.line.anti");
}
