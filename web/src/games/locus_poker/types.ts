// Locus Poker's shapes: the engine's, generated from klubovna/games/locus_poker/wire.py
// (wire.gen.ts, by the build), re-exported here under the names the folder uses, and the one
// shape of this folder's own.
export type { Card, Chip, Face, LpAction, LpResult, LpStanding, LpView, Move, Preview, Score } from "./wire.gen";

/** The names at a table, by seat. */
export type SeatNames = string[];
