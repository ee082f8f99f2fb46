// One running game of Locus Poker on screen: the view shown and the one play waiting. A
// computer opponent answers within the same exchange, so its view would replace the player's
// own move at once: views that bring the other seat's move wait until `pace` ms after the
// view before was shown (the player sees their own move's hand, then the opponent's).
import type { ViewMessage } from "../../net/protocol";
import { PlaySession } from "../../kit/session";
import type { Face, LpView } from "./types";

export type { Failure } from "../../kit/session";

export class LpSession extends PlaySession<LpView> {
  version = 0;
  private queue: ViewMessage[] = [];
  private shownAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The version a play was sent at. */
  private playedAt = -1;

  constructor(conn: ConstructorParameters<typeof PlaySession>[0], readonly pace = 0) {
    super(conn);
  }

  /** Whether the player may act now: their turn, no view waiting, and no play of this
   *  position waiting for its answer. (On one device the answer may come on the other
   *  seat's connection after the screen has passed on: a newer position is enough.) */
  get ready(): boolean {
    const view = this.view;
    if (view === null || !view.started || view.over || this.queue.length > 0 || !view.turn.includes(view.seat)) return false;
    return !(this.awaitingAnswer && this.version === this.playedAt);
  }

  /** Whether a view waits to be shown (the opponent's move is coming). */
  get waiting(): boolean {
    return this.queue.length > 0;
  }

  /** The start waits for no answer (`ready` waits for the version played at instead). */
  start(): void {
    this.send({ type: "start" }, false);
  }

  play(cell: number, face: Face): void {
    if (!this.ready) return;
    this.playedAt = this.version;
    this.send({ type: "play", cell, face }, true);
    this.changed();
  }

  /** Show the waiting views now (the player does not want to wait). */
  flush(): void {
    clearTimeout(this.timer);
    while (this.queue.length > 0) this.show(this.queue.shift()!);
    this.changed();
  }

  close(): void {
    clearTimeout(this.timer);
    super.close();
  }

  protected onView(message: ViewMessage): void {
    const view = message.view as unknown as LpView;
    const others = view.last !== null && view.last.seat !== view.seat && this.view !== null;
    const wait = this.shownAt + this.pace - Date.now();
    if (this.queue.length > 0 || (others && this.pace > 0 && wait > 0)) {
      this.queue.push(message);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.pump(), Math.max(0, wait));
      return this.changed();
    }
    this.show(message);
    this.changed();
  }

  private pump(): void {
    if (this.closed) return;
    const message = this.queue.shift();
    if (message) this.show(message);
    if (this.queue.length > 0) this.timer = setTimeout(() => this.pump(), this.pace);
    this.changed();
  }

  private show(message: ViewMessage): void {
    this.view = message.view as unknown as LpView;
    this.version = message.version;
    this.shownAt = Date.now();
  }
}
