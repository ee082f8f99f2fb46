// The browser's storage for the pages: a storage that is switched off (private mode, a
// policy) reads as empty and forgets writes, so every page works without it.

export type Area = () => Storage;
/** Per device. */
export const local: Area = () => localStorage;
/** Per tab: what a reload needs to go on. */
export const session: Area = () => sessionStorage;

export function read(area: Area, key: string): string | null {
  try {
    return area().getItem(key);
  } catch {
    return null; // storage disabled
  }
}

/** Store `value` under `key`, or remove the key for null. */
export function write(area: Area, key: string, value: string | null): void {
  try {
    if (value === null) area().removeItem(key);
    else area().setItem(key, value);
  } catch {
    /* storage disabled: the choice lasts for this page */
  }
}

/** A local game of this tab: the engine's snapshot of the table (JSON text with its request,
 *  seed, key hash and log) and the seat's key, to rebuild it in the worker after a reload. */
export interface SavedLocalTable {
  key: string;
  snapshot: string;
}

/** Where one game keeps its local game: in this tab (the default) or, with `area` local, on
 *  this device (net/local.ts keeps it up to date). */
export function localTableSlot(key: string, area: Area = session): {
  load: () => SavedLocalTable | null;
  save: (saved: SavedLocalTable | null) => void;
} {
  return {
    load() {
      try {
        const saved = JSON.parse(read(area, key) ?? "null") as SavedLocalTable | null;
        if (typeof saved?.key === "string" && typeof saved.snapshot === "string") return saved;
      } catch {
        /* a broken entry is as good as none */
      }
      return null;
    },
    save(saved) {
      write(area, key, saved === null ? null : JSON.stringify(saved));
    },
  };
}
