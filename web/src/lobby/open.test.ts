// The open list's words for a room (lobby/OpenRooms.tsx roomWords: the game's own words for
// its kind and settings, the kind itself without them) and a player's change at a rated
// game's end (lobby/Players.tsx changeOf: by table seat).
import { describe, expect, it } from "vitest";
import type { LobbyGame } from "./game";
import { roomWords } from "./OpenRooms";
import { changeOf } from "./Players";
import type { Lobby, LobbyPlayer, OpenRoom } from "./types";

const room: OpenRoom = {
  code: "ABCDEF", game: "locus-poker", kind: "duel", settings: { grid: "8x6" },
  host: { nickname: "Eva", rating: 1512, provisional: true }, players: 1, limit: 2, table: null,
};

const game = {
  title: (lobby: Lobby | null) => `kind ${lobby?.kind}`,
  join: (summary: { settings: unknown; players: number; limit: number }) => ({
    title: "", info: `grid ${(summary.settings as { grid: string }).grid}`, joined: `${summary.players}/${summary.limit}`,
  }),
} as unknown as LobbyGame;

describe("roomWords", () => {
  it("says the kind and the settings in the game's words", () => {
    expect(roomWords(room, game)).toEqual(["kind duel", "grid 8x6"]);
  });

  it("falls back to the kind while the game's words load, or when they fail", () => {
    expect(roomWords(room, undefined)).toEqual(["duel", ""]);
    const failing = { ...game, join: () => { throw new Error("unknown setting"); } } as unknown as LobbyGame;
    expect(roomWords(room, failing)).toEqual(["duel", ""]);
  });
});

describe("changeOf", () => {
  const player = (seat: number, tableSeat: number | null): LobbyPlayer => ({
    seat, nickname: `P${seat}`, host: seat === 0, gone: false, connected: true, agreed: false, table_seat: tableSeat,
  });
  const lobby = (ratings: Lobby["ratings"]) => ({ ratings } as Lobby);

  it("finds the player's change by table seat", () => {
    const ended = lobby({ "0": { rating: 1488, change: -12 }, "1": { rating: 1512, change: 12 } });
    expect(changeOf(ended, player(0, 1))).toEqual({ rating: 1512, change: 12 });
    expect(changeOf(ended, player(1, 0))).toEqual({ rating: 1488, change: -12 });
  });

  it("has none for an unrated game, before the start, or for a seat not rated", () => {
    expect(changeOf(lobby(null), player(0, 0))).toBeNull();
    expect(changeOf(lobby({ "0": { rating: 1500, change: 0 } }), player(0, null))).toBeNull();
    expect(changeOf(lobby({ "0": { rating: 1500, change: 0 } }), player(2, 3))).toBeNull();
  });
});
