// One turn's edits on Žolíky's table and rack (edit.ts): which pieces move where, what may
// go back to the rack, undo and restore, and a saved turn after a reload.
import { describe, expect, it } from "vitest";
import {
  addTo,
  arranged,
  current,
  differs,
  edited,
  fits,
  laidAny,
  newSet,
  restored,
  startDraft,
  tableOf,
  toRack,
  undone,
  type Draft,
  type Piece,
  type Turn,
} from "./edit";
import { sameTile } from "./tiles";

type Tile = Piece["tile"];
const red = (n: number): Tile => [0, n];
const blue = (n: number): Tile => [1, n];

/** A table with one run (red 1 2 3) and a rack of blue 4, red 4, a joker. */
function start(): Draft {
  return startDraft([[red(1), red(2), red(3)]], [blue(4), red(4), "J"]);
}

const ids = (pieces: Piece[]) => pieces.map((piece) => piece.id);

describe("startDraft", () => {
  it("makes the table's tiles fixed pieces and the rack's own pieces, each with its own id", () => {
    const draft = start();
    expect(draft.sets).toHaveLength(1);
    expect(draft.sets[0].id).toBe("s0");
    expect(ids(draft.sets[0].pieces)).toEqual(["t0.0", "t0.1", "t0.2"]);
    expect(draft.sets[0].pieces.every((piece) => !piece.own)).toBe(true);
    expect(ids(draft.rack)).toEqual(["r0", "r1", "r2"]);
    expect(draft.rack.every((piece) => piece.own)).toBe(true);
  });

  it("gives two copies of one tile two pieces", () => {
    const draft = startDraft([], [red(5), red(5)]);
    expect(new Set(ids(draft.rack)).size).toBe(2);
  });

  it("round-trips through tableOf", () => {
    expect(tableOf(start())).toEqual([[red(1), red(2), red(3)]]);
  });
});

describe("newSet", () => {
  it("takes the chosen pieces out of the rack into a new set at the end", () => {
    const draft = newSet(start(), ["r1", "r2"]);
    expect(ids(draft.rack)).toEqual(["r0"]);
    expect(draft.sets).toHaveLength(2);
    expect(draft.sets[1].id).toBe("n1");
    expect(tableOf(draft)[1]).toEqual([red(4), "J"]);
    expect(laidAny(draft)).toBe(true);
  });

  it("drops a set emptied by the move and gives the next new set a fresh id", () => {
    const once = newSet(start(), ["r0"]);
    const twice = newSet(once, ["t0.0", "t0.1", "t0.2"]);
    expect(twice.sets.map((set) => set.id)).toEqual(["n1", "n2"]);
    expect(tableOf(twice)).toEqual([[blue(4)], [red(1), red(2), red(3)]]);
  });

  it("changes nothing (the same draft) for unknown ids", () => {
    const draft = start();
    expect(newSet(draft, ["nope"])).toBe(draft);
  });
});

describe("addTo", () => {
  it("appends the chosen pieces to the set", () => {
    const draft = addTo(start(), "s0", ["r1"]);
    expect(tableOf(draft)).toEqual([[red(1), red(2), red(3), red(4)]]);
    expect(ids(draft.rack)).toEqual(["r0", "r2"]);
  });

  it("does not add a set's own piece to it again", () => {
    const draft = start();
    expect(addTo(draft, "s0", ["t0.1"])).toBe(draft);
    const moved = addTo(draft, "s0", ["t0.1", "r2"]);
    expect(ids(moved.sets[0].pieces)).toEqual(["t0.0", "t0.1", "t0.2", "r2"]);
  });

  it("changes nothing for a set that is not there", () => {
    const draft = start();
    expect(addTo(draft, "s9", ["r0"])).toBe(draft);
  });
});

describe("toRack", () => {
  it("brings own pieces back and leaves the table's where they are", () => {
    const laid = addTo(start(), "s0", ["r1"]);
    const back = toRack(laid, ["r1", "t0.0"]);
    expect(ids(back.rack)).toEqual(["r0", "r2", "r1"]);
    expect(ids(back.sets[0].pieces)).toEqual(["t0.0", "t0.1", "t0.2"]);
    expect(laidAny(back)).toBe(false);
  });

  it("refuses a table piece alone (the same draft)", () => {
    const draft = start();
    expect(toRack(draft, ["t0.2"])).toBe(draft);
  });
});

describe("arranged", () => {
  it("builds a hint's table from the turn's start, table pieces first", () => {
    const hint = arranged(start(), [[red(1), red(2), red(3), red(4)]], sameTile);
    expect(hint).not.toBeNull();
    expect(ids(hint!.sets[0].pieces)).toEqual(["t0.0", "t0.1", "t0.2", "r1"]);
    expect(ids(hint!.rack)).toEqual(["r0", "r2"]);
  });

  it("is null when the start has not got a tile of the table", () => {
    expect(arranged(start(), [[red(1), red(2), red(3)], [blue(9)]], sameTile)).toBeNull();
  });

  it("is null when a table tile would go back to the rack", () => {
    expect(arranged(start(), [[red(2), red(3), red(4)]], sameTile)).toBeNull();
  });
});

describe("differs", () => {
  it("is false for edits that end where the turn began", () => {
    const begin = start();
    const there = newSet(begin, ["r0"]);
    const back = toRack(there, ["r0"]);
    expect(back).not.toBe(begin);
    expect(differs(begin, back)).toBe(false);
  });

  it("ignores the order within a set and of the sets", () => {
    const begin = startDraft([[red(1), red(2), red(3)], [blue(1), blue(2), blue(3)]], []);
    const swapped: Draft = { rack: [], sets: [...begin.sets].reverse().map((set) => ({ ...set, pieces: [...set.pieces].reverse() })) };
    expect(differs(begin, swapped)).toBe(false);
  });

  it("is true once a piece is somewhere else", () => {
    const begin = start();
    expect(differs(begin, addTo(begin, "s0", ["r1"]))).toBe(true);
  });
});

describe("a turn's edits", () => {
  const turn = (): Turn => ({ version: 7, seat: 1, start: start(), edits: [] });

  it("shows the last edit, undoes it and restores the start", () => {
    let t = turn();
    expect(current(t)).toBe(t.start);
    const first = newSet(current(t), ["r0"]);
    t = edited(t, first);
    const second = addTo(current(t), "s0", ["r1"]);
    t = edited(t, second);
    expect(current(t)).toBe(second);
    expect(current(undone(t))).toBe(first);
    expect(current(undone(undone(t)))).toBe(t.start);
    expect(current(restored(t))).toBe(t.start);
    expect(undone(turn()).edits).toEqual([]);
  });

  it("does not count an edit that changes nothing", () => {
    const t = turn();
    expect(edited(t, current(t))).toBe(t);
    expect(edited(t, toRack(current(t), ["t0.0"]))).toBe(t);
  });

  it("fits a saved turn only to the same version, seat, table and rack", () => {
    const saved = JSON.parse(JSON.stringify(edited(turn(), newSet(start(), ["r0"])))) as unknown;
    expect(fits(saved, 7, 1, start())).toBe(true);
    expect(fits(saved, 8, 1, start())).toBe(false);
    expect(fits(saved, 7, 0, start())).toBe(false);
    expect(fits(saved, 7, 1, startDraft([[red(1), red(2), red(3)]], [blue(4), red(4)]))).toBe(false);
    expect(fits(null, 7, 1, start())).toBe(false);
    expect(fits({ version: 7, seat: 1, start: start() }, 7, 1, start())).toBe(false);
  });

  it("goes on from a restored turn's own new sets without reusing their ids", () => {
    const saved = JSON.parse(JSON.stringify(newSet(newSet(start(), ["r0"]), ["r1"]))) as Draft;
    expect(saved.sets.map((set) => set.id)).toEqual(["s0", "n1", "n2"]);
    expect(newSet(saved, ["r2"]).sets.map((set) => set.id)).toEqual(["s0", "n1", "n2", "n3"]);
  });
});
