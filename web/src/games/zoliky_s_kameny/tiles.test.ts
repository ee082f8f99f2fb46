// Žolíky's tiles on screen (tiles.ts): their names in both languages, the engine's codes,
// and the rack's two orders.
import { afterEach, describe, expect, it } from "vitest";
import { addCatalogue } from "../../i18n";
import { switchLanguage } from "../../testing/language";
import { zk } from "./i18n";
import type { Piece } from "./edit";
import { isJoker, sameTile, sortTiles, tileCode, tileName } from "./tiles";

type Tile = Piece["tile"];
addCatalogue(zk);
afterEach(() => switchLanguage("cs"));

describe("tileName", () => {
  it("names a tile by its colour and number, and the joker, in Czech and English", () => {
    switchLanguage("cs");
    expect(tileName([0, 7])).toBe(`${zk.cs["zk.colour.0"]} 7`);
    expect(tileName("J")).toBe(zk.cs["zk.tile.joker"]);
    switchLanguage("en");
    expect(tileName([3, 13])).toBe(`${zk.en["zk.colour.3"]} 13`);
    expect(tileName("J")).toBe(zk.en["zk.tile.joker"]);
  });

  it("has a name for each of the four colours, different in each language", () => {
    for (const lang of ["cs", "en"] as const) {
      switchLanguage(lang);
      const names = [0, 1, 2, 3].map((colour) => tileName([colour, 1]));
      expect(new Set(names).size).toBe(4);
      expect(names.every((name) => !name.includes("zk."))).toBe(true);
    }
  });
});

describe("tileCode", () => {
  it("is the engine's colour * 13 + number - 1, the joker 52", () => {
    expect(tileCode([0, 1])).toBe(0);
    expect(tileCode([0, 13])).toBe(12);
    expect(tileCode([1, 1])).toBe(13);
    expect(tileCode([3, 13])).toBe(51);
    expect(tileCode("J")).toBe(52);
  });

  it("gives the 52 numbered tiles 52 different codes", () => {
    const codes = new Set<number>();
    for (let colour = 0; colour < 4; colour++) for (let n = 1; n <= 13; n++) codes.add(tileCode([colour, n]));
    expect([...codes].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
  });
});

describe("sameTile and isJoker", () => {
  it("tell tiles apart by colour and number, and the joker from all", () => {
    expect(sameTile([2, 5], [2, 5])).toBe(true);
    expect(sameTile([2, 5], [1, 5])).toBe(false);
    expect(sameTile([2, 5], [2, 6])).toBe(false);
    expect(sameTile("J", "J")).toBe(true);
    expect(sameTile("J", [0, 1])).toBe(false);
    expect(sameTile([0, 1], "J")).toBe(false);
    expect(isJoker("J")).toBe(true);
    expect(isJoker([0, 1])).toBe(false);
  });
});

describe("sortTiles", () => {
  const rack: Tile[] = ["J", [1, 3], [0, 12], [1, 1], [0, 3]];

  it("orders by colour, then number, jokers last", () => {
    expect(sortTiles(rack, (tile) => tile, "colour")).toEqual([[0, 3], [0, 12], [1, 1], [1, 3], "J"]);
  });

  it("orders by number, then colour, jokers last", () => {
    expect(sortTiles(rack, (tile) => tile, "number")).toEqual([[1, 1], [0, 3], [1, 3], [0, 12], "J"]);
  });

  it("sorts items by their tile and leaves the given list alone", () => {
    const pieces = rack.map((tile, i) => ({ id: `r${i}`, tile }));
    const sorted = sortTiles(pieces, (piece) => piece.tile, "colour");
    expect(sorted.map((piece) => piece.id)).toEqual(["r4", "r2", "r3", "r1", "r0"]);
    expect(pieces.map((piece) => piece.id)).toEqual(["r0", "r1", "r2", "r3", "r4"]);
  });
});
