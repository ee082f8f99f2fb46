// The page's side of the engine worker (Pyodide running the pure klubovna packages).
// CONTRACT ONLY for now: the engine-worker work fills in the bodies; callers code against
// these signatures.
import type { Action } from "../net/protocol";

export type ScoringTable = "adjacent" | "school" | "matematico";

export interface EngineState {
  phase: "idle" | "loading" | "ready" | "failed";
  /** 0..1 while loading. */
  progress: number;
  error?: string;
}

export function engineState(): EngineState {
  return { phase: "idle", progress: 0 };
}

/** Subscribe to engine state changes; returns the unsubscribe function. */
export function onEngineState(_listener: (state: EngineState) => void): () => void {
  return () => {};
}

/** Start the worker and load Pyodide + klubovna (idempotent); resolves when ready. */
export function loadEngine(): Promise<void> {
  return Promise.reject(new Error("engine worker not built yet"));
}

/** `score_board(cells, table)` of klubovna.games.matematicky_poker, run in the worker. */
export function scoreBoard(
  _cells: Array<number | null>,
  _table: ScoringTable,
): Promise<{ lines: number[]; total: number }> {
  return Promise.reject(new Error("engine worker not built yet"));
}

/** The 54-card deck (0 = joker, 1..13 numbers) shuffled by the engine's generator. */
export function shuffledDeck(_seed: number): Promise<number[]> {
  return Promise.reject(new Error("engine worker not built yet"));
}

export type { Action };
