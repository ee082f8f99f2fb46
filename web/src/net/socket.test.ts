// The one reconnecting socket (net/socket.ts), with a fake WebSocket and fake timers: the
// hello, actions resent until acknowledged, whole views from public updates, the ping, a
// silent line given up, and new sockets after growing pauses.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeSocket, fakeBrowser, lastSocket } from "../testing/fakeSocket";
import { ReconnectingSocket, type Incoming, type SocketOptions } from "./socket";

let browser: ReturnType<typeof fakeBrowser>;
let received: Incoming[];
let losses: Array<number | null>;
let tryAgain: boolean;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, "random").mockReturnValue(0); // no jitter: the pauses are exact
  browser = fakeBrowser();
  received = [];
  losses = [];
  tryAgain = true;
});

afterEach(() => {
  vi.useRealTimers();
});

function connect(options: SocketOptions = {}, seq = 0): ReconnectingSocket {
  const owner = {
    receive: (message: Incoming) => void received.push(message),
    lost: (code: number | null) => {
      losses.push(code);
      return tryAgain;
    },
  };
  const socket = new ReconnectingSocket("/ws/tables/t1", "seat-key", owner, seq, options);
  socket.open();
  return socket;
}

const view = (version: number, fields: object, extra: object = {}) => ({ t: "view", version, now: 0, view: fields, events: [], ...extra });
const act = (seq: number, type = "move") => ({ t: "act", seq, action: { type } });

describe("the hello", () => {
  it("opens wss on the page's host and says the seat key, without since at first", () => {
    connect();
    const socket = lastSocket();
    expect(socket.url).toBe("wss://klubovna.test/ws/tables/t1");
    socket.accept();
    expect(socket.sent).toEqual([{ t: "hello", key: "seat-key" }]);
  });

  it("asks from the owner's since, then from the last version seen", () => {
    connect({ since: 0 });
    const first = lastSocket().accept();
    expect(first.sent[0]).toEqual({ t: "hello", key: "seat-key", since: 0 });
    first.receive(view(12, { a: 1 }));
    first.drop();
    vi.advanceTimersByTime(500);
    expect(lastSocket().accept().sent[0]).toEqual({ t: "hello", key: "seat-key", since: 12 });
  });
});

describe("one who watches", () => {
  it("has no key: says watch instead of hello, then asks from the last version seen", () => {
    const owner = { receive: (message: Incoming) => void received.push(message), lost: () => true };
    new ReconnectingSocket("/ws/tables/t1", null, owner).open();
    const first = lastSocket().accept();
    expect(first.sent).toEqual([{ t: "watch" }]);
    first.receive(view(7, { seat: null }));
    expect(received).toEqual([view(7, { seat: null })]);
    first.drop();
    vi.advanceTimersByTime(500);
    expect(lastSocket().accept().sent).toEqual([{ t: "watch", since: 7 }]);
  });
});

describe("actions", () => {
  it("are numbered and sent at once on an open socket", () => {
    const line = connect({}, 4);
    const socket = lastSocket().accept();
    expect(line.act({ type: "draw" })).toBe(5);
    expect(line.act({ type: "pass" })).toBe(6);
    expect(socket.frames("act")).toEqual([act(5, "draw"), act(6, "pass")]);
    expect(line.lastSeq).toBe(6);
  });

  it("wait for the socket when there is none, and follow the hello", () => {
    const line = connect();
    line.act({ type: "draw" });
    const socket = lastSocket().accept();
    expect(socket.sent).toEqual([{ t: "hello", key: "seat-key" }, act(1, "draw")]);
  });

  it("are resent with the same number on a new socket until a view acknowledges them", () => {
    const line = connect();
    const first = lastSocket().accept();
    line.act({ type: "a" });
    line.act({ type: "b" });
    line.act({ type: "c" });
    first.receive(view(3, {}, { ack: 2 }));
    first.drop();
    vi.advanceTimersByTime(500);
    const second = lastSocket().accept();
    expect(second.frames("act")).toEqual([act(3, "c")]);
    second.receive(view(4, {}, { ack: 3 }));
    second.drop();
    vi.advanceTimersByTime(1000); // the second pause in a row is twice as long
    expect(FakeSocket.made).toHaveLength(3);
    expect(lastSocket().accept().frames("act")).toEqual([]);
  });

  it("are not resent once the table refused them", () => {
    const line = connect();
    const first = lastSocket().accept();
    line.act({ type: "bad" });
    first.receive({ t: "error", seq: 1, code: "not_your_turn", message: "Not your turn." });
    expect(received.at(-1)).toMatchObject({ t: "error", code: "not_your_turn" });
    first.drop();
    vi.advanceTimersByTime(500);
    expect(lastSocket().accept().frames("act")).toEqual([]);
  });

  it("go on from the owner's floor on each new socket (another tab acted)", () => {
    let floor = 10;
    const line = connect({ seqFloor: () => floor });
    const first = lastSocket().accept();
    expect(line.act({ type: "a" })).toBe(11);
    floor = 20;
    first.receive(view(1, {}, { ack: 11 }));
    first.drop();
    vi.advanceTimersByTime(500);
    lastSocket().accept();
    expect(line.act({ type: "b" })).toBe(21);
  });
});

describe("messages", () => {
  it("count the version and make a public update whole from the last view", () => {
    const line = connect();
    const socket = lastSocket().accept();
    socket.receive(view(1, { board: "x", hand: [1, 2] }));
    socket.receive(view(2, { board: "y" }, { public: true }));
    expect(line.version).toBe(2);
    expect(received.map((message) => message.view)).toEqual([
      { board: "x", hand: [1, 2] },
      { board: "y", hand: [1, 2] },
    ]);
  });

  it("pass on other messages as they are and skip what is not JSON", () => {
    connect();
    const socket = lastSocket().accept();
    socket.receive("{not json");
    socket.receive({ t: "lobby", players: [] });
    expect(received).toEqual([{ t: "lobby", players: [] }]);
  });

  it("of a replaced socket are not heard", () => {
    connect();
    const old = lastSocket().accept();
    old.drop();
    vi.advanceTimersByTime(500);
    lastSocket().accept();
    old.receive(view(9, { stale: true }));
    old.drop();
    expect(received).toEqual([]);
    expect(losses).toEqual([1006]);
    expect(FakeSocket.made).toHaveLength(2);
  });
});

describe("a lost line", () => {
  it("tells the owner the close code and opens again after 0.5, 1, 2… s, up to 10 s", () => {
    connect();
    const pauses: number[] = [];
    for (let drop = 0; drop < 7; drop++) {
      lastSocket().accept().drop(1011);
      const before = FakeSocket.made.length;
      let waited = 0;
      while (FakeSocket.made.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      pauses.push(waited);
    }
    expect(pauses).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(losses).toEqual(Array(7).fill(1011));
  });

  it("opens again at once when the server restarts (1012), then after the usual pauses", () => {
    connect();
    lastSocket().accept().drop(1012);
    vi.advanceTimersByTime(0); // (Math.random is 0 here: the spread of 0.1 s is not waited)
    expect(FakeSocket.made).toHaveLength(2);
    lastSocket().drop(1012); // nobody there yet: the second try waits as after any drop
    vi.advanceTimersByTime(999);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);
    expect(losses).toEqual([1012, 1012]);
  });

  it("starts again from the short pause once the line is healthy", () => {
    const line = connect({ pauses: { first: 100, last: 1000 } });
    lastSocket().accept().drop();
    vi.advanceTimersByTime(100);
    lastSocket().accept().drop();
    vi.advanceTimersByTime(199);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);
    line.healthy();
    lastSocket().accept().drop();
    vi.advanceTimersByTime(100);
    expect(FakeSocket.made).toHaveLength(4);
  });

  it("is not tried again when the owner says so", () => {
    tryAgain = false;
    connect();
    lastSocket().accept().drop(4001);
    vi.advanceTimersByTime(60_000);
    expect(losses).toEqual([4001]);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it("is tried again at once when the browser comes back online or the tab shows", () => {
    connect();
    lastSocket().accept().drop();
    browser.window.dispatchEvent(new Event("online"));
    expect(FakeSocket.made).toHaveLength(2);
    lastSocket().accept().drop();
    browser.document.dispatchEvent(new Event("visibilitychange"));
    expect(FakeSocket.made).toHaveLength(3);
    // …and the pause that was running opens no second socket.
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(3);
  });

  it("is not woken while a socket is open", () => {
    connect();
    lastSocket().accept();
    browser.window.dispatchEvent(new Event("online"));
    expect(FakeSocket.made).toHaveLength(1);
  });
});

describe("the heartbeat", () => {
  it("pings every 10 s while the server is heard", () => {
    connect();
    const socket = lastSocket().accept();
    vi.advanceTimersByTime(9_999);
    expect(socket.frames("ping")).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.frames("ping")).toHaveLength(1);
    socket.receive({ t: "pong", now: 0 });
    vi.advanceTimersByTime(20_000);
    expect(socket.frames("ping")).toHaveLength(3);
  });

  it("gives up a line silent for over 30 s without waiting for a close, and opens a new one", () => {
    connect();
    const socket = lastSocket().accept();
    vi.advanceTimersByTime(30_000);
    expect(socket.closedWith).toBeUndefined();
    vi.advanceTimersByTime(10_000);
    expect(socket.closedWith).toBeDefined();
    expect(losses).toEqual([null]);
    vi.advanceTimersByTime(500);
    expect(FakeSocket.made).toHaveLength(2);
    // The old socket's close event, whenever it comes, is not a second loss.
    socket.drop();
    expect(losses).toEqual([null]);
  });

  it("keeps a line that answers", () => {
    connect();
    const socket = lastSocket().accept();
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(10_000);
      socket.receive({ t: "pong", now: 0 });
    }
    expect(socket.closedWith).toBeUndefined();
    expect(FakeSocket.made).toHaveLength(1);
  });
});

describe("stop and close", () => {
  it("stop ends the pings and the pending retry until the next open", () => {
    const line = connect();
    lastSocket().accept().drop();
    line.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    line.open();
    expect(FakeSocket.made).toHaveLength(2);
  });

  it("stop with a code closes the socket with it", () => {
    const line = connect();
    const socket = lastSocket().accept();
    line.stop(1000);
    expect(socket.closedWith).toBe(1000);
    vi.advanceTimersByTime(30_000);
    expect(socket.frames("ping")).toEqual([]);
  });

  it("close ends for good: no new socket, not even when the browser comes online", () => {
    const line = connect();
    const socket = lastSocket().accept();
    line.close();
    expect(socket.closedWith).toBe(1000);
    socket.drop(1000);
    browser.window.dispatchEvent(new Event("online"));
    line.open();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(losses).toEqual([]);
    expect(line.send({ t: "ping" })).toBe(false);
  });
});
