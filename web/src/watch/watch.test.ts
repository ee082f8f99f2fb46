// What one who watches knows (watch/watch.ts): the line's state from the watch socket's
// messages and closes, the view before the latest kept only when it is the step just before,
// the frames a game's replay view draws, the links; and the connection over a fake socket.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Incoming } from "../net/socket";
import { fakeBrowser, lastSocket } from "../testing/fakeSocket";
import { WatchConnection } from "./connection";
import { heard, lost, UNWATCHED, watchedFrames, watchLink, watchPath, type Watched, type WatchedView } from "./watch";

const seen = (turn: number, over = false, extra: object = {}): WatchedView => ({ game: "locus-poker", seat: null, over, turn: [turn], ...extra });
const view = (version: number, shown: WatchedView) => ({ t: "view", version, after: version, now: 0, view: shown, events: [] });

function after(...messages: Incoming[]): Watched {
  return messages.reduce<Watched>((state, message) => heard(state, message), UNWATCHED);
}

describe("the watched state", () => {
  it("is live from the first view, and counts each new version as a step", () => {
    const state = after(view(3, seen(0)), view(4, seen(1)));
    expect(state.link).toBe("live");
    expect(state.version).toBe(4);
    expect(state.view).toEqual(seen(1));
    expect(state.before).toEqual(seen(0));
    expect(state.steps).toBe(1);
  });

  it("keeps the view before only when it is the version just before", () => {
    expect(after(view(3, seen(0)), view(6, seen(1))).before).toBeNull();
    // The same version again (a new socket's first view) keeps the step as it was.
    const again = after(view(3, seen(0)), view(4, seen(1)), view(4, seen(1)));
    expect(again.before).toEqual(seen(0));
    expect(again.steps).toBe(1);
    // An older version (a message of a socket already replaced) changes nothing.
    const state = after(view(5, seen(0)));
    expect(heard(state, view(4, seen(1)))).toBe(state);
  });

  it("is over with a view that says so", () => {
    expect(after(view(9, seen(0, true))).link).toBe("over");
  });

  it("is refused when the host does not let people watch, by the error or the close", () => {
    expect(after(view(1, seen(0)), { t: "error", seq: null, code: "not_watchable", message: "No." }).link).toBe("not_watchable");
    expect(lost(after(view(1, seen(0))), 4403).link).toBe("not_watchable");
    expect(after({ t: "error", seq: null, code: "unknown_table", message: "No." }).link).toBe("unknown");
    expect(lost(UNWATCHED, 4404).link).toBe("unknown");
  });

  it("is reconnecting after any other drop, but an end stays an end", () => {
    expect(lost(after(view(1, seen(0))), 1006).link).toBe("reconnecting");
    expect(lost(after(view(1, seen(0))), null).link).toBe("reconnecting");
    expect(lost(after(view(2, seen(0, true))), 1006).link).toBe("over");
    expect(lost(after({ t: "error", code: "not_watchable" }), 1006).link).toBe("not_watchable");
  });

  it("lets pongs and other messages pass", () => {
    const state = after(view(1, seen(0)));
    expect(heard(state, { t: "pong", now: 5 })).toBe(state);
  });
});

describe("the frames of a watched table", () => {
  it("are none before a view, the view alone at first", () => {
    expect(watchedFrames(UNWATCHED)).toBeNull();
    expect(watchedFrames(after(view(3, seen(1))))).toEqual({
      data: { game: "locus-poker", seat: null, frames: [seen(1)], moves: [] },
      step: 0,
    });
  });

  it("are the view before and the latest, the move made by who was to move", () => {
    const frames = watchedFrames(after(view(3, seen(1)), view(4, seen(0))));
    expect(frames).toEqual({
      data: { game: "locus-poker", seat: null, frames: [seen(1), seen(0)], moves: [{ kind: "act", seat: 1, now: 0, action: null }] },
      step: 1,
    });
  });
});

describe("the players' names", () => {
  it("come with the players message, by table seat, into every frame", () => {
    const named = after(view(3, seen(1)), { t: "players", names: { "0": "Ada", "1": "Bob", "2": 7 } }, view(4, seen(0)));
    expect(named.names).toEqual({ 0: "Ada", 1: "Bob" });
    expect(watchedFrames(named)?.data.names).toEqual({ 0: "Ada", 1: "Bob" });
    expect(watchedFrames(after(view(3, seen(1))))?.data.names).toBeUndefined();
  });
});

describe("the watch links", () => {
  it("are the page's path and the absolute link on this site", () => {
    expect(watchPath("ab c")).toBe("/sledovat/ab%20c");
    expect(watchLink("T1", { origin: "https://klubovna.test", pathname: "/" })).toBe("https://klubovna.test/#/sledovat/T1");
  });
});

describe("the watch connection", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0);
    fakeBrowser();
  });
  afterEach(() => vi.useRealTimers());

  it("watches the table, reconnects from the last version, and stops once refused", () => {
    const conn = new WatchConnection("T1");
    const links: string[] = [];
    conn.subscribe(() => links.push(conn.state.link));
    const first = lastSocket();
    expect(first.url).toBe("wss://klubovna.test/ws/tables/T1");
    first.accept();
    expect(first.sent).toEqual([{ t: "watch" }]);
    first.receive(view(5, seen(0)));
    first.drop(1006);
    vi.advanceTimersByTime(500);
    const second = lastSocket().accept();
    expect(second.sent).toEqual([{ t: "watch", since: 5 }]);
    second.receive(view(6, seen(1)));
    second.receive({ t: "error", seq: null, code: "not_watchable", message: "Stopped." });
    second.drop(4403);
    vi.advanceTimersByTime(60_000);
    expect(lastSocket()).toBe(second); // no new socket
    expect(links).toEqual(["live", "reconnecting", "live", "not_watchable"]);
    // Asked again, it watches anew.
    conn.retry();
    expect(lastSocket()).not.toBe(second);
    conn.close();
  });

  it("closes its socket once the game is over", () => {
    const conn = new WatchConnection("T2");
    const socket = lastSocket().accept();
    socket.receive(view(40, seen(0, true)));
    expect(conn.state.link).toBe("over");
    expect(socket.closedWith).toBe(1000);
    conn.close();
  });
});
