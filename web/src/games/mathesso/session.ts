// One running game of Mathesso on screen: the view shown and the pace at which the table's
// changes are shown. Computer players move at once (in the worker, or on the server within
// milliseconds), so views wait in a queue and are shown one after another with pauses a
// child can follow: a computer's first card, its second, the two cards lying turned for a
// while, then back (or to its pile). The cards of a turn just finished (`last`) stay turned
// while `holding`. In a hot-seat game the views come from one seat, then another: a
// version already shown only brings the new seat's own fields (its actions). No rule
// lives here: the engine says what is legal, what matched and who is on turn.
import type { Action, ViewMessage } from "../../net/protocol";
import { PlaySession } from "../../kit/session";
import { PACE_FACTOR, getPrefs } from "./prefs";
import { play } from "./sound";
import type { MaView } from "./types";

export type { Failure } from "../../kit/session";

/** Pauses (ms, at the calm pace) after a view is shown, by what it shows. */
const PAUSE = { ritualRound: 1700, ritualEnd: 1400, firstCard: 1300, secondCard: 2100, other: 250 };
/** How long a person's two cards stay turned, at every pace (a person needs to see them). */
const HOLD_PERSON = 1600;

export class MaSession extends PlaySession<MaView> {
  /** Whether the cards of the turn just finished still lie turned on screen. */
  holding = false;
  /** Bumped when a new ritual is shown (its animation restarts). */
  ritualShown = 0;
  private queue: ViewMessage[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private holdTimer: ReturnType<typeof setTimeout> | undefined;
  private readyAt = 0;
  /** The table version on screen. */
  shown = -1;

  /** `computer(seat)`: whether a computer player sits there (its turns are paced); online
   *  the screen sets it once the room says who sits where. */
  constructor(conn: ConstructorParameters<typeof PlaySession>[0], public computer: (seat: number) => boolean = () => false) {
    super(conn);
  }

  /** A browser test's moves through the hook are a person's at this screen: no pause left over. */
  protected override actForTest(action: Action): number {
    this.moved();
    return this.send(action, true);
  }

  /** Whether this seat may act now: the newest view is on screen, it is this seat's turn
   *  and no action waits for its answer. */
  get ready(): boolean {
    return this.view !== null && this.queue.length === 0 && !this.awaitingAnswer && this.view.turn.includes(this.view.seat);
  }

  /** Whether views still wait to be shown (a computer's turn being shown). */
  get catchingUp(): boolean {
    return this.queue.length > 0;
  }

  turn(card: number): void {
    if (!this.ready) return;
    this.moved();
    this.send({ type: "turn", card }, true);
    this.changed();
  }

  stop(): void {
    if (!this.ready) return;
    this.moved();
    this.send({ type: "stop" }, true);
    this.changed();
  }

  /** Take the extra turn now (true) or keep it for later (false). */
  extra(now: boolean): void {
    if (!this.ready) return;
    this.moved();
    this.send({ type: now ? "extra" : "pass" }, true);
    this.changed();
  }

  /** A person at this device moved: what they do shows at once (no pause left over). */
  private moved(): void {
    this.readyAt = Date.now();
  }

  /** Show everything queued at once (the person does not want to wait). */
  hurry(): void {
    clearTimeout(this.timer);
    while (this.queue.length > 0) this.show(this.queue.shift()!);
    this.readyAt = Date.now();
    this.changed();
  }

  close(): void {
    clearTimeout(this.timer);
    clearTimeout(this.holdTimer);
    super.close();
  }

  protected onView(message: ViewMessage): void {
    // The same version again (another seat's view, hot seat): only its own fields are new.
    const last = this.queue.length > 0 ? this.queue[this.queue.length - 1].version : this.shown;
    if (message.version < last) return;
    if (message.version === last) {
      if (this.queue.length > 0) this.queue[this.queue.length - 1] = message;
      else this.view = message.view as unknown as MaView;
      return this.changed();
    }
    // The first view (a reload, a reconnect) is shown at once, with no story.
    if (this.view === null) {
      this.shown = message.version;
      this.view = message.view as unknown as MaView;
      this.readyAt = Date.now();
      return this.changed();
    }
    this.queue.push(message);
    this.pump();
  }

  private pump(): void {
    clearTimeout(this.timer);
    if (this.closed || this.queue.length === 0) return;
    const wait = this.readyAt - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => this.pump(), wait);
      return this.changed(); // (the screen offers to skip the wait)
    }
    this.readyAt = Date.now() + this.show(this.queue.shift()!);
    this.changed();
    if (this.queue.length > 0) this.timer = setTimeout(() => this.pump(), Math.max(0, this.readyAt - Date.now()));
  }

  /** Put one view on screen; returns the pause before the next. */
  private show(message: ViewMessage): number {
    const before = this.view;
    const view = message.view as unknown as MaView;
    this.view = view;
    this.shown = message.version;
    const factor = PACE_FACTOR[getPrefs().pace];
    if (view.ritual?.length && !before?.ritual?.length) {
      this.ritualShown++;
      play("flip");
      return (PAUSE.ritualRound * view.ritual.length + PAUSE.ritualEnd) * factor;
    }
    if (view.over && !before?.over) play("end");
    const newUp = view.up.length > 0 && (before?.up.length ?? 0) === 0;
    if (newUp) {
      play("flip");
      return (this.computer(view.turn[0] ?? -1) ? PAUSE.firstCard : PAUSE.other) * factor;
    }
    if (view.last && lastChanged(before, view)) {
      play(view.last.took ? "pair" : view.last.cards.length > 1 ? "miss" : "flip");
      // The pace speeds up the computers only: a person's cards stay as long at every pace
      // (a child must see where they lay), unless the person skips the wait.
      const ms = this.computer(view.last.seat) ? PAUSE.secondCard * factor : HOLD_PERSON;
      this.hold(ms);
      return ms;
    }
    return PAUSE.other * factor;
  }

  /** Keep the finished turn's cards turned for `ms`. */
  private hold(ms: number): void {
    clearTimeout(this.holdTimer);
    this.holding = ms > 0;
    if (ms <= 0) return;
    this.holdTimer = setTimeout(() => {
      this.holding = false;
      this.changed();
    }, ms);
  }
}

/** Whether `view` ends a turn `before` had not ended yet (its `last` is another turn's). */
function lastChanged(before: MaView | null, view: MaView): boolean {
  if (!view.last) return false;
  if (!before?.last) return true;
  const a = before.last.cards.map((card) => card.id).join(" ");
  const b = view.last.cards.map((card) => card.id).join(" ");
  return a !== b || before.last.seat !== view.last.seat || before.remaining !== view.remaining || before.up.length > 0;
}
