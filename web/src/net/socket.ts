// The one reconnecting socket of the app, for a table (/ws/tables/{id}) and a lobby
// (/ws/lobbies/{code}) alike: the hello with the seat key and the last version seen (so the
// server sends what was missed), actions with sequence numbers resent until acknowledged (so
// nothing is applied twice), public updates merged into whole views, a ping every 10 s, and a
// new socket with a growing pause when the line drops or goes silent (at once after a server's
// restart, sooner when the browser comes back online or the tab shows again). Without a key it watches: the first frame is
// {"t": "watch", since} instead of the hello (one who holds no seat; docs/api.md "Watching a
// table"). What a message means, and whether a lost line is worth another try, is its
// owner's (net/remote.ts, lobby/connection.ts, watch/connection.ts).
import type { Action, Json, ServerMessage, ViewMessage } from "./protocol";

/** A message as it came: the table protocol's, or a lobby's own ("lobby", "taken_over"). */
export type Incoming = { t?: string; [field: string]: unknown };

export interface SocketOwner {
  /** Every message of the current socket (views already merged and counted). */
  receive(message: Incoming): void;
  /** The socket is gone (closed with `code`, or given up as silent: null): whether to
   *  connect again after a pause. */
  lost(code: number | null): boolean;
}

export interface SocketOptions {
  /** The first hello's (or watch frame's) `since` when no version was seen yet (0: the
   *  whole game's events). */
  since?: number;
  /** Pauses before a new socket: the first, doubling up to the last, plus up to 30 %. */
  pauses?: { first: number; last: number };
  /** The lowest seq to go on from at each new socket (another tab may have acted). */
  seqFloor?: () => number;
}

const PING_MS = 10_000;
/** WebSocket's "service restart": the server is going (SIGTERM) or the table moved. */
const CLOSE_RESTART = 1012;
const RESTART_SPREAD_MS = 100;
/** A line this quiet is dead even if no close came (a phone that changed networks): a
 *  healthy server answers a ping once it has sent nothing for 5 s (docs/api.md). */
const SILENT_MS = 30_000;

export class ReconnectingSocket {
  /** The last version of the game seen (null before the first view). */
  version: number | null = null;
  private socket: WebSocket | null = null;
  private pending = new Map<number, Action>(); // sent, not yet acknowledged
  private lastView: Json = null;
  private retry = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private heard = 0; // Date.now() of the last message from the server
  private closed = false;
  private readonly wake = () => {
    if (!this.closed && !this.socket && this.retryTimer !== undefined) this.open();
  };

  constructor(
    private readonly path: string,
    /** The seat's key; null: one who watches (the watch frame instead of the hello). */
    private readonly key: string | null,
    private readonly owner: SocketOwner,
    private seq = 0,
    private readonly options: SocketOptions = {},
  ) {
    addEventListener("online", this.wake);
    document.addEventListener("visibilitychange", this.wake);
  }

  get lastSeq(): number {
    return this.seq;
  }

  /** Send an action (now, or with the next socket); returns its sequence number. */
  act(action: Action): number {
    const seq = ++this.seq;
    this.pending.set(seq, action);
    this.send({ t: "act", seq, action });
    return seq;
  }

  /** Send a frame on the open socket; false when there is none right now. */
  send(message: object): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** The line works (the server answered the hello): the next drop starts with a short pause. */
  healthy(): void {
    this.retry = 0;
  }

  /** A new socket now (the first, or after `stop`). */
  open(): void {
    if (this.closed) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.seq = Math.max(this.seq, this.options.seqFloor?.() ?? 0);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}${this.path}`);
    this.socket = socket;
    socket.onopen = () => {
      const since = this.version ?? this.options.since;
      const first = this.key === null ? { t: "watch" } : { t: "hello", key: this.key };
      socket.send(JSON.stringify({ ...first, ...(since === undefined ? {} : { since }) }));
      for (const [seq, action] of this.pending) socket.send(JSON.stringify({ t: "act", seq, action }));
      this.heard = Date.now();
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.beat(socket), PING_MS);
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.heard = Date.now();
      let message: Incoming;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      this.owner.receive(this.settle(message));
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.lost(event.code);
    };
  }

  /** No more sockets until `open` (the owner has nothing more to hear: taken over, left). */
  stop(code?: number): void {
    clearInterval(this.pinger);
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (code !== undefined) this.socket?.close(code);
  }

  close(): void {
    this.closed = true;
    this.stop();
    removeEventListener("online", this.wake);
    document.removeEventListener("visibilitychange", this.wake);
    this.socket?.close(1000);
    this.socket = null;
  }

  /** A view counts its version, acknowledges actions and is made whole; a refusal of an
   *  action drops it from the resend list. */
  private settle(message: Incoming): Incoming {
    if (message.t === "view") {
      let view = message as unknown as ViewMessage;
      // A public update carries only what everybody sees: the own fields stay as they were.
      if (view.public) view = { ...view, view: { ...(this.lastView as object), ...(view.view as object) } };
      this.lastView = view.view;
      this.version = view.version;
      if (view.ack !== undefined) for (const seq of this.pending.keys()) if (seq <= view.ack) this.pending.delete(seq);
      return view as unknown as Incoming;
    }
    const error = message as unknown as Extract<ServerMessage, { t: "error" }>;
    if (message.t === "error" && error.seq !== null && error.seq !== undefined) this.pending.delete(error.seq);
    return message;
  }

  /** The ping, or, when the server has been silent too long, a new line. */
  private beat(socket: WebSocket): void {
    if (this.socket !== socket) return;
    if (Date.now() - this.heard <= SILENT_MS) {
      this.send({ t: "ping" });
      return;
    }
    socket.close(); // its close event (whenever it comes) is not ours any more
    this.lost(null);
  }

  private lost(code: number | null): void {
    this.socket = null;
    clearInterval(this.pinger);
    if (this.closed || !this.owner.lost(code)) return;
    const { first, last } = this.options.pauses ?? { first: 500, last: 10_000 };
    // A server that restarts (or hands the table to another process) says so with 1012 and
    // another takes over at once: the first try is at once, within a spread of 0.1 s so
    // a room's people do not all come in the same instant (docs/decisions/0167).
    const restart = code === CLOSE_RESTART && this.retry === 0;
    const pause = restart ? RESTART_SPREAD_MS : Math.min(last, first * 2 ** this.retry);
    this.retry++;
    this.retryTimer = setTimeout(() => this.open(), restart ? pause * Math.random() : pause * (1 + Math.random() * 0.3));
  }
}
