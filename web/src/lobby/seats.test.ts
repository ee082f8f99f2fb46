// The seat keys this browser holds per lobby code (lobby/seats.ts): kept for the tabs with
// storage on, for this tab with it off, in memory with none; the last action number never
// going back; old seats forgotten after three days.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { disabledStorage, freshStorage, type MemoryStorage } from "../testing/memoryStorage";

let stores: { local: MemoryStorage; session: MemoryStorage };
const DAY = 24 * 60 * 60 * 1000;
const seat = (code: string, at = Date.now()) => ({ code, key: `key-${code}`, seat: 1, profile: true, lastSeq: 0, at });

async function loaded() {
  vi.resetModules();
  return import("./seats");
}

beforeEach(() => {
  stores = freshStorage();
});

describe("a seat", () => {
  it("is kept in localStorage, for every tab, and read back", async () => {
    const seats = await loaded();
    seats.saveSeat(seat("ABCDEF"));
    expect(JSON.parse(stores.local.getItem("klubovna.lobbies")!)).toHaveProperty("ABCDEF");
    expect((await loaded()).loadSeat("ABCDEF")).toMatchObject({ code: "ABCDEF", key: "key-ABCDEF", seat: 1, profile: true, lastSeq: 0 });
    expect(seats.loadSeat("ZZZZZZ")).toBeNull();
  });

  it("is kept in this tab only with the storage switch off", async () => {
    stores.local.setItem("klubovna.storage", "off");
    const seats = await loaded();
    seats.saveSeat(seat("ABCDEF"));
    expect(stores.local.getItem("klubovna.lobbies")).toBeNull();
    expect(JSON.parse(stores.session.getItem("klubovna.lobbies")!)).toHaveProperty("ABCDEF");
  });

  it("lasts in memory for this page when no storage works", async () => {
    vi.stubGlobal("localStorage", disabledStorage());
    vi.stubGlobal("sessionStorage", disabledStorage());
    const seats = await loaded();
    seats.saveSeat(seat("ABCDEF"));
    expect(seats.loadSeat("ABCDEF")?.key).toBe("key-ABCDEF");
    seats.forgetSeat("ABCDEF");
    expect(seats.loadSeat("ABCDEF")).toBeNull();
  });

  it("from an older page gets lastSeq 0 and profile false; a broken one is none", async () => {
    stores.local.setItem("klubovna.lobbies", JSON.stringify({ OLDONE: { code: "OLDONE", key: "k", seat: 0, at: Date.now() }, BAD: { code: "BAD", seat: 0 } }));
    const seats = await loaded();
    expect(seats.loadSeat("OLDONE")).toMatchObject({ lastSeq: 0, profile: false });
    expect(seats.loadSeat("BAD")).toBeNull();
    stores.local.setItem("klubovna.lobbies", "{broken");
    expect(seats.loadSeat("OLDONE")).toBeNull();
  });
});

describe("saveSeq", () => {
  it("notes a higher action number and never goes back", async () => {
    const seats = await loaded();
    seats.saveSeat(seat("ABCDEF"));
    seats.saveSeq("ABCDEF", 5);
    seats.saveSeq("ABCDEF", 3);
    expect(seats.loadSeat("ABCDEF")?.lastSeq).toBe(5);
    seats.saveSeq("NOSEAT", 9);
    expect(seats.loadSeat("NOSEAT")).toBeNull();
  });
});

describe("old seats", () => {
  it("are forgotten after three days when seats are written", async () => {
    const seats = await loaded();
    seats.saveSeat(seat("OLDONE", Date.now() - 3 * DAY - 1));
    seats.saveSeat(seat("RECENT", Date.now() - 2 * DAY));
    const kept = JSON.parse(stores.local.getItem("klubovna.lobbies")!) as Record<string, unknown>;
    expect(Object.keys(kept)).toEqual(["RECENT"]);
  });

  it("are forgotten one by one", async () => {
    const seats = await loaded();
    seats.saveSeat(seat("AAAAAA"));
    seats.saveSeat(seat("BBBBBB"));
    seats.forgetSeat("AAAAAA");
    expect(seats.loadSeat("AAAAAA")).toBeNull();
    expect(seats.loadSeat("BBBBBB")).not.toBeNull();
  });
});
