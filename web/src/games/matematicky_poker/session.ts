// One running Matematický poker game of this page (net/session.ts): besides the view, the
// last notice to show, and the unfinished server game kept for a reload (its ticket and
// last seq), forgotten once the game is over or gone.
import type { Action, TableConnection, TableTicket, ViewMessage } from "../../net/protocol";
import { LocalTable, resumeLocalTable } from "../../net/local";
import { RemoteTable } from "../../net/remote";
import { FATAL, TableSession, freshId } from "../../net/session";
import type { SavedLocalTable } from "../../storage";
import { saveLocalTable, saveTable, type SavedTable } from "./storage";
import type { MpView } from "./types";

export type { Failure } from "../../net/session";

export interface Note {
  id: number;
  key: string;
  params: Record<string, string | number>;
}

export class GameSession extends TableSession<MpView> {
  note: Note | null = null;
  private release: () => void;

  constructor(conn: TableConnection, private saved: SavedTable | null) {
    super(conn);
    this.release = holdGame(tableIdOf(conn));
  }

  /** Whether an action that takes a cell waits for the table's answer. Until it comes, a
   *  second tap must not place the next card, which the player has not seen yet. */
  get busy(): boolean {
    return this.awaitingAnswer;
  }

  act(action: Action): void {
    const seq = this.send(action, action.type !== "draw");
    if (this.saved) {
      this.saved.lastSeq = seq;
      saveTable(this.saved);
    }
  }

  close(): void {
    super.close();
    this.release();
  }

  /** Leave the game for good ("Nová hra"); resolves once the table has answered (or did not
   *  within LEAVE_MS). A server game then ends with its board as it is, recorded as an
   *  unfinished game; a local game is simply dropped. The caller closes the session. */
  async leave(): Promise<void> {
    if (this.kind === "local" || this.view?.over) return;
    this.saved = null; // the game is over for this page: nothing to resume
    await leaveTable(this.conn);
  }

  protected onView(message: ViewMessage): void {
    this.view = message.view as unknown as MpView;
    for (const event of message.events) {
      if (event.type === "forfeited") this.notify("mp.notice.forfeited", { value: Number(event.value) });
      else if (event.type === "kept" && event.expired === true) this.notify("mp.notice.kept.expired", {});
    }
    if (this.view.over && this.saved) {
      saveTable(null); // nothing left to resume
      this.saved = null;
    }
    this.changed();
  }

  protected onFatal(): void {
    saveTable(null);
    this.saved = null;
  }

  private notify(key: string, params: Record<string, string | number>): void {
    this.note = { id: freshId(), key, params };
  }
}

/** How long leaving waits for the server's answer before the page goes on without it (the
 *  game then stays unfinished on the server, as a closed tab leaves it). */
const LEAVE_MS = 5000;

/** Send `leave` and wait for the table's answer to it (its ack or its error). */
function leaveTable(conn: TableConnection): Promise<void> {
  return new Promise((resolve) => {
    let seq = -1;
    const done = () => {
      clearTimeout(timer);
      unlisten();
      resolve();
    };
    const timer = setTimeout(done, LEAVE_MS);
    const unlisten = conn.listen((message) => {
      if (message.t === "view" && message.ack !== undefined && message.ack >= seq) done();
      else if (message.t === "error" && (message.seq === seq || (message.seq === null && FATAL.has(message.code)))) done();
    });
    seq = conn.act({ type: "leave" });
  });
}

/** Leave the unfinished server game of another visit without showing it (the resume offer
 *  declined): the same `leave` as "Nová hra". */
export async function abandonSaved(saved: SavedTable): Promise<void> {
  const conn = new RemoteTable(saved.ticket, saved.lastSeq);
  try {
    await leaveTable(conn);
  } finally {
    conn.close();
  }
}

/** The table id of a connection: the server's, or the worker's local one. */
export function tableIdOf(conn: TableConnection): string | null {
  if (conn instanceof RemoteTable) return conn.ticket.table;
  if (conn instanceof LocalTable) return conn.table;
  return null;
}

// A tab that plays a game holds a Web Lock named after its table, so another tab can tell
// that the game it would offer again is open right now (browsers without Web Locks: never).
const LOCK_PREFIX = "klubovna.mp.game.";

function holdGame(table: string | null): () => void {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!table || !locks) return () => {};
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  locks.request(LOCK_PREFIX + table, () => held).catch(() => {});
  return release;
}

/** Whether another tab of this browser plays the game at `table` now. */
export async function playedElsewhere(table: string): Promise<boolean> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks) return false;
  try {
    const { held = [] } = await locks.query();
    return held.some((lock) => lock.name === LOCK_PREFIX + table);
  } catch {
    return false;
  }
}

/** The server ticket of a connection opened by openTable, to resume it after a reload;
 *  null for a local table. */
export function ticketOf(conn: TableConnection): TableTicket | null {
  return conn instanceof RemoteTable ? conn.ticket : null;
}

/** Reopen the unfinished server game of this device (after a reload, or in another tab). */
export function resumeSession(saved: SavedTable): GameSession {
  return new GameSession(new RemoteTable(saved.ticket, saved.lastSeq), saved);
}

/** Rebuild the unfinished local game of this device (the engine loads first; the game screen
 *  shows its loading state until the first view); a duel against the computer lets the
 *  computer move apart (`robotsApart`), as when it started. */
export function resumeLocalSession(saved: SavedLocalTable, robotsApart = false): GameSession {
  return new GameSession(resumeLocalTable(saved, saveLocalTable, false, { robotsApart }), null);
}
