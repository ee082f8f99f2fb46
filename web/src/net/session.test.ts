// The table session every game's session extends (net/session.ts), over a fake connection:
// views to the game, the table's clock, an action awaiting its answer, refusals kept, a table
// gone for good told even to a late listener, and nothing heard after close.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Listeners, type Action, type ServerMessage, type TableConnection, type ViewMessage } from "./protocol";
import { FATAL, TableSession } from "./session";

class FakeTable implements TableConnection {
  readonly kind = "remote";
  readonly listeners = new Listeners();
  sent: Action[] = [];
  closed = false;

  act(action: Action): number {
    this.sent.push(action);
    return this.sent.length;
  }

  listen(listener: (message: ServerMessage) => void): () => void {
    return this.listeners.add(listener);
  }

  close(): void {
    this.closed = true;
  }

  say(message: ServerMessage): void {
    this.listeners.emit(message);
  }
}

/** A game's session as small as can be: it shows each view at once. */
class Session extends TableSession<string> {
  fatalSeen = false;

  protected onView(message: ViewMessage): void {
    this.view = String(message.view);
    this.changed();
  }

  protected onFatal(): void {
    this.fatalSeen = this.fatal === null; // called before `fatal` is set
  }

  play(action: Action, wait = true): number {
    return this.send(action, wait);
  }

  get waiting(): boolean {
    return this.awaitingAnswer;
  }
}

let table: FakeTable;
let session: Session;
const view = (version: number, text: string, extra: Partial<ViewMessage> = {}): ServerMessage => ({ t: "view", version, now: 1_000_000, view: text, events: [], ...extra });
const refusal = (seq: number | null, code: string): ServerMessage => ({ t: "error", seq, code, message: `${code}!` });

beforeEach(() => {
  vi.stubGlobal("window", {});
  table = new FakeTable();
  session = new Session(table);
});

describe("a session", () => {
  it("hands each view to the game and tells its listeners", () => {
    const heard = vi.fn();
    session.subscribe(heard);
    table.say(view(1, "first"));
    table.say(view(2, "second"));
    expect(session.view).toBe("second");
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it("keeps the table's clock offset from each message's now", () => {
    vi.spyOn(Date, "now").mockReturnValue(999_000);
    table.say(view(1, "v"));
    expect(session.offset).toBe(1_000);
    table.say({ t: "pong", now: 998_500 });
    expect(session.offset).toBe(-500);
  });

  it("waits for an action's answer: a view acknowledging it, or its refusal", () => {
    expect(session.play({ type: "move" })).toBe(1);
    expect(session.waiting).toBe(true);
    table.say(view(1, "v", { ack: 0 }));
    expect(session.waiting).toBe(true);
    table.say(view(2, "v", { ack: 1 }));
    expect(session.waiting).toBe(false);
    session.play({ type: "bad" });
    table.say(refusal(2, "not_your_turn"));
    expect(session.waiting).toBe(false);
    session.play({ type: "free" }, false);
    expect(session.waiting).toBe(false);
    expect(table.sent.map((action) => action.type)).toEqual(["move", "bad", "free"]);
  });

  it("keeps the last refusal, each with a new id", () => {
    table.say(refusal(1, "not_your_turn"));
    const first = session.error!;
    table.say(refusal(2, "not_your_turn"));
    expect(session.error).toMatchObject({ code: "not_your_turn", message: "not_your_turn!" });
    expect(session.error!.id).not.toBe(first.id);
    expect(session.fatal).toBeNull();
  });
});

describe("a table gone for good", () => {
  it("is fatal only without a seq and for the fatal codes", () => {
    expect([...FATAL].sort()).toEqual(["bad_key", "unknown_table"]);
    table.say(refusal(3, "unknown_table"));
    expect(session.fatal).toBeNull();
    table.say(refusal(null, "rate_limited"));
    expect(session.fatal).toBeNull();
    table.say(refusal(null, "unknown_table"));
    expect(session.fatal).toMatchObject({ code: "unknown_table" });
    expect(session.fatalSeen).toBe(true);
  });

  it("is told to a listener that comes after it", async () => {
    table.say(refusal(null, "bad_key"));
    const late = vi.fn();
    session.subscribe(late);
    expect(late).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(late).toHaveBeenCalledTimes(1);
  });

  it("is not told to a listener that left before the moment came", async () => {
    table.say(refusal(null, "bad_key"));
    const gone = vi.fn();
    session.subscribe(gone)();
    await Promise.resolve();
    expect(gone).not.toHaveBeenCalled();
  });
});

describe("close", () => {
  it("closes the table and hears nothing more", () => {
    const heard = vi.fn();
    session.subscribe(heard);
    session.close();
    expect(table.closed).toBe(true);
    table.say(view(5, "late"));
    expect(session.view).toBeNull();
    expect(heard).not.toHaveBeenCalled();
  });
});
