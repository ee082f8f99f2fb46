// The player's unconfirmed turn: the table and the rack as they are being edited, one edit
// at a time, with undo and the start of the turn kept. Every tile on screen is a piece with
// an id (two copies of a tile are two pieces); a piece from the rack is `own` until the turn
// is confirmed, and only own pieces may go back to the rack. Nothing here judges a set: the
// engine does (engine.ts for live marks, the confirmed play itself).
import type { Tile } from "./types";

export interface Piece {
  id: string;
  tile: Tile;
  /** Came from this player's rack in this turn (may go back to the rack). */
  own: boolean;
}

export interface TableSet {
  id: string;
  pieces: Piece[];
}

export interface Draft {
  sets: TableSet[];
  rack: Piece[];
}

/** The turn as it starts: the view's table and rack as pieces. */
export function startDraft(table: Tile[][], rack: Tile[]): Draft {
  return {
    sets: table.map((tiles, s) => ({
      id: `s${s}`,
      pieces: tiles.map((tile, i) => ({ id: `t${s}.${i}`, tile, own: false })),
    })),
    rack: rack.map((tile, i) => ({ id: `r${i}`, tile, own: true })),
  };
}

/** The new table of a play action. */
export function tableOf(draft: Draft): Tile[][] {
  return draft.sets.map((set) => set.pieces.map((piece) => piece.tile));
}

/** Whether any tile of the rack is on the table (something to confirm). */
export function laidAny(draft: Draft): boolean {
  return draft.sets.some((set) => set.pieces.some((piece) => piece.own));
}

/** `draft` with the pieces `ids` taken out of the rack and the sets (emptied sets go). */
function without(draft: Draft, ids: Set<string>): { draft: Draft; taken: Piece[] } {
  const taken: Piece[] = [];
  const keep = (piece: Piece) => {
    if (!ids.has(piece.id)) return true;
    taken.push(piece);
    return false;
  };
  const rack = draft.rack.filter(keep);
  const sets = draft.sets
    .map((set) => ({ ...set, pieces: set.pieces.filter(keep) }))
    .filter((set) => set.pieces.length > 0);
  return { draft: { sets, rack }, taken };
}

/** An id no set of `sets` has ("n1", "n2"…: a turn restored after a reload goes on
 *  from its own sets' ids). */
function freshId(sets: TableSet[]): string {
  const used = sets.map((set) => (set.id.startsWith("n") ? Number(set.id.slice(1)) : 0));
  return `n${Math.max(0, ...used) + 1}`;
}

/** The selected pieces as a new set at the end of the table. */
export function newSet(draft: Draft, ids: string[]): Draft {
  const { draft: rest, taken } = without(draft, new Set(ids));
  if (taken.length === 0) return draft;
  return { ...rest, sets: [...rest.sets, { id: freshId(draft.sets), pieces: taken }] };
}

/** The selected pieces added to the set `setId` (not one of its own pieces again). */
export function addTo(draft: Draft, setId: string, ids: string[]): Draft {
  const target = draft.sets.find((set) => set.id === setId);
  if (!target) return draft;
  const moving = ids.filter((id) => !target.pieces.some((piece) => piece.id === id));
  const { draft: rest, taken } = without(draft, new Set(moving));
  if (taken.length === 0) return draft;
  return { ...rest, sets: rest.sets.map((set) => (set.id === setId ? { ...set, pieces: [...set.pieces, ...taken] } : set)) };
}

/** The selected own pieces back on the rack (others stay where they are). */
export function toRack(draft: Draft, ids: string[]): Draft {
  const own = ids.filter((id) => draft.sets.some((set) => set.pieces.some((p) => p.id === id && p.own)));
  const { draft: rest, taken } = without(draft, new Set(own));
  if (taken.length === 0) return draft;
  return { ...rest, rack: [...rest.rack, ...taken] };
}

/** A whole new table (a hint's): its tiles taken from the turn's start, the table's pieces
 *  first, then the rack's; null when the start has not got them. */
export function arranged(start: Draft, table: Tile[][], same: (a: Tile, b: Tile) => boolean): Draft | null {
  const free = [...start.sets.flatMap((set) => set.pieces), ...start.rack];
  const sets: TableSet[] = [];
  for (const tiles of table) {
    const pieces: Piece[] = [];
    for (const tile of tiles) {
      const at = free.findIndex((piece) => same(piece.tile, tile));
      if (at < 0) return null;
      pieces.push(free.splice(at, 1)[0]);
    }
    sets.push({ id: freshId(sets), pieces });
  }
  if (free.some((piece) => !piece.own)) return null; // a table tile would go back to the rack
  return { sets, rack: free };
}

/** Whether `draft` differs from `start`: another set of pieces in some set, or another rack
 *  (a set's order and the sets' order aside: the engine reads a table so). Edits that end
 *  where the turn began change nothing. */
export function differs(start: Draft, draft: Draft): boolean {
  const shape = (d: Draft) => {
    const sets = d.sets.map((set) => set.pieces.map((piece) => piece.id).sort().join(" ")).sort();
    return JSON.stringify([sets, d.rack.map((piece) => piece.id).sort()]);
  };
  return draft !== start && shape(draft) !== shape(start);
}

/** An unconfirmed turn: the start, the edits so far (the last is on screen). */
export interface Turn {
  /** The table version the turn starts from (a newer view starts a new turn). */
  version: number;
  seat: number;
  start: Draft;
  edits: Draft[];
}

export function current(turn: Turn): Draft {
  return turn.edits[turn.edits.length - 1] ?? turn.start;
}

/** The turn after one more edit (an edit that changes nothing is not one). */
export function edited(turn: Turn, next: Draft): Turn {
  return next === current(turn) ? turn : { ...turn, edits: [...turn.edits, next] };
}

export function undone(turn: Turn): Turn {
  return { ...turn, edits: turn.edits.slice(0, -1) };
}

export function restored(turn: Turn): Turn {
  return { ...turn, edits: [] };
}

/** Whether a saved turn is one a view's own turn can go on with (same version, seat,
 *  table and rack). */
export function fits(turn: unknown, version: number, seat: number, start: Draft): turn is Turn {
  const saved = turn as Turn | null;
  return (
    saved !== null && typeof saved === "object" && saved.version === version && saved.seat === seat &&
    Array.isArray(saved.edits) && JSON.stringify(saved.start) === JSON.stringify(start)
  );
}
