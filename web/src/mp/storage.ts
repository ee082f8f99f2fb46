// What the Matematický poker page keeps in the browser: the last setup and the preview
// switch (localStorage, per device) and the running game (sessionStorage, per tab): a server
// game's ticket, or a local game's snapshot (net/local.ts keeps it up to date).
import type { TableTicket } from "../net/protocol";
import { local, localTableSlot, read, session, write } from "../storage";
import { MODES, TABLES, type Setup } from "./types";

const SETUP_KEY = "klubovna.mp.setup";
const PREVIEW_KEY = "klubovna.mp.preview";
const TICKET_KEY = "klubovna.mp.table";
const LOCAL_KEY = "klubovna.mp.local";

export const DEFAULT_SETUP: Setup = { mode: "easy", table: "adjacent", seconds: "30" };

export function loadSetup(): Setup {
  try {
    const saved = JSON.parse(read(local, SETUP_KEY) ?? "null") as Partial<Setup> | null;
    if (!saved) return DEFAULT_SETUP;
    return {
      mode: MODES.includes(saved.mode as Setup["mode"]) ? (saved.mode as Setup["mode"]) : DEFAULT_SETUP.mode,
      table: TABLES.includes(saved.table as Setup["table"]) ? (saved.table as Setup["table"]) : DEFAULT_SETUP.table,
      seconds: typeof saved.seconds === "string" ? saved.seconds : DEFAULT_SETUP.seconds,
    };
  } catch {
    return DEFAULT_SETUP;
  }
}

export function saveSetup(setup: Setup): void {
  write(local, SETUP_KEY, JSON.stringify(setup));
}

export function loadPreview(): boolean {
  return read(local, PREVIEW_KEY) !== "off";
}

export function savePreview(on: boolean): void {
  write(local, PREVIEW_KEY, on ? "on" : "off");
}

/** A server game of this tab: enough to reopen its socket after a reload. */
export interface SavedTable {
  ticket: TableTicket;
  lastSeq: number;
}

export function loadTable(): SavedTable | null {
  try {
    const saved = JSON.parse(read(session, TICKET_KEY) ?? "null") as SavedTable | null;
    if (saved?.ticket?.kind === "remote" && typeof saved.ticket.table === "string"
        && typeof saved.ticket.key === "string" && typeof saved.lastSeq === "number") return saved;
  } catch {
    /* a broken entry is as good as none */
  }
  return null;
}

export function saveTable(saved: SavedTable | null): void {
  write(session, TICKET_KEY, saved === null ? null : JSON.stringify(saved));
}

const localTable = localTableSlot(LOCAL_KEY);
/** The local game of this tab (see storage.ts). */
export const loadLocalTable = localTable.load;
export const saveLocalTable = localTable.save;
