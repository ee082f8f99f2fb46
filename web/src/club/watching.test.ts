import { describe, expect, it } from "vitest";
import { friendWatch, playingFrame, watchTableOf } from "./watching";

const TABLE = "Xy_9-abcDEF012345";
const running = { status: "playing" as const, table: TABLE, watchable: true, can_go_again: false };

describe("watchTableOf", () => {
  it("gives a running room's table while the host lets people watch", () => {
    expect(watchTableOf(running)).toBe(TABLE);
    expect(watchTableOf({ ...running, watchable: undefined })).toBe(TABLE);
  });
  it("gives none before the start, between rounds, at the end or when watching is off", () => {
    expect(watchTableOf(null)).toBeNull();
    expect(watchTableOf({ ...running, status: "waiting", table: null })).toBeNull();
    expect(watchTableOf({ ...running, can_go_again: true })).toBeNull();
    expect(watchTableOf({ ...running, status: "closed" })).toBeNull();
    expect(watchTableOf({ ...running, watchable: false })).toBeNull();
    expect(watchTableOf({ ...running, table: "not a table id" })).toBeNull();
  });
});

describe("playingFrame", () => {
  it("sends the table only beside a game", () => {
    expect(playingFrame("kostkovy-poker", TABLE)).toEqual({ t: "playing", game: "kostkovy-poker", watch: TABLE });
    expect(playingFrame("kostkovy-poker", null)).toEqual({ t: "playing", game: "kostkovy-poker", watch: null });
    expect(playingFrame(null, TABLE)).toEqual({ t: "playing", game: null, watch: null });
    expect(playingFrame("kostkovy-poker", "../x")).toEqual({ t: "playing", game: "kostkovy-poker", watch: null });
  });
});

describe("friendWatch", () => {
  it("links a friend here playing a watchable game", () => {
    expect(friendWatch({ online: true, playing: "mathesso", watch: TABLE })).toBe(TABLE);
  });
  it("links nobody away, not playing, without a table or with a strange one", () => {
    expect(friendWatch({ online: false, playing: "mathesso", watch: TABLE })).toBeNull();
    expect(friendWatch({ online: true, playing: null, watch: TABLE })).toBeNull();
    expect(friendWatch({ online: true, playing: "mathesso" })).toBeNull();
    expect(friendWatch({ online: true, playing: "mathesso", watch: "a/b" })).toBeNull();
  });
});
