// The home page's games being played (lobby/PlayingRooms.tsx): only those with a table to
// watch are listed (a host who turned watching off has its room's table null).
import { describe, expect, it } from "vitest";
import { watchable } from "./PlayingRooms";
import type { OpenRoom } from "./types";

const room = (code: string, table: string | null): OpenRoom => ({
  code, game: "mathesso", kind: "room", settings: {}, host: { nickname: "Eva", rating: null, provisional: true },
  players: 2, limit: 6, table,
});

describe("watchable", () => {
  it("keeps the rooms whose table may be watched, in the server's order", () => {
    expect(watchable([room("AAAAAA", "t1"), room("BBBBBB", null), room("CCCCCC", "t3")]).map((each) => each.code))
      .toEqual(["AAAAAA", "CCCCCC"]);
  });
});
