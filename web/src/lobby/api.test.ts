// The lobby API's requests (lobby/api.ts): a new room's flags go beside its settings, never
// among them (the server refuses unknown settings), and the open list asks for one game's
// rooms or every game's.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLobby, openRooms } from "./api";

function answering(body: unknown, status = 200) {
  const fetch = vi.fn(async (..._: unknown[]) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("createLobby", () => {
  it("sends the room's flags beside the settings and the nickname without a profile", async () => {
    const fetch = answering({ code: "ABCDEF", key: "k", seat: 0, link: "/#/x/hra/ABCDEF" });
    await createLobby({ game: "locus-poker", kind: "duel", grid: "6x6", public: true, free_chat: true }, { key: null, nickname: "Eva" });
    const [path, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(path).toBe("/api/lobbies");
    expect(JSON.parse(init.body as string)).toEqual({
      game: "locus-poker", kind: "duel", public: true, free_chat: true, settings: { grid: "6x6" }, nickname: "Eva",
    });
  });

  it("leaves out flags not asked for, and sends the profile's key instead of a nickname", async () => {
    const fetch = answering({ code: "ABCDEF", key: "k", seat: 0, link: "" });
    await createLobby({ game: "mathesso", kind: "table" }, { key: "secret", nickname: "" });
    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ game: "mathesso", kind: "table", settings: {} });
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer secret");
  });
});

describe("openRooms", () => {
  it("asks for one game's rooms, or every game's", async () => {
    const room = { code: "ABCDEF", game: "locus-poker", kind: "duel", settings: {}, host: { nickname: "Eva", rating: null, provisional: true }, players: 1, limit: 2, table: null };
    const fetch = answering({ lobbies: [room] });
    expect(await openRooms("locus-poker")).toEqual([room]);
    expect(fetch.mock.calls[0][0]).toBe("/api/lobbies?game=locus-poker");
    await openRooms();
    expect(fetch.mock.calls[1][0]).toBe("/api/lobbies");
  });

  it("asks for the rooms being played, to watch", async () => {
    const fetch = answering({ lobbies: [] });
    await openRooms(undefined, "playing");
    expect(fetch.mock.calls[0][0]).toBe("/api/lobbies?status=playing");
    await openRooms("mathesso", "playing");
    expect(fetch.mock.calls[1][0]).toBe("/api/lobbies?game=mathesso&status=playing");
  });
});
