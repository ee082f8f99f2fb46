// One running Kostkový poker game on screen: the table connection, the view shown, and the
// pace at which messages are shown. Computer players move at once (locally inside one
// message exchange, online within milliseconds), so messages wait in a queue and are shown
// one after another with short pauses: the person sees who kept, bet, raised or folded.
// At the end of a hand the showdown stays on screen until the person goes on (the engine
// has already dealt the next hand by then). Shapes and pacing only: rules stay in Python.
// In a hot-seat game (net/local.ts HotSeatTable) the views come from one seat, then, after a
// hand-over, from another: what was still queued for the first seat is dropped (its dice
// are its own), and events already shown for one seat are not told or held again.
import type { Action, ViewMessage } from "../../net/protocol";
import { PlaySession } from "../../kit/session";
import { freshId } from "../../net/session";
import type { KpEvent, KpView, LastHand, ShowdownPot } from "./types";
import { PACE_FACTOR, getPrefs } from "./prefs";
import { play } from "./sound";

export type { Failure } from "../../kit/session";

/** A line of the table's story, as events (words come from the screen, per language). */
export interface LogLine {
  id: number;
  event: KpEvent;
}

/** A finished hand held on screen: its showdown (pots with winners), or the uncontested
 *  winner; `chipsAfter` are everyone's chips right after it (before the next ante). */
export interface HandOver {
  id: number;
  last: LastHand;
  pots: ShowdownPot[] | null;
  uncontested: { seat: number; won: number } | null;
  out: number[];
  chipsAfter: number[];
  over: boolean;
  /** The view before the message that ended the hand (the table as it last stood). */
  before: KpView | null;
}

/** Pauses (ms) after showing a message, by what happened in it. */
const PAUSE = { table: 900, acted: 750, chosen: 260, revealed: 650, hand: 500, own: 150, other: 200 };
const LOG_LINES = 40;
/** With an action timer a finished hand stays at most this long (or a quarter of a turn). */
const AUTO_GO_ON_MS = 7000;
/** A person out of the game watches: each later hand stays this long, times the pace. */
const WATCH_HOLD_MS = 3000;
/** Whether the log tells an event (own rolls and keeps show on the table, rounds in the bar). */
const LOGGED = (event: KpEvent) => event.type !== "rolled" && event.type !== "kept" && event.type !== "round";

export class KpSession extends PlaySession<KpView> {
  // `view` is the view on screen (it may lag behind the newest one while the queue plays out).
  log: LogLine[] = [];
  /** A finished hand to show until the person goes on (`goOn`); at a table with an action
   *  timer at most a few seconds (the next hand's keeping already runs). */
  handOver: HandOver | null = null;
  /** Bumped when dice are rolled, to start the roll animation: own dice, table dice (from
   *  the index `tableFrom` on: the dice that just came). */
  rolls = { own: 0, table: 0, tableFrom: 0 };
  private queue: ViewMessage[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private autoTimer: ReturnType<typeof setTimeout> | undefined;
  private readyAt = 0;
  /** The person asked for the results ("Rovnou na výsledky"): whatever comes is shown at
   *  once, no hand held, up to the end. */
  private toEnd = false;
  /** The newest table version whose events are on screen (the log, a held hand). */
  private seen = 0;

  /** Whether the person may act now: the newest view is on screen (or, while keeping, the
   *  newest still asks for the keep) and no action of theirs waits for its answer. */
  get ready(): boolean {
    if (this.view === null || this.handOver !== null || this.awaitingAnswer) return false;
    if (this.queue.length === 0) return true;
    // Keeping is simultaneous: the others' choices still being shown need not hold it up.
    const latest = this.latest;
    return this.view.actions.includes("keep") && latest !== null && latest.hand === this.view.hand && latest.actions.includes("keep");
  }

  /** The newest view received (the one on screen, or the last one still queued). */
  get latest(): KpView | null {
    const last = this.queue[this.queue.length - 1];
    return last ? (last.view as unknown as KpView) : this.view;
  }

  /** Whether messages still wait to be shown. */
  get catchingUp(): boolean {
    return this.queue.length > 0;
  }

  act(action: Action): void {
    this.send(action, action.type !== "stop");
    this.changed();
  }

  /** Leave the finished hand on screen and go on to the next one (or the end). */
  goOn(): void {
    if (!this.handOver) return;
    this.handOver = null;
    this.readyAt = Date.now();
    this.changed();
    this.pump();
  }

  /** Show everything queued at once (the person does not want to wait). */
  hurry(): void {
    while (this.queue.length > 0 && this.handOver === null) this.show(this.queue.shift()!);
    this.readyAt = Date.now();
    this.changed();
  }

  /** Show everything queued, finished hands too, up to the newest view (a person out of
   *  the game does not need to watch the computer players' hands one by one). */
  skipAll(): void {
    this.handOver = null;
    while (this.queue.length > 0) {
      this.show(this.queue.shift()!);
      this.handOver = null;
    }
    this.readyAt = Date.now();
    this.changed();
  }

  /** Go straight to the results (a person out of the game): what is queued is shown at once,
   *  and so is whatever comes later (a table whose computer players still play on). */
  toResults(): void {
    this.toEnd = true;
    clearTimeout(this.autoTimer);
    this.skipAll();
  }

  /** The pace was changed: the wait under way is cut to the new pace's at once. */
  repace(): void {
    if (PACE_FACTOR[getPrefs().pace] < 1) this.readyAt = Math.min(this.readyAt, Date.now() + PAUSE.other * PACE_FACTOR[getPrefs().pace]);
    if (this.handOver === null) this.pump();
    else this.holdWhileWatching();
  }

  close(): void {
    clearTimeout(this.timer);
    clearTimeout(this.autoTimer);
    super.close();
  }

  protected onView(message: ViewMessage): void {
    const seat = (message.view as unknown as KpView).seat;
    if (this.latest !== null && this.latest.seat !== seat) this.switchSeat();
    if (this.view === null && this.queue.length === 0 && this.catchUp(message)) return this.changed();
    this.queue.push(message);
    if (this.toEnd) return this.skipAll();
    this.pump();
  }

  /** Another person's seat comes on screen (hot seat): nothing of the previous seat's
   *  stays, neither queued views nor a finished hand held on screen. */
  private switchSeat(): void {
    clearTimeout(this.timer);
    clearTimeout(this.autoTimer);
    this.queue = [];
    this.handOver = null;
    this.view = null;
  }

  /** The first view after a reload (asked with since=0) carries the game so far: its
   *  events only rebuild the log (no sounds, no pauses, no showdown held on screen). A
   *  table further on than it gives events for (platform.md) says so in the log's first
   *  line. False for an ordinary first view: the start, or one step. */
  private catchUp(message: ViewMessage): boolean {
    const after = message.after ?? message.version;
    const gap = after === message.version && message.version > 0;
    if (!gap && message.version - after <= 1) return false;
    if (message.version > this.seen) {
      if (gap || after > 0) this.log.push({ id: freshId(), event: { type: "earlier" } });
      for (const event of message.events as KpEvent[]) {
        if (LOGGED(event)) this.log.push({ id: freshId(), event });
      }
      this.seen = message.version;
    }
    if (this.log.length > LOG_LINES) this.log = this.log.slice(-LOG_LINES);
    this.view = message.view as unknown as KpView;
    this.readyAt = Date.now();
    return true;
  }

  /** Show the next queued message when its time has come. */
  private pump(): void {
    clearTimeout(this.timer);
    if (this.closed || this.handOver !== null || this.queue.length === 0) return;
    const wait = this.readyAt - Date.now();
    if (wait > 0 && this.view !== null) {
      this.timer = setTimeout(() => this.pump(), wait);
      return;
    }
    const message = this.queue.shift()!;
    this.readyAt = Date.now() + this.show(message) * PACE_FACTOR[getPrefs().pace];
    this.changed();
    const held = (this.handOver as HandOver | null)?.id; // show() may have set it
    const seconds = this.view?.seconds ?? null;
    if (held !== undefined && seconds !== null) {
      clearTimeout(this.autoTimer);
      this.autoTimer = setTimeout(() => {
        if (this.handOver?.id === held) this.goOn();
      }, Math.min(AUTO_GO_ON_MS, seconds * 250));
      return;
    }
    if (held !== undefined) return this.holdWhileWatching();
    if (this.queue.length > 0) this.timer = setTimeout(() => this.pump(), Math.max(0, this.readyAt - Date.now()));
  }

  /** A hand held while the person, out of the game since an earlier hand, watches goes on
   *  by itself after a pause of the chosen pace (their own last hand waits for them). */
  private holdWhileWatching(): void {
    const over = this.handOver;
    const before = over?.before;
    if (!over || !before || before.players[before.seat]?.out == null) return;
    clearTimeout(this.autoTimer);
    this.autoTimer = setTimeout(() => {
      if (this.handOver?.id === over.id) this.goOn();
    }, WATCH_HOLD_MS * PACE_FACTOR[getPrefs().pace]);
  }

  /** Put one message on screen; returns the pause before the next. */
  private show(message: ViewMessage): number {
    const view = message.view as unknown as KpView;
    const me = view.seat;
    const first = this.view === null;
    if (message.version <= this.seen) {
      // Shown already, for another person's seat (hot seat): only this seat's view is new.
      this.view = view;
      return 0;
    }
    this.seen = message.version;
    let pause = PAUSE.other;
    let showdown: ShowdownPot[] | null = null;
    let uncontested: HandOver["uncontested"] = null;
    let ended = false;
    const out: number[] = [];
    for (const event of message.events as KpEvent[]) {
      const line: LogLine = { id: freshId(), event };
      switch (event.type) {
        case "hand":
          pause = Math.max(pause, PAUSE.hand);
          break;
        case "rolled":
          if (event.seat === me) {
            this.rolls.own++;
            play("roll");
          }
          break;
        case "table":
          this.rolls.table++;
          this.rolls.tableFrom = ((event.table as number[]) ?? []).length - ((event.dice as number[]) ?? []).length;
          play("roll");
          pause = Math.max(pause, PAUSE.table);
          break;
        case "chosen":
          pause = Math.max(pause, event.seat === me ? PAUSE.own : PAUSE.chosen);
          break;
        case "revealed":
          pause = Math.max(pause, PAUSE.revealed);
          break;
        case "acted": {
          const seat = Number(event.seat);
          if (Number(event.paid) > 0) play("chip");
          pause = Math.max(pause, seat === me ? PAUSE.own : PAUSE.acted);
          break;
        }
        case "showdown":
          showdown = (event.pots as ShowdownPot[]) ?? [];
          ended = true;
          break;
        case "uncontested":
          uncontested = { seat: Number(event.seat), won: Number(event.won) };
          ended = true;
          break;
        case "out":
          out.push(Number(event.seat));
          break;
      }
      if (LOGGED(event)) this.log.push(line);
    }
    if (this.log.length > LOG_LINES) this.log = this.log.slice(-LOG_LINES);
    // The hand that just ended was the newest one until this message: keep it on screen.
    if (ended && view.last_hand) {
      const won = view.last_hand.won[me] ?? 0;
      if (won > 0) play("win");
      this.handOver = {
        id: freshId(),
        last: view.last_hand,
        pots: showdown,
        uncontested,
        out,
        chipsAfter: view.players.map((p) => p.chips + p.put_in),
        over: view.game_over,
        before: this.view,
      };
    }
    if (view.turn.includes(me) && view.phase === "betting" && !first && !this.view?.turn.includes(me)) play("turn");
    this.view = view;
    return pause;
  }
}
