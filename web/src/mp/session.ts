// One running game of this page: the table connection, the latest view, the offset of the
// table's clock, and the last notice and error to show. It listens from the moment the
// table opens, so no message is lost before the game screen has mounted.
import type { Action, ServerMessage, TableConnection, TableTicket } from "../net/protocol";
import { resumeLocalTable } from "../net/local";
import { RemoteTable } from "../net/remote";
import type { SavedLocalTable } from "../storage";
import { saveTable, type SavedTable } from "./storage";
import type { MpView } from "./types";

export interface Note {
  id: number;
  key: string;
  params: Record<string, string | number>;
}

export interface Failure {
  id: number;
  code: string;
  message: string;
}

/** Codes after which a resumed table cannot be played: the page goes back to the setup. */
const FATAL = new Set(["unknown_table", "bad_key"]);

let nextId = 0;

export class GameSession {
  view: MpView | null = null;
  /** The table's clock minus ours (ms), from the latest message's `now`. */
  offset = 0;
  note: Note | null = null;
  error: Failure | null = null;
  /** Set when the table is gone (a resumed game the server no longer knows). */
  fatal: Failure | null = null;
  private listeners = new Set<() => void>();
  private awaiting: number | null = null;
  private unlisten: () => void;

  constructor(readonly conn: TableConnection, private saved: SavedTable | null) {
    this.unlisten = conn.listen((message) => this.receive(message));
  }

  get kind(): "remote" | "local" {
    return this.conn.kind;
  }

  /** Whether an action that takes a cell waits for the table's answer. Until it comes, a
   *  second tap must not place the next card, which the player has not seen yet. */
  get busy(): boolean {
    return this.awaiting !== null;
  }

  act(action: Action): void {
    const seq = this.conn.act(action);
    if (action.type !== "draw") this.awaiting = seq;
    if (this.saved) {
      this.saved.lastSeq = seq;
      saveTable(this.saved);
    }
  }

  /** Re-run `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  close(): void {
    this.unlisten();
    this.conn.close();
    this.listeners.clear();
  }

  private receive(message: ServerMessage): void {
    if ("now" in message) this.offset = message.now - Date.now();
    const answered = message.t === "view" ? message.ack : message.t === "error" ? message.seq : null;
    if (this.awaiting !== null && answered != null && answered >= this.awaiting) this.awaiting = null;
    if (message.t === "view") {
      this.view = message.view as unknown as MpView;
      for (const event of message.events) {
        if (event.type === "forfeited") this.notify("mp.notice.forfeited", { value: Number(event.value) });
        else if (event.type === "kept" && event.expired === true) this.notify("mp.notice.kept.expired", {});
      }
      if (this.view.over && this.saved) {
        saveTable(null); // nothing left to resume
        this.saved = null;
      }
    } else if (message.t === "error") {
      const failure = { id: ++nextId, code: message.code, message: message.message };
      if (message.seq === null && FATAL.has(message.code)) {
        this.fatal = failure;
        saveTable(null);
        this.saved = null;
      } else {
        this.error = failure;
      }
    }
    this.listeners.forEach((listener) => listener());
  }

  private notify(key: string, params: Record<string, string | number>): void {
    this.note = { id: ++nextId, key, params };
  }
}

/** The server ticket of a connection opened by openTable, to resume it after a reload;
 *  null for a local table. */
export function ticketOf(conn: TableConnection): TableTicket | null {
  return conn instanceof RemoteTable ? conn.ticket : null;
}

/** Reopen the server game this tab was playing before a reload. */
export function resumeSession(saved: SavedTable): GameSession {
  return new GameSession(new RemoteTable(saved.ticket, saved.lastSeq), saved);
}

/** Rebuild the local game this tab was playing before a reload (the engine loads first; the
 *  game screen shows its loading state until the first view). */
export function resumeLocalSession(saved: SavedLocalTable): GameSession {
  return new GameSession(resumeLocalTable(saved), null);
}
