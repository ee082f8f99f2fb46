// One person's socket to a lobby (/ws/lobbies/{code}), over the app's one reconnecting
// socket (net/socket.ts): the lobby messages, the game's views, and where the line stands. A
// tab whose seat another tab took over stops until asked to take it back. For the game it
// is an ordinary TableConnection: actions carry sequence numbers and unacknowledged ones
// are resent.
import { ReconnectingSocket, type Incoming } from "../net/socket";
import { Listeners, type Action, type ServerMessage, type TableConnection } from "../net/protocol";
import type { ReplaySource } from "../replay/types";
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

/** One message of the room's chat (docs/api.md, "Chat"): a preset phrase, an emoji or own words. */
export interface ChatMessage {
  id: string;
  seat: number;
  nickname: string;
  at: number;
  phrase?: string;
  emoji?: string;
  text?: string;
}

/** The chat's refusals: said under the chat, not as the room's failure. */
const CHAT_ERRORS = new Set(["bad_chat", "chat_refused", "chat_phrases_only", "rate_limited", "bad_report"]);

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
  /** The room's chat as this socket heard it (the last 50), and its last refusal. */
  chat: ChatMessage[] = [];
  chatFailure: LobbyFailure | null = null;
  /** A report was received by the server (for the page to say so). */
  reported = 0;
  private line: ReconnectingSocket;
  private game = new Listeners();
  private watchers = new Set<() => void>();
  private leaving = false;

  /** With `history`, the first hello asks for the game's events from the start (the
   *  game's screen rebuilds its story from them after a reload). */
  constructor(readonly seat: SavedSeat, history = false) {
    const owner = { receive: (message: Incoming) => this.receive(message), lost: (code: number | null) => this.lost(code) };
    this.line = new ReconnectingSocket(`/ws/lobbies/${encodeURIComponent(seat.code)}`, seat.key, owner, seat.lastSeq, {
      since: history ? 0 : undefined,
      // Another tab of this seat may have sent actions since: go on counting after them.
      seqFloor: () => loadSeat(this.code)?.lastSeq ?? 0,
    });
    this.line.open();
  }

  get code(): string {
    return this.seat.code;
  }

  act(action: Action): number {
    const seq = this.line.act(action);
    saveSeq(this.code, seq);
    return seq;
  }

  /** The host starts the game. */
  start(): void {
    this.failure = null;
    this.line.send({ t: "start" });
    this.changed();
  }

  /** Ask for the next round once the table has finished (`agree` false takes it back). */
  again(agree = true): void {
    this.failure = null;
    this.line.send({ t: "again", agree });
    this.changed();
  }

  /** The host lets people watch the room's table, or stops them (the lobby message then
   *  says `watchable`; watchers are closed with not_watchable). False without a line. */
  watching(on: boolean): boolean {
    this.failure = null;
    return this.line.send({ t: "watching", on });
  }

  /** This connection for one round's session: the same line, but closing it only stops
   *  that session listening, so the next round's session gets the line as it is. */
  forRound(): LobbyConnection {
    const offs: Array<() => void> = [];
    const round = Object.create(this) as LobbyConnection;
    round.listen = (listener) => {
      const off = this.listen(listener);
      offs.push(off);
      return off;
    };
    round.close = () => offs.splice(0).forEach((off) => off());
    return round;
  }

  /** The round's table replay, with this member's key (which opens its table seat). */
  replaySource(): ReplaySource | null {
    const table = this.lobby?.table;
    return table ? { kind: "remote", tableId: table, key: this.seat.key } : null;
  }

  /** Leave the lobby (for good once the game runs). The server answers and closes. */
  leave(): void {
    this.leaving = true;
    if (!this.line.send({ t: "leave" })) this.finish("left");
  }

  /** Connect again after another tab took the seat (that tab is then taken over). */
  takeBack(): void {
    if (this.link !== "taken_over") return;
    this.link = "connecting";
    this.changed();
    this.line.open();
  }

  /** Game messages (views, game errors, pongs); returns the unsubscribe function. */
  listen(listener: (message: ServerMessage) => void): () => void {
    return this.game.add(listener);
  }

  /** Send one chat message: `{ phrase }`, `{ emoji }` or `{ text }`; false without a line. */
  say(message: { phrase: string } | { emoji: string } | { text: string }): boolean {
    this.chatFailure = null;
    return this.line.send({ t: "chat", ...message });
  }

  /** Report a message (by its id) or a member's nickname (by seat) to the moderators. */
  report(what: { message: string } | { seat: number }): boolean {
    return this.line.send({ t: "report", ...what });
  }

  /** Re-run `watcher` after any change (lobby, line, failure); returns the unsubscribe. */
  watch(watcher: () => void): () => void {
    this.watchers.add(watcher);
    return () => void this.watchers.delete(watcher);
  }

  close(): void {
    this.line.close();
    this.watchers.clear();
  }

  /** The socket is gone: whether the line tries again. */
  private lost(code: number | null): boolean {
    if (this.leaving) return this.finish("left");
    if (code === CLOSE_TAKEN_OVER || this.link === "taken_over") return this.finish("taken_over");
    if (code === CLOSE_UNKNOWN || this.link === "unknown") return this.finish("unknown");
    if (this.link === "bad_key" || this.link === "left") return this.finish(this.link);
    this.link = "reconnecting";
    this.changed();
    return true;
  }

  private receive(message: Incoming): void {
    switch (message.t) {
      case "lobby":
        this.line.healthy();
        // Each new socket asks for the chat it missed, once, with its first lobby message.
        if (this.link !== "open") this.line.send({ t: "chat_history" });
        this.link = "open";
        this.lobby = message.lobby as Lobby;
        break;
      case "chat":
        this.chat = [...this.chat, message as unknown as ChatMessage].slice(-50);
        break;
      case "chat_history":
        this.chat = (message.messages as ChatMessage[]) ?? [];
        break;
      case "reported":
        this.reported += 1;
        break;
      case "view":
        this.line.healthy();
        this.link = "open";
        this.hasView = true;
        this.game.emit(message as unknown as ServerMessage);
        break;
      case "pong":
        this.game.emit(message as unknown as ServerMessage);
        return;
      case "taken_over":
        this.link = "taken_over";
        this.line.stop();
        break;
      case "error": {
        const error = message as unknown as Extract<ServerMessage, { t: "error" }>;
        if (error.seq !== null && error.seq !== undefined) {
          this.game.emit(error);
          return;
        }
        if (CHAT_ERRORS.has(error.code)) this.chatFailure = { id: ++nextId, code: error.code, message: error.message };
        else if (error.code === "unknown_lobby") this.link = "unknown";
        else if (error.code === "bad_key") this.link = "bad_key";
        else if (error.code === "left_game") this.link = "left";
        else this.failure = { id: ++nextId, code: error.code, message: error.message };
        if (this.link === "bad_key" || this.link === "left") this.line.stop(1000);
        break;
      }
      default:
        return;
    }
    this.changed();
  }

  /** The line stands at `link` for good (no new socket): false, for `lost`. */
  private finish(link: LinkState): false {
    this.link = link;
    this.line.stop();
    this.changed();
    return false;
  }

  private changed(): void {
    this.watchers.forEach((watcher) => watcher());
  }
}
