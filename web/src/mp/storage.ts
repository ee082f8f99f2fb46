// What the Matematický poker page keeps in the browser: the last setup and the preview
// switch (localStorage, per device) and the running game (sessionStorage, per tab): a server
// game's ticket, or a local game's snapshot (net/local.ts keeps it up to date).
import type { TableTicket } from "../net/protocol";
import { MODES, TABLES, type Setup } from "./types";

const SETUP_KEY = "klubovna.mp.setup";
const PREVIEW_KEY = "klubovna.mp.preview";
const TICKET_KEY = "klubovna.mp.table";
const LOCAL_KEY = "klubovna.mp.local";

export const DEFAULT_SETUP: Setup = { mode: "easy", table: "adjacent", seconds: "30" };

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null; // storage disabled
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    /* storage disabled: the choice lasts for this page */
  }
}

const local = () => localStorage;
const session = () => sessionStorage;

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

/** A local game of this tab: the engine's snapshot of the table (JSON text with its request,
 *  seed, key hash and log) and the seat's key, to rebuild it in the worker after a reload. */
export interface SavedLocalTable {
  key: string;
  snapshot: string;
}

export function loadLocalTable(): SavedLocalTable | null {
  try {
    const saved = JSON.parse(read(session, LOCAL_KEY) ?? "null") as SavedLocalTable | null;
    if (typeof saved?.key === "string" && typeof saved.snapshot === "string") return saved;
  } catch {
    /* a broken entry is as good as none */
  }
  return null;
}

export function saveLocalTable(saved: SavedLocalTable | null): void {
  write(session, LOCAL_KEY, saved === null ? null : JSON.stringify(saved));
}
