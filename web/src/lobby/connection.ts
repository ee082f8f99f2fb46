// One person's socket to a lobby (/ws/lobbies/{code}): the hello with the seat key (and the
// last game version seen, after a reconnect), the lobby messages, the game's views, a ping
// every 10 s, and reconnecting with a growing pause when the line drops or goes silent. A
// tab whose seat another tab took over stops until asked to take it back. For the game it
// is an ordinary TableConnection: actions carry sequence numbers and unacknowledged ones
// are resent.
import { Listeners, type Action, type Json, type ServerMessage, type TableConnection } from "../net/protocol";
import { loadSeat, saveSeq, type SavedSeat } from "./seats";
import type { Lobby } from "./types";

/** Where the line stands: `reconnecting` after a drop; `taken_over` when another tab of this
 *  seat connected; `unknown` when the server knows no such lobby; `bad_key` when the key
 *  opens no seat; `left` after leaving (or a seat that left the game for good). */
export type LinkState = "connecting" | "open" | "reconnecting" | "taken_over" | "unknown" | "bad_key" | "left";

export interface LobbyFailure {
  id: number;
  code: string;
  message: string;
}

const PING_MS = 10_000;
/** A line this quiet is dead even if no close came (a phone that changed networks): a
 *  healthy server answers a ping once it has sent nothing for 5 s (docs/api.md). */
const SILENT_MS = 30_000;
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 10_000;
const CLOSE_TAKEN_OVER = 4001;
const CLOSE_UNKNOWN = 4404;

let nextId = 0;

export class LobbyConnection implements TableConnection {
  readonly kind = "remote";
  link: LinkState = "connecting";
  lobby: Lobby | null = null;
  /** The last refusal of a lobby command (start, leave) or of the hello. */
  failure: LobbyFailure | null = null;
  /** Whether a game view has arrived (the game runs or ran). */
  hasView = false;
  private socket: WebSocket | null = null;
  private game = new Listeners();
  private watchers = new Set<() => void>();
  private pending = new Map<number, Action>(); // sent, not yet acknowledged
  private seq: number;
  private version: number | null = null;
  private lastView: Json = null;
  private retry = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private heard = 0; // Date.now() of the last message from the server
  private leaving = false;
  private closed = false;
  private readonly wake = () => {
    if (this.link === "reconnecting") this.reconnectNow();
  };

  /** With `history`, the first hello asks for the game's events from the start (the
   *  game's screen rebuilds its story from them after a reload). */
  constructor(readonly seat: SavedSeat, private readonly history = false) {
    this.seq = seat.lastSeq;
    addEventListener("online", this.wake);
    document.addEventListener("visibilitychange", this.wake);
    this.connect();
  }

  get code(): string {
    return this.seat.code;
  }

  act(action: Action): number {
    const seq = ++this.seq;
    saveSeq(this.code, seq);
    this.pending.set(seq, action);
    this.send({ t: "act", seq, action });
    return seq;
  }

  /** The host starts the game. */
  start(): void {
    this.failure = null;
    this.send({ t: "start" });
    this.changed();
  }

  /** Leave the lobby (for good once the game runs). The server answers and closes. */
  leave(): void {
    this.leaving = true;
    if (!this.send({ t: "leave" })) this.finish("left");
  }

  /** Connect again after another tab took the seat (that tab is then taken over). */
  takeBack(): void {
    if (this.link !== "taken_over") return;
    this.link = "connecting";
    this.changed();
    this.connect();
  }

  /** Game messages (views, game errors, pongs); returns the unsubscribe function. */
  listen(listener: (message: ServerMessage) => void): () => void {
    return this.game.add(listener);
  }

  /** Re-run `watcher` after any change (lobby, line, failure); returns the unsubscribe. */
  watch(watcher: () => void): () => void {
    this.watchers.add(watcher);
    return () => void this.watchers.delete(watcher);
  }

  close(): void {
    this.closed = true;
    this.stopTimers();
    removeEventListener("online", this.wake);
    document.removeEventListener("visibilitychange", this.wake);
    this.socket?.close(1000);
    this.socket = null;
    this.watchers.clear();
  }

  private connect(): void {
    if (this.closed) return;
    // Another tab of this seat may have sent actions since: go on counting after them.
    this.seq = Math.max(this.seq, loadSeat(this.code)?.lastSeq ?? 0);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/lobbies/${encodeURIComponent(this.code)}`);
    this.socket = socket;
    socket.onopen = () => {
      const hello: Record<string, unknown> = { t: "hello", key: this.seat.key };
      if (this.version !== null) hello.since = this.version;
      else if (this.history) hello.since = 0;
      socket.send(JSON.stringify(hello));
      for (const [seq, action] of this.pending) socket.send(JSON.stringify({ t: "act", seq, action }));
      this.heard = Date.now();
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.beat(socket), PING_MS);
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.heard = Date.now();
      let message: { t?: string; [field: string]: unknown };
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      this.receive(message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.lost(event.code);
    };
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

  /** The current socket is gone (closed with `code`, or given up as silent: null). */
  private lost(code: number | null): void {
    this.socket = null;
    clearInterval(this.pinger);
    if (this.closed) return;
    if (this.leaving) return this.finish("left");
    if (code === CLOSE_TAKEN_OVER || this.link === "taken_over") return this.finish("taken_over");
    if (code === CLOSE_UNKNOWN || this.link === "unknown") return this.finish("unknown");
    if (this.link === "bad_key" || this.link === "left") return this.finish(this.link);
    this.link = "reconnecting";
    this.changed();
    const pause = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** this.retry++);
    this.retryTimer = setTimeout(() => this.connect(), pause * (1 + Math.random() * 0.3));
  }

  private reconnectNow(): void {
    if (this.closed || this.socket) return;
    clearTimeout(this.retryTimer);
    this.connect();
  }

  private receive(message: { t?: string; [field: string]: unknown }): void {
    switch (message.t) {
      case "lobby":
        this.retry = 0;
        this.link = "open";
        this.lobby = message.lobby as Lobby;
        break;
      case "view": {
        let view = message as unknown as Extract<ServerMessage, { t: "view" }>;
        // A public update carries only what everybody sees: the own fields stay as they were.
        if (view.public) view = { ...view, view: { ...(this.lastView as object), ...(view.view as object) } };
        this.lastView = view.view;
        this.retry = 0;
        this.link = "open";
        this.hasView = true;
        this.version = view.version;
        if (view.ack !== undefined) for (const seq of this.pending.keys()) if (seq <= view.ack) this.pending.delete(seq);
        this.game.emit(view);
        break;
      }
      case "pong":
        this.game.emit(message as unknown as ServerMessage);
        return;
      case "taken_over":
        this.link = "taken_over";
        this.stopTimers();
        break;
      case "error": {
        const error = message as unknown as Extract<ServerMessage, { t: "error" }>;
        if (error.seq !== null && error.seq !== undefined) {
          this.pending.delete(error.seq);
          this.game.emit(error);
          return;
        }
        if (error.code === "unknown_lobby") this.link = "unknown";
        else if (error.code === "bad_key") this.link = "bad_key";
        else if (error.code === "left_game") this.link = "left";
        else this.failure = { id: ++nextId, code: error.code, message: error.message };
        if (this.link === "bad_key" || this.link === "left") {
          this.stopTimers();
          this.socket?.close(1000);
        }
        break;
      }
      default:
        return;
    }
    this.changed();
  }

  private finish(link: LinkState): void {
    this.link = link;
    this.stopTimers();
    this.changed();
  }

  private stopTimers(): void {
    clearInterval(this.pinger);
    clearTimeout(this.retryTimer);
  }

  private send(message: object): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private changed(): void {
    this.watchers.forEach((watcher) => watcher());
  }
}
