// Žolíky s kameny's shapes: the engine's, generated from klubovna/games/zoliky_s_kameny/wire.py
// (wire.gen.ts, by the build), re-exported here under the names the folder uses, and the one
// shape of this folder's own.
export type { Tile, ZkAction, ZkPlayer, ZkResult, ZkStanding, ZkView } from "./wire.gen";

/** The names at a table, by seat. */
export type SeatNames = string[];
