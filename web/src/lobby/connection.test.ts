// One person's socket to a lobby (lobby/connection.ts) over a fake WebSocket: the line's
// states (open, reconnecting, taken over, unknown, a bad key, left), action numbers kept for
// the other tabs, the game's messages apart from the lobby's, and a round's own view of it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeSocket, fakeBrowser, lastSocket } from "../testing/fakeSocket";
import { freshStorage } from "../testing/memoryStorage";
import { LobbyConnection } from "./connection";
import { loadSeat, saveSeat, type SavedSeat } from "./seats";

let seat: SavedSeat;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, "random").mockReturnValue(0);
  fakeBrowser();
  freshStorage();
  seat = { code: "ABCDEF", key: "seat-key", seat: 0, profile: false, lastSeq: 0, at: Date.now() };
  saveSeat(seat);
});

afterEach(() => {
  vi.useRealTimers();
});

const lobby = { t: "lobby", lobby: { code: "ABCDEF", members: [] } };
const view = (version: number) => ({ t: "view", version, now: 0, view: { v: version }, events: [] });

function connect(history = false): { lobby: LobbyConnection; links: string[] } {
  const connection = new LobbyConnection(seat, history);
  const links: string[] = [];
  connection.watch(() => links.push(connection.link));
  return { lobby: connection, links };
}

describe("the line", () => {
  it("opens on the lobby's path and is open once the lobby is heard", () => {
    const { lobby: connection } = connect();
    const socket = lastSocket();
    expect(socket.url).toBe("wss://klubovna.test/ws/lobbies/ABCDEF");
    socket.accept();
    expect(socket.sent[0]).toEqual({ t: "hello", key: "seat-key" });
    expect(connection.link).toBe("connecting");
    socket.receive(lobby);
    expect(connection.link).toBe("open");
    expect(connection.lobby).toEqual(lobby.lobby);
  });

  it("asks for the game's whole story with history", () => {
    connect(true);
    expect(lastSocket().accept().sent[0]).toEqual({ t: "hello", key: "seat-key", since: 0 });
  });

  it("says reconnecting after a drop, and open again on a new socket", () => {
    const { lobby: connection, links } = connect();
    lastSocket().accept().receive(lobby);
    lastSocket().drop(1006);
    expect(connection.link).toBe("reconnecting");
    vi.advanceTimersByTime(500);
    lastSocket().accept().receive(lobby);
    expect(links).toEqual(["open", "reconnecting", "open"]);
  });

  it("stops when another tab takes the seat over, and takes it back when asked", () => {
    const { lobby: connection } = connect();
    lastSocket().accept().receive(lobby);
    lastSocket().receive({ t: "taken_over" });
    lastSocket().drop(4001);
    expect(connection.link).toBe("taken_over");
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    connection.takeBack();
    expect(connection.link).toBe("connecting");
    expect(FakeSocket.made).toHaveLength(2);
  });

  it("gives up on a lobby the server does not know", () => {
    const { lobby: connection } = connect();
    lastSocket().accept().receive({ t: "error", seq: null, code: "unknown_lobby", message: "No such lobby." });
    lastSocket().drop(4404);
    vi.advanceTimersByTime(60_000);
    expect(connection.link).toBe("unknown");
    expect(FakeSocket.made).toHaveLength(1);
  });

  it("closes for a key that opens no seat", () => {
    const { lobby: connection } = connect();
    const socket = lastSocket().accept();
    socket.receive({ t: "error", seq: null, code: "bad_key", message: "Bad key." });
    expect(connection.link).toBe("bad_key");
    expect(socket.closedWith).toBe(1000);
    socket.drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it("keeps another refusal of a lobby command as a failure, the line open", () => {
    const { lobby: connection } = connect();
    const socket = lastSocket().accept();
    socket.receive(lobby);
    connection.start();
    expect(socket.frames("start")).toHaveLength(1);
    socket.receive({ t: "error", seq: null, code: "not_host", message: "Only the host starts." });
    expect(connection.failure).toMatchObject({ code: "not_host" });
    expect(connection.link).toBe("open");
    connection.again(false);
    expect(connection.failure).toBeNull();
    expect(socket.frames("again")).toEqual([{ t: "again", agree: false }]);
  });
});

describe("leaving", () => {
  it("sends leave and ends as left when the server closes", () => {
    const { lobby: connection } = connect();
    const socket = lastSocket().accept();
    socket.receive(lobby);
    connection.leave();
    expect(socket.frames("leave")).toHaveLength(1);
    socket.drop(1000);
    expect(connection.link).toBe("left");
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it("is at once without a socket", () => {
    const { lobby: connection } = connect();
    connection.leave();
    expect(connection.link).toBe("left");
  });
});

describe("the game on the line", () => {
  it("numbers actions on from the seat's last one, kept for the other tabs", () => {
    seat = { ...seat, lastSeq: 7 };
    saveSeat(seat);
    const { lobby: connection } = connect();
    lastSocket().accept();
    expect(connection.act({ type: "move" })).toBe(8);
    expect(loadSeat("ABCDEF")?.lastSeq).toBe(8);
    expect(lastSocket().frames("act")).toEqual([{ t: "act", seq: 8, action: { type: "move" } }]);
  });

  it("goes on after another tab's actions on a new socket", () => {
    const { lobby: connection } = connect();
    lastSocket().accept().drop();
    saveSeat({ ...seat, lastSeq: 20 }); // another tab acted meanwhile
    vi.advanceTimersByTime(500);
    lastSocket().accept();
    expect(connection.act({ type: "move" })).toBe(21);
  });

  it("hands the game its views, pongs and refusals, not the lobby's messages", () => {
    const { lobby: connection } = connect();
    const heard: string[] = [];
    connection.listen((message) => heard.push(message.t));
    const socket = lastSocket().accept();
    socket.receive(lobby);
    socket.receive(view(1));
    socket.receive({ t: "pong", now: 0 });
    socket.receive({ t: "error", seq: 1, code: "not_your_turn", message: "No." });
    expect(heard).toEqual(["view", "pong", "error"]);
    expect(connection.hasView).toBe(true);
    expect(connection.failure).toBeNull();
  });

  it("gives a round its own listening, ended by closing the round only", () => {
    const { lobby: connection } = connect();
    const round = connection.forRound();
    const heard = vi.fn();
    round.listen(heard);
    const socket = lastSocket().accept();
    socket.receive(view(1));
    round.close();
    socket.receive(view(2));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(socket.closedWith).toBeUndefined();
    expect(round.code).toBe("ABCDEF");
  });
});

describe("watching", () => {
  it("the host lets people watch or stops them with one frame; nothing without a line", () => {
    const { lobby: connection } = connect();
    expect(connection.watching(false)).toBe(false);
    const socket = lastSocket().accept();
    socket.receive(lobby);
    expect(connection.watching(false)).toBe(true);
    expect(connection.watching(true)).toBe(true);
    expect(socket.frames("watching")).toEqual([{ t: "watching", on: false }, { t: "watching", on: true }]);
  });
});
