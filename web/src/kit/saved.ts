// What a game's pages keep in this browser, made one way for every game: a setting read
// back through the game's own check (a broken or outdated entry reads as the game's
// default), and a saved local game per mode. Storage switched off (private mode) reads as
// empty and forgets writes (../storage.ts), so a page works without it.
import { local, localTableSlot, read, write, type Area, type SavedLocalTable } from "../storage";

export type { SavedLocalTable } from "../storage";

/** One value kept under `key`: `clean` turns whatever is stored (null when nothing, or when
 *  it is not JSON) into a value the game accepts. */
export interface Stored<T> {
  load(): T;
  save(value: T): void;
}

export function stored<T>(key: string, clean: (raw: unknown) => T, area: Area = local): Stored<T> {
  return {
    load() {
      let raw: unknown = null;
      try {
        raw = JSON.parse(read(area, key) ?? "null");
      } catch {
        /* a broken entry is as good as none */
      }
      return clean(raw);
    },
    save(value) {
      write(area, key, value === null ? null : JSON.stringify(value));
    },
  };
}

/** Where one mode's game is kept for a reload (net/local.ts keeps it up to date); null
 *  forgets it. */
export interface TableSlot {
  load(): SavedLocalTable | null;
  save(saved: SavedLocalTable | null): void;
}

/** The saved games of a game's modes, each under `${prefix}.${mode}` (the keys the pages
 *  have always used, so a game saved before stays). */
export function modeSlots<M extends string>(prefix: string, area: Area = local): (mode: M) => TableSlot {
  return (mode) => localTableSlot(`${prefix}.${mode}`, area);
}

/** `value` when it is a whole number from `from` up to `to` (both included), else `fallback`. */
export function wholeIn(value: unknown, from: number, to: number, fallback: number): number {
  return typeof value === "number" && Number.isInteger(value) && value >= from && value <= to ? value : fallback;
}
