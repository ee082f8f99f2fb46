// What the Matematický poker page keeps in the browser, all per device (localStorage): the
// last setup, the preview switch and the unfinished game (a server game's ticket, or a local
// game's snapshot, which net/local.ts keeps up to date), so that closing the tab does not lose
// it. Which game this tab plays is marked per tab (sessionStorage): a reload of that tab goes
// straight back into it, any other tab offers it first (MpPage).
import type { TableTicket } from "../../net/protocol";
import { local, localTableSlot, read, session, write, type SavedLocalTable } from "../../storage";
import { LEVELS, MODES, TABLES, type Level, type Setup } from "./types";

const SETUP_KEY = "klubovna.mp.setup";
const PREVIEW_KEY = "klubovna.mp.preview";
const TICKET_KEY = "klubovna.mp.table";
const LOCAL_KEY = "klubovna.mp.local";
const CLAIM_KEY = "klubovna.mp.claim";

export const DEFAULT_SETUP: Setup = { mode: "easy", table: "adjacent", seconds: "30", level: "lehky" };

export function loadSetup(): Setup {
  try {
    const saved = JSON.parse(read(local, SETUP_KEY) ?? "null") as SetupFields | null;
    return saved ? setupOf(saved) : DEFAULT_SETUP;
  } catch {
    return DEFAULT_SETUP;
  }
}

/** What a stored setup or a table request may hold (anything: it is read back untrusted). */
export type SetupFields = Partial<Record<"mode" | "table" | "seconds" | "level", unknown>>;

/** The setup these fields name, each field that is missing or unknown from `fallback`. */
export function setupOf(fields: SetupFields, fallback: Setup = DEFAULT_SETUP): Setup {
  const { mode, table, seconds, level } = fields;
  return {
    mode: MODES.includes(mode as Setup["mode"]) ? (mode as Setup["mode"]) : fallback.mode,
    table: TABLES.includes(table as Setup["table"]) ? (table as Setup["table"]) : fallback.table,
    seconds: typeof seconds === "string" || typeof seconds === "number" ? String(seconds) : fallback.seconds,
    level: LEVELS.includes(level as Level) ? (level as Level) : fallback.level,
  };
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

/** The unfinished server game of this device: enough to reopen its socket. */
export interface SavedTable {
  ticket: TableTicket;
  lastSeq: number;
}

export function loadTable(): SavedTable | null {
  try {
    const saved = JSON.parse(read(local, TICKET_KEY) ?? "null") as SavedTable | null;
    if (saved?.ticket?.kind === "remote" && typeof saved.ticket.table === "string"
        && typeof saved.ticket.key === "string" && typeof saved.lastSeq === "number") return saved;
  } catch {
    /* a broken entry is as good as none */
  }
  return null;
}

export function saveTable(saved: SavedTable | null): void {
  write(local, TICKET_KEY, saved === null ? null : JSON.stringify(saved));
}

const localTable = localTableSlot(LOCAL_KEY, local);
/** The unfinished local game of this device (see storage.ts). */
export const loadLocalTable = localTable.load;
export const saveLocalTable = localTable.save;

/** The computer's level of a local game's snapshot (a duel against it); null for any other
 *  game or a snapshot that cannot be read. */
export function computerLevel(saved: SavedLocalTable): Level | null {
  try {
    const data = JSON.parse(saved.snapshot) as { request?: { variant?: unknown; robots?: Record<string, unknown> } };
    const level = data.request?.variant === "duel" ? data.request.robots?.["1"] : null;
    return LEVELS.includes(level as Level) ? (level as Level) : null;
  } catch {
    return null;
  }
}

/** The table id of a local game's snapshot; null when it cannot be read. */
export function localTableId(saved: SavedLocalTable): string | null {
  try {
    const id = (JSON.parse(saved.snapshot) as { id?: unknown }).id;
    return typeof id === "string" ? id : null;
  } catch {
    return null;
  }
}

/** Whether this tab plays the game at `table` (it started or resumed it; a reload keeps it). */
export function claimed(table: string | null | undefined): boolean {
  return !!table && read(session, CLAIM_KEY) === table;
}

/** Mark the game this tab plays (null: none). */
export function claim(table: string | null): void {
  write(session, CLAIM_KEY, table);
}
