// Tiles on screen: their names for a screen reader ("červená 7", "žolík"), the two orders
// of the rack (by colour, by number) and a tile's code for the engine's set reader. Display
// only: which tiles make a set is the engine's (engine.ts asks it).
import { t } from "../../i18n";
import type { Tile } from "./types";

export const JOKER = "J";
const COLOURS = 4;
const NUMBERS = 13;

export function isJoker(tile: Tile): tile is "J" {
  return tile === JOKER;
}

/** "červená 7" / "red 7", "žolík" / "joker". */
export function tileName(tile: Tile): string {
  return isJoker(tile) ? t("zk.tile.joker") : `${t(`zk.colour.${tile[0]}`)} ${tile[1]}`;
}

/** The engine's own code of a tile (klubovna/games/zoliky_s_kameny/tiles.py: colour * 13 +
 *  number - 1, the joker 52), for the helpers that take tiles in that form. */
export function tileCode(tile: Tile): number {
  return isJoker(tile) ? COLOURS * NUMBERS : tile[0] * NUMBERS + tile[1] - 1;
}

export function sameTile(a: Tile, b: Tile): boolean {
  return isJoker(a) ? isJoker(b) : !isJoker(b) && a[0] === b[0] && a[1] === b[1];
}

export type RackOrder = "colour" | "number";

/** A sort key: by colour then number, or by number then colour; jokers last either way
 *  (above every tile's key: by number, a 13 is 1303). */
function orderKey(tile: Tile, order: RackOrder): number {
  if (isJoker(tile)) return 10_000;
  return order === "colour" ? tile[0] * 100 + tile[1] : tile[1] * 100 + tile[0];
}

export function sortTiles<T>(items: T[], tileOf: (item: T) => Tile, order: RackOrder): T[] {
  return [...items].sort((a, b) => orderKey(tileOf(a), order) - orderKey(tileOf(b), order));
}
