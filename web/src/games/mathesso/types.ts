// Mathesso's shapes: the engine's, generated from klubovna/games/mathesso/wire.py (wire.gen.ts,
// by the build), re-exported here under the names the folder uses, and the one shape of this
// folder's own.
export type {
  Face,
  Group,
  LastTurn,
  MaAction,
  MaCard,
  MaPlayer,
  MaResult,
  MaView,
  RitualDraw,
  ScoreLine,
  ShownCard,
  Standing,
  TakenPair,
} from "./wire.gen";

/** The names at a table, by seat. */
export type SeatNames = string[];
