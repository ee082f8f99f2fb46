// One running round of Žolíky s kameny on screen: the newest view and, on the player's own
// turn, the unconfirmed turn being edited (edit.ts), with the engine's check of each set.
// The turn is kept where the page says (`keepTurn`: a local game's slot), so a reload goes
// on with the edits. In a hot-seat game the views come from one seat, then another: a turn
// belongs to its seat and version, and a new view starts it afresh.
import type { ViewMessage } from "../../net/protocol";
import { PlaySession } from "../../kit/session";
import { addTo, current, differs, edited, fits, newSet, restored, startDraft, tableOf, toRack, undone, type Draft, type TableSet, type Turn } from "./edit";
import { checkSets, judgePlay, type SetCheck, type Verdict } from "./engine";
import type { Tile, ZkView } from "./types";

export type { Failure } from "../../kit/session";

export interface LastMove {
  type: string;
  seat: number;
  laid: Tile[];
}

/** A set's pieces as one string: the key of its check. */
export function signature(set: TableSet): string {
  return set.pieces.map((piece) => piece.id).join(" ");
}

/** Where a turn in progress is kept (null: forget it), and the one kept before. */
export interface TurnStore {
  load(): unknown;
  save(turn: Turn | null): void;
}

export class ZkSession extends PlaySession<ZkView> {
  /** The turn being edited: only while this seat is to move. */
  turn: Turn | null = null;
  /** The engine's reading of each set of the edited table, by its pieces (`signature`;
   *  absent: not asked yet, or no engine in this browser). */
  checks = new Map<string, SetCheck>();
  /** The engine's judgement of the whole edited table (rules.check_play); null while the
   *  table is as the turn began, not asked yet, or with no engine in this browser. */
  verdict: Verdict | null = null;
  version = 0;
  /** The last move at the table: who played (and which tiles), drew or passed. */
  last: LastMove | null = null;
  /** Whether the engine is reading the edited sets now (the table is aria-busy). */
  reading = false;
  private checking = 0;

  constructor(conn: ConstructorParameters<typeof PlaySession>[0], private store: TurnStore | null = null) {
    super(conn);
  }

  get draft(): Draft | null {
    return this.turn ? current(this.turn) : null;
  }

  /** Whether the edited table differs from the turn's start (edits may lead back to it). */
  get changedTable(): boolean {
    return this.turn !== null && differs(this.turn.start, current(this.turn));
  }

  /** Whether the player may act now (their turn, no action waiting for its answer). */
  get ready(): boolean {
    return this.view !== null && !this.awaitingAnswer && this.view.turn.includes(this.view.seat);
  }

  newSet(ids: string[]): void {
    this.edit((draft) => newSet(draft, ids));
  }

  addTo(setId: string, ids: string[]): void {
    this.edit((draft) => addTo(draft, setId, ids));
  }

  toRack(ids: string[]): void {
    this.edit((draft) => toRack(draft, ids));
  }

  /** A whole new table (a hint's arrangement) as one edit. */
  arrange(draft: Draft): void {
    this.edit(() => draft);
  }

  undo(): void {
    if (this.turn) this.update(undone(this.turn));
  }

  restore(): void {
    if (this.turn) this.update(restored(this.turn));
  }

  /** Confirm the edited table (the engine judges it as a whole). */
  confirm(): void {
    const draft = this.draft;
    if (!draft || !this.ready) return;
    this.send({ type: "play", table: tableOf(draft) }, true);
    this.changed();
  }

  /** Restore the edits and draw a tile (or pass on an empty pool): one press ends the turn. */
  drawOrPass(): void {
    if (!this.ready || !this.view) return;
    if (this.turn) this.update(restored(this.turn));
    this.send({ type: this.view.actions.includes("pass") ? "pass" : "draw" }, true);
    this.changed();
  }

  protected onView(message: ViewMessage): void {
    const view = message.view as unknown as ZkView;
    this.view = view;
    this.version = message.version;
    for (const event of message.events) {
      const type = String(event.type);
      if (type === "played" || type === "drew" || type === "passed") {
        const laid = event.laid;
        this.last = { type, seat: Number(event.seat), laid: Array.isArray(laid) ? (laid as Tile[]) : [] };
      }
      if (type === "started") this.last = null;
    }
    const mine = view.turn.includes(view.seat) && view.started && !view.over;
    if (!mine) {
      if (this.turn) this.store?.save(null);
      this.turn = null;
    } else if (!this.turn || this.turn.version !== message.version || this.turn.seat !== view.seat) {
      const start = startDraft(view.table, view.rack);
      const saved = this.store?.load() ?? null;
      this.turn = fits(saved, message.version, view.seat, start) ? saved : { version: message.version, seat: view.seat, start, edits: [] };
      this.recheck();
    }
    this.changed();
  }

  private edit(change: (draft: Draft) => Draft): void {
    const draft = this.draft;
    if (!this.turn || !draft || !this.ready) return;
    this.update(edited(this.turn, change(draft)));
  }

  private update(turn: Turn): void {
    this.turn = turn;
    this.store?.save(turn.edits.length > 0 ? turn : null);
    this.recheck();
    this.changed();
  }

  /** Ask the engine how each new or changed set reads (a set as the turn started lies on
   *  the table already, in its reading's order) and whether the whole edited table could be
   *  confirmed (the initial meld's 30…); a later edit's answer wins. */
  private recheck(): void {
    const turn = this.turn;
    const draft = this.draft;
    const view = this.view;
    if (!turn || !draft || !view) return;
    const asked = ++this.checking;
    const known = new Set(turn.start.sets.map(signature));
    const fresh = draft.sets.filter((set) => !known.has(signature(set)));
    const checks = new Map<string, SetCheck>(
      [...known].map((key) => [key, { code: null, order: key.split(" ").map((_, i) => i) }]),
    );
    let verdict: Verdict | null = null;
    const done = () => {
      if (asked !== this.checking || this.closed) return;
      this.checks = checks;
      this.verdict = verdict;
      this.reading = false;
      this.changed();
    };
    const whole = differs(turn.start, draft);
    if (fresh.length === 0 && !whole) return done();
    this.reading = true;
    Promise.all([
      checkSets(fresh.map((set) => set.pieces.map((piece) => piece.tile))),
      whole ? judgePlay(view.table, view.rack, view.melded, tableOf(draft)) : null,
    ]).then(
      ([answers, judged]) => {
        fresh.forEach((set, i) => checks.set(signature(set), answers[i]));
        verdict = judged;
        done();
      },
      () => {
        // no engine in this browser: the confirmed play is judged all the same
        if (asked === this.checking) this.reading = false;
      },
    );
  }
}
