// A table run by the engine worker in this browser (offline play): the same Python table
// the server runs, the same messages, nothing recorded anywhere. The running game survives a
// reload of the tab: after each change the worker's snapshot of the table is kept in
// sessionStorage (one local game per tab, like a server game's ticket) and resumeLocalTable
// rebuilds it. A game page may keep its snapshot under its own name (`save`): Kostkový poker
// does, so that its game and a Matematický poker game of the same tab do not meet.
import { Listeners, type Action, type ServerMessage, type TableConnection, type TableRequest } from "./protocol";
import { ApiError } from "./remote";
import { saveLocalTable } from "../games/matematicky_poker/storage";
import type { SavedLocalTable } from "../storage";
import {
  closeLocalTable,
  createLocalTable,
  exportLocalTable,
  exposeForTests,
  onLocalTable,
  restoreLocalTable,
  sendToLocalTable,
} from "../worker/client";

function randomHex(bytes: number): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buffer, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A random seed below 2**53, so it is exact as a JavaScript number. */
function randomSeed(): number {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high & 0x1fffff) * 2 ** 32 + low;
}

/** The seed asked for (`?seed=N` in the hash, for tests and shared deals), else a random one. */
function seedOf(request: TableRequest): number {
  const asked = request.seed;
  if (asked === undefined || asked === null) return randomSeed();
  const seed = typeof asked === "string" ? Number(asked) : asked;
  if (typeof seed !== "number" || !Number.isSafeInteger(seed) || seed < 0) {
    throw new ApiError("bad_config", "The seed must be a whole number from 0 to 2^53 − 1.");
  }
  return seed;
}

/** Where a local table's snapshot is kept for a reload (null: forget it). */
export type SaveLocalTable = (saved: SavedLocalTable | null) => void;

/** Whether a view says its game is over (`over` in Matematický poker, `game_over` in
 *  Kostkový poker). */
function gameOver(view: unknown): boolean {
  const fields = view as { over?: unknown; game_over?: unknown } | null;
  return fields?.over === true || fields?.game_over === true;
}

export class LocalTable implements TableConnection {
  readonly kind = "local";
  private listeners = new Listeners();
  private seq = 0;
  private closed = false;
  /** Set when the game is over: nothing left to keep for a reload. */
  private done = false;
  /** The latest version seen; a higher one is a change worth keeping. */
  private version = 0;
  private unsubscribe: () => void;
  /** Resolves once the table exists in the worker (at once, unless it is being restored);
   *  false when it could not be restored. */
  private opened: Promise<boolean>;

  /** `resumed`: the snapshot to rebuild the table from, the last acknowledged seq, and
   *  whether the first view should bring the game's events so far (`history`). */
  constructor(
    readonly table: string,
    private key: string,
    resumed?: { snapshot: string; seq: number; history?: boolean },
    private save: SaveLocalTable = saveLocalTable,
  ) {
    this.unsubscribe = onLocalTable(table, (messages) => this.deliver(messages));
    this.opened = resumed ? this.restore(resumed.snapshot) : Promise.resolve(true);
    if (resumed) this.seq = resumed.seq;
    this.send(resumed?.history ? { t: "hello", key, since: 0 } : { t: "hello", key });
  }

  act(action: Action): number {
    const seq = ++this.seq;
    this.send({ t: "act", seq, action });
    return seq;
  }

  listen(listener: (message: ServerMessage) => void): () => void {
    return this.listeners.add(listener);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    closeLocalTable(this.table);
  }

  private restore(snapshot: string): Promise<boolean> {
    // A failure is final for this game: the page goes back to the setup, saying why.
    const lost = (message: string) => {
      this.deliver([{ t: "error", seq: null, code: "unknown_table", message }]);
      return false;
    };
    return restoreLocalTable(snapshot).then(
      (reply) => {
        if (reply.t === "created") return true;
        this.save(null); // it will not restore later either
        return lost(reply.message);
      },
      (error: Error) => lost(error.message),
    );
  }

  private send(message: Parameters<typeof sendToLocalTable>[1]): void {
    this.opened.then((ok) => (ok ? sendToLocalTable(this.table, message) : [])).then(
      (messages) => this.deliver(messages),
      (error: Error) => {
        const seq = message.t === "act" ? message.seq : null;
        this.deliver([{ t: "error", seq, code: "engine_failed", message: error.message }]);
      },
    );
  }

  private deliver(messages: ServerMessage[]): void {
    if (this.closed) return;
    this.keep(messages);
    for (const message of messages) this.listeners.emit(message);
  }

  /** After a batch that changed the table, keep its snapshot for a reload; forget it once
   *  the game is over. */
  private keep(messages: ServerMessage[]): void {
    if (this.done) return;
    let changed = false;
    for (const message of messages) {
      if (message.t !== "view") continue;
      if (gameOver(message.view)) {
        this.done = true;
        this.save(null);
        return;
      }
      if (message.version > this.version) {
        this.version = message.version;
        changed = true;
      }
    }
    if (!changed) return;
    const key = this.key;
    exportLocalTable(this.table).then(
      (snapshot) => {
        // A late answer after the end must not bring the game back; an error list is no snapshot.
        if (!this.done && snapshot.startsWith("{")) this.save({ key, snapshot });
      },
      () => {}, // the previous snapshot stays; the next change tries again
    );
  }
}

/** A new table in the engine worker for `request` (the body POST /api/tables takes; a
 *  Kostkový poker table names its computer players in `robots`). */
export async function openLocalTable(request: TableRequest, save?: SaveLocalTable): Promise<TableConnection> {
  const { seed: _asked, ...config } = request;
  const seed = seedOf(request);
  const table = `local-${randomHex(8)}`;
  const key = randomHex(32);
  const reply = await createLocalTable(table, JSON.stringify(config), seed, key);
  if (reply.t === "error") throw new ApiError(reply.code, reply.message);
  return new LocalTable(table, key, undefined, save);
}

/** The local game this tab was playing before a reload, rebuilt in the engine worker from its
 *  snapshot (loading the engine first). Actions continue after the last acknowledged seq.
 *  With `history` the first view carries the game's events so far (a screen's story). */
export function resumeLocalTable(saved: SavedLocalTable, save?: SaveLocalTable, history = false): TableConnection {
  const data = JSON.parse(saved.snapshot) as { id: string; log: Array<{ seat: number | null; seq: number | null }> };
  const seq = Math.max(0, ...data.log.map((entry) => (entry.seat === 0 && entry.seq ? entry.seq : 0)));
  return new LocalTable(data.id, saved.key, { snapshot: saved.snapshot, seq, history }, save);
}

exposeForTests({ openLocalTable });
