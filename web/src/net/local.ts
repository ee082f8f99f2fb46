// A table run by the engine worker in this browser (offline play): the same Python table
// the server runs, the same messages, nothing recorded anywhere. The running game survives a
// reload of the tab: after each change the worker's snapshot of the table is kept in
// sessionStorage (one local game per tab, like a server game's ticket) and resumeLocalTable
// rebuilds it. Each game page passes in where its snapshot is kept (`save`, the game's own
// slot in storage), so that two games' local tables never meet and this file names no game.
//
// Hot seat: every seat of a local table that is not a computer player's is a person's on
// this device. A LocalTable is one seat's connection; a HotSeatTable holds one per person
// and shows one seat's views at a time, handing over (components/HandOver.tsx hides the
// screen) when the turn passes to another person.
import { Listeners, type Action, type ServerMessage, type TableConnection, type TableRequest } from "./protocol";
import { ApiError } from "./remote";
import type { ReplaySource } from "../replay/types";
import type { SavedLocalTable } from "../storage";
import {
  closeLocalTable,
  createLocalTable,
  exportLocalTable,
  exposeForTests,
  leaveLocalTable,
  onLocalTable,
  restoreLocalTable,
  sendToLocalTable,
} from "../worker/client";

/** The key of a person's `seat` at a local table made with `key` (klubovna.tables.local
 *  .seat_key). */
export function seatKey(key: string, seat: number): string {
  return seat === 0 ? key : `${key}/${seat}`;
}

function randomHex(bytes: number): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buffer, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A random seed below 2**53, so it is exact as a JavaScript number; also the `series` a
 *  page keeps for its games played again (klubovna/core/rounds.py: who begins round 1). */
export function randomSeed(): number {
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

/** How a seat's connection to a local table starts. */
export interface LocalSeatOptions {
  /** The person's seat (hot seat); 0 by default. */
  seat?: number;
  /** The snapshot to rebuild the table from (none: another seat's connection does, see
   *  `opened`), the seat's last acknowledged seq, and whether the first view should bring
   *  the game's events so far (`history`). */
  resumed?: { snapshot?: string; seq: number; history?: boolean };
  /** Another seat's connection is rebuilding the table: wait for it instead. */
  opened?: Promise<boolean>;
  /** Where the table's snapshot is kept for a reload (the game's slot); null or absent:
   *  this connection keeps none (another seat's of the same table does). */
  save?: SaveLocalTable | null;
  /** The computer players move after the answer to each message, their moves coming on
   *  their own: the person's answer (a next card) does not wait for a slow one. */
  robotsApart?: boolean;
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
  readonly opened: Promise<boolean>;
  readonly seat: number;
  private save: SaveLocalTable | null;
  private robotsApart: boolean;

  constructor(
    readonly table: string,
    private key: string,
    options: LocalSeatOptions = {},
  ) {
    const { resumed } = options;
    this.seat = options.seat ?? 0;
    this.save = options.save ?? null;
    this.robotsApart = options.robotsApart ?? false;
    this.unsubscribe = onLocalTable(table, (messages) => this.deliver(messages), this.seat);
    this.opened = options.opened ?? (resumed?.snapshot ? this.restore(resumed.snapshot) : Promise.resolve(true));
    if (resumed) this.seq = resumed.seq;
    const hello = seatKey(key, this.seat);
    this.send(resumed?.history ? { t: "hello", key: hello, since: 0 } : { t: "hello", key: hello });
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
    closeLocalTable(this.table, this.seat);
  }

  replaySource(): ReplaySource {
    return { kind: "local", tableId: this.table, seat: this.seat };
  }

  /** This seat leaves the game for good (hot seat): the game's leave policy says what the
   *  seat becomes; its last messages come as usual, then nothing more. */
  leave(): void {
    this.opened.then((ok) => (ok ? leaveLocalTable(this.table, this.seat) : [])).then(
      (messages) => this.deliver(messages),
      (error: Error) => this.deliver([{ t: "error", seq: null, code: "engine_failed", message: error.message }]),
    );
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
        this.save?.(null); // it will not restore later either
        return lost(reply.message);
      },
      (error: Error) => lost(error.message),
    );
  }

  private send(message: Parameters<typeof sendToLocalTable>[1]): void {
    this.opened.then((ok) => (ok ? sendToLocalTable(this.table, message, this.seat, this.robotsApart) : [])).then(
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
    if (this.done || this.save === null) return;
    const save = this.save;
    let changed = false;
    for (const message of messages) {
      if (message.t !== "view") continue;
      if (gameOver(message.view)) {
        this.done = true;
        save(null);
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
        if (!this.done && snapshot.startsWith("{")) save({ key, snapshot });
      },
      () => {}, // the previous snapshot stays; the next change tries again
    );
  }
}

/** A new table in the engine worker for `request` (the body POST /api/tables takes; a
 *  Kostkový poker table names its computer players in `robots`). */
export async function openLocalTable(
  request: TableRequest,
  save: SaveLocalTable,
  options: Pick<LocalSeatOptions, "robotsApart"> = {},
): Promise<LocalTable> {
  const { table, key } = await createTable(request);
  return new LocalTable(table, key, { ...options, save });
}

/** A new table in the engine worker: its id, the device's key and the people's seats. */
async function createTable(request: TableRequest): Promise<{ table: string; key: string; people: number[] }> {
  const { seed: _asked, ...config } = request;
  const table = `local-${randomHex(8)}`;
  const key = randomHex(32);
  const reply = await createLocalTable(table, JSON.stringify(config), seedOf(request), key);
  if (reply.t === "error") throw new ApiError(reply.code, reply.message);
  return { table, key, people: reply.people };
}

/** The local game this tab was playing before a reload, rebuilt in the engine worker from its
 *  snapshot (loading the engine first). Actions continue after the last acknowledged seq.
 *  With `history` the first view carries the game's events so far (a screen's story). */
export function resumeLocalTable(
  saved: SavedLocalTable,
  save: SaveLocalTable,
  history = false,
  options: Pick<LocalSeatOptions, "robotsApart"> = {},
): LocalTable {
  const data = parseSnapshot(saved.snapshot);
  const resumed = { snapshot: saved.snapshot, seq: lastSeq(data, 0), history };
  return new LocalTable(data.id, saved.key, { ...options, resumed, save });
}

/** The key hash of a computer player's seat (klubovna.tables.lobby.NOBODY). */
const NOBODY = "-";

type Snapshot = {
  id: string;
  key_hashes: string[];
  log: Array<{ kind: string; seat: number | null; seq: number | null }>;
};

function parseSnapshot(text: string): Snapshot {
  return JSON.parse(text) as Snapshot;
}

/** The last seq a seat's actions had in a snapshot's log (its next action goes on from it). */
function lastSeq(data: Snapshot, seat: number): number {
  return Math.max(0, ...data.log.map((entry) => (entry.seat === seat && entry.seq ? entry.seq : 0)));
}

// ------------------------------------------------------------------ hot seat

/** Whose views a hot-seat screen shows: `seat`'s; while `next` is set, nobody's, until the
 *  player of `next` says they are at the device (`reveal`). */
export interface HandOverState {
  seat: number;
  next: number | null;
}

/** Whether `view` says its seat may act now: the envelope's `turn` (the seats whose move
 *  it is), else a non-empty `actions` list. */
function mayAct(view: unknown, seat: number): boolean {
  const fields = view as { turn?: unknown; actions?: unknown } | null;
  if (Array.isArray(fields?.turn)) return fields.turn.includes(seat);
  return Array.isArray(fields?.actions) && fields.actions.length > 0;
}

/** A local table played by several people on one device (and maybe computer players).
 *  It is the connection of the seat on screen: `act` acts for it and listeners get its
 *  messages only. When that seat may no longer act and another person's may, the screen
 *  is handed over: `handOver().next` names that seat and its messages wait until
 *  `reveal()`, so nothing private of one player shows to the next. */
export class HotSeatTable implements TableConnection {
  readonly kind = "local";
  private listeners = new Listeners();
  private handOvers = new Set<(state: HandOverState) => void>();
  private connections = new Map<number, LocalTable>();
  private waiting = new Map<number, ServerMessage[]>();
  private canAct = new Map<number, boolean>();
  private state: HandOverState;
  /** The action of the seat on screen that waits for its answer: no hand-over before the
   *  answer comes (the other seats' messages of the same step come first, and the screen's
   *  session would wait for it for ever once another seat is shown). */
  private unanswered: { seat: number; seq: number } | null = null;
  /** Nobody's seat shown yet (`handFirst`): the first person who may act is handed the
   *  device too, before anything of theirs shows. */
  private blind: boolean;

  /** `people`: the seats of the people at this device, in turn order (the first is shown
   *  first). With `resumed` the table is rebuilt from the snapshot first. With `handFirst`
   *  the first screen is a hand-over too (a game with something private on it). */
  constructor(
    readonly table: string,
    key: string,
    private people: number[],
    resumed: { snapshot: string; history?: boolean } | undefined,
    save: SaveLocalTable,
    handFirst = false,
  ) {
    this.state = { seat: people[0], next: null };
    this.blind = handFirst;
    const data = resumed ? parseSnapshot(resumed.snapshot) : null;
    let opened: Promise<boolean> | undefined;
    people.forEach((seat, index) => {
      const options: LocalSeatOptions = {
        seat,
        opened,
        // one seat keeps the snapshot (the same table for all)
        save: index === 0 ? save : null,
        resumed: data === null ? undefined : {
          snapshot: index === 0 ? resumed!.snapshot : undefined,
          seq: lastSeq(data, seat),
          history: resumed!.history,
        },
      };
      const connection = new LocalTable(table, key, options);
      opened ??= connection.opened;
      connection.listen((message) => this.receive(seat, message));
      this.connections.set(seat, connection);
    });
  }

  act(action: Action): number {
    const seq = this.connections.get(this.state.seat)!.act(action);
    this.unanswered = { seat: this.state.seat, seq };
    return seq;
  }

  listen(listener: (message: ServerMessage) => void): () => void {
    return this.listeners.add(listener);
  }

  /** Subscribe to hand-overs (called at once with the current state). */
  onHandOver(listener: (state: HandOverState) => void): () => void {
    this.handOvers.add(listener);
    listener(this.state);
    return () => void this.handOvers.delete(listener);
  }

  handOver(): HandOverState {
    return this.state;
  }

  /** The replay of the seat on screen (each person at the device sees their own). */
  replaySource(): ReplaySource {
    return { kind: "local", tableId: this.table, seat: this.state.seat };
  }

  /** The next player is at the device: show their seat, with what it was sent meanwhile. */
  reveal(): void {
    const next = this.state.next;
    if (next === null) return;
    this.blind = false;
    this.setState({ seat: next, next: null });
    const held = this.waiting.get(next) ?? [];
    this.waiting.delete(next);
    for (const message of held) this.listeners.emit(message);
    this.decide();
  }

  /** The player on screen leaves the game for good (the game's leave policy applies); the
   *  screen passes to the next person who may act. */
  leave(): void {
    const seat = this.state.seat;
    this.connections.get(seat)?.leave();
    this.canAct.set(seat, false);
    this.people = this.people.filter((person) => person !== seat);
    this.decide();
  }

  close(): void {
    for (const connection of this.connections.values()) connection.close();
    this.connections.clear();
  }

  private receive(seat: number, message: ServerMessage): void {
    const answered = message.t === "view" ? message.ack : message.t === "error" ? message.seq : null;
    if (this.unanswered?.seat === seat && answered != null && answered >= this.unanswered.seq) this.unanswered = null;
    // (a seat that left is nobody's to hand over to, whatever its last view says)
    if (message.t === "view" && this.people.includes(seat)) this.canAct.set(seat, mayAct(message.view, seat));
    if (seat === this.state.seat && this.state.next === null && !this.blind) this.listeners.emit(message);
    else this.waiting.set(seat, [...(this.waiting.get(seat) ?? []), message]);
    this.decide();
  }

  /** Hand over when the seat on screen may not act and another person's may. */
  private decide(): void {
    if (this.blind) return this.decideFirst();
    if (this.state.next !== null || this.unanswered !== null || this.canAct.get(this.state.seat)) return;
    const start = this.people.indexOf(this.state.seat);
    const order = [...this.people.slice(start + 1), ...this.people.slice(0, Math.max(0, start))];
    const next = order.find((seat) => this.canAct.get(seat));
    if (next !== undefined) this.setState({ seat: this.state.seat, next });
  }

  /** The first screen: a hand-over to the first person who may act, once every person's
   *  view says who may; when nobody may (a finished game), the first seat's board as is. */
  private decideFirst(): void {
    if (this.state.next !== null || this.unanswered !== null) return;
    if (!this.people.every((seat) => this.canAct.has(seat))) return;
    const next = this.people.find((seat) => this.canAct.get(seat));
    if (next !== undefined) return this.setState({ seat: this.state.seat, next });
    this.blind = false;
    const held = this.waiting.get(this.state.seat) ?? [];
    this.waiting.delete(this.state.seat);
    for (const message of held) this.listeners.emit(message);
  }

  private setState(state: HandOverState): void {
    this.state = state;
    this.handOvers.forEach((listener) => listener(state));
  }
}

/** A new hot-seat table in the engine worker: every seat the request's `robots` do not
 *  name is a person's at this device. */
export async function openHotSeat(request: TableRequest, save: SaveLocalTable, handFirst = false): Promise<HotSeatTable> {
  const { table, key, people } = await createTable(request);
  return new HotSeatTable(table, key, people, undefined, save, handFirst);
}

/** A hot-seat game this tab was playing before a reload, rebuilt from its snapshot: the
 *  people's seats are those with a key (a computer player's opens nothing) that have not
 *  left. */
export function resumeHotSeat(saved: SavedLocalTable, save: SaveLocalTable, history = false, handFirst = false): HotSeatTable {
  const data = parseSnapshot(saved.snapshot);
  const left = new Set(data.log.filter((entry) => entry.kind === "leave").map((entry) => entry.seat));
  const people = data.key_hashes
    .map((hash, seat) => (hash === NOBODY || left.has(seat) ? -1 : seat))
    .filter((seat) => seat >= 0);
  return new HotSeatTable(data.id, saved.key, people, { snapshot: saved.snapshot, history }, save, handFirst);
}

exposeForTests({ openLocalTable, openHotSeat, resumeHotSeat });
