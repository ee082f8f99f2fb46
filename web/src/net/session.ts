// One running game on screen, whatever the game: the table connection, the latest view, the
// offset of the table's clock, the last refusal and a fatal error, and whether an action
// waits for its answer. It listens from the moment the table opens, so no message is lost
// before the game screen has mounted. Each game's session extends it with what it shows
// (games/matematicky_poker/session.ts, games/kostkovy_poker/session.ts).
import { exposeForTests } from "../worker/client";
import type { ReplaySource } from "../replay/types";
import type { Action, ErrorMessage, ServerMessage, TableConnection, ViewMessage } from "./protocol";

export interface Failure {
  id: number;
  code: string;
  message: string;
}

/** Codes after which a resumed table cannot be played: the page goes back to the setup. */
export const FATAL = new Set(["unknown_table", "bad_key"]);

let nextId = 0;

/** A new id for a failure or a notice (screens tell a new one from the same one again). */
export function freshId(): number {
  return ++nextId;
}

export abstract class TableSession<V> {
  view: V | null = null;
  /** The table's clock minus ours (ms), from the latest message's `now`. */
  offset = 0;
  /** The last action the table refused. */
  error: Failure | null = null;
  /** Set when the table is gone (a resumed game the server no longer knows). */
  fatal: Failure | null = null;
  protected closed = false;
  private awaiting: number | null = null;
  private listeners = new Set<() => void>();
  private readonly unlisten: () => void;

  constructor(readonly conn: TableConnection) {
    this.unlisten = conn.listen((message) => this.receive(message));
    // A browser test may read the newest table's view and act as its screen would (a whole
    // round online in a few seconds, where clicking every move would take minutes).
    exposeForTests({ table: { view: () => this.view, act: (action: Action) => this.actForTest(action) } });
  }

  /** A browser test's move through the hook, sent as this screen's person would send it. */
  protected actForTest(action: Action): number {
    return this.send(action, true);
  }

  get kind(): "remote" | "local" {
    return this.conn.kind;
  }

  /** Where this screen's replay comes from (local: table and seat; remote: table and key);
   *  an end screen passes it to <ReplayButton>. */
  replaySource(): ReplaySource | null {
    return this.conn.replaySource?.() ?? null;
  }

  /** Whether an action waits for the table's answer (the screen holds the next one back). */
  protected get awaitingAnswer(): boolean {
    return this.awaiting !== null;
  }

  /** Send `action`; with `wait`, until the table answers it `awaitingAnswer` is true. */
  protected send(action: Action, wait: boolean): number {
    const seq = this.conn.act(action);
    if (wait) this.awaiting = seq;
    return seq;
  }

  /** Re-run `listener` after every change; returns the unsubscribe function. A table that
   *  failed for good before the listener came (a page subscribes in an effect, after its
   *  first render, and a busy machine let the server's answer in first) is told at once. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    if (this.fatal) queueMicrotask(() => this.listeners.has(listener) && listener());
    return () => void this.listeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    this.unlisten();
    this.conn.close();
    this.listeners.clear();
  }

  /** A view arrived; the game's session shows it (at once, or queued). */
  protected abstract onView(message: ViewMessage): void;

  /** The table is gone for good (FATAL), before `fatal` is set. */
  protected onFatal(): void {}

  protected changed(): void {
    this.listeners.forEach((listener) => listener());
  }

  private receive(message: ServerMessage): void {
    if (this.closed) return;
    if ("now" in message) this.offset = message.now - Date.now();
    const answered = message.t === "view" ? message.ack : message.t === "error" ? message.seq : null;
    if (this.awaiting !== null && answered != null && answered >= this.awaiting) this.awaiting = null;
    if (message.t === "view") return this.onView(message);
    if (message.t === "error") this.refused(message);
    this.changed();
  }

  private refused(message: ErrorMessage): void {
    const failure = { id: freshId(), code: message.code, message: message.message };
    if (message.seq === null && FATAL.has(message.code)) {
      this.onFatal();
      this.fatal = failure;
    } else {
      this.error = failure;
    }
  }
}
