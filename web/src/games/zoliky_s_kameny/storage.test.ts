// What Žolíky keeps in the browser (storage.ts): the setup read back within the engine's
// limits, the rack's order, and each mode's saved game and turn kept apart.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BOTS, SEATS } from "virtual:game-data/zoliky_s_kameny";
import { disabledStorage, freshStorage, type MemoryStorage } from "../../testing/memoryStorage";
import { defaultLevel, loadOrder, loadSetup, saveOrder, saveSetup, slot, turnStore } from "./storage";

let local: MemoryStorage;
beforeEach(() => {
  local = freshStorage().local;
});

describe("the setup", () => {
  it("is the computer at the middle level by default", () => {
    expect(loadSetup()).toEqual({ mode: "computer", people: 2, level: defaultLevel() });
    expect(defaultLevel()).toBe(1);
  });

  it("comes back as saved", () => {
    saveSetup({ mode: "local", people: 3, level: 2 });
    expect(loadSetup()).toEqual({ mode: "local", people: 3, level: 2 });
  });

  it("keeps people within the seats and a level within the computer players", () => {
    local.setItem("klubovna.zk.setup", JSON.stringify({ mode: "local", people: 9, level: BOTS.length }));
    expect(loadSetup()).toEqual({ mode: "local", people: SEATS[1], level: defaultLevel() });
    local.setItem("klubovna.zk.setup", JSON.stringify({ mode: "odd", people: 0, level: -1 }));
    expect(loadSetup()).toEqual({ mode: "computer", people: SEATS[0], level: defaultLevel() });
    local.setItem("klubovna.zk.setup", JSON.stringify({ people: 2.5, level: "2" }));
    expect(loadSetup()).toEqual({ mode: "computer", people: 2, level: defaultLevel() });
  });

  it("is the default for a broken entry or storage switched off", () => {
    local.setItem("klubovna.zk.setup", "{broken");
    expect(loadSetup().mode).toBe("computer");
    vi.stubGlobal("localStorage", disabledStorage());
    expect(loadSetup()).toEqual({ mode: "computer", people: 2, level: defaultLevel() });
    expect(() => saveSetup({ mode: "local", people: 2, level: 0 })).not.toThrow();
  });
});

describe("the rack's order", () => {
  it("is by colour unless by number was chosen", () => {
    expect(loadOrder()).toBe("colour");
    saveOrder("number");
    expect(loadOrder()).toBe("number");
    local.setItem("klubovna.zk.order", "size");
    expect(loadOrder()).toBe("colour");
  });
});

describe("a mode's saved game", () => {
  const turn = { version: 3, seat: 0, start: { sets: [], rack: [] }, edits: [] };

  it("keeps the table and the turn on the device, each mode apart", () => {
    slot("computer").save({ key: "k", snapshot: "{}" });
    turnStore("computer").save(turn);
    expect(slot("computer").load()).toEqual({ key: "k", snapshot: "{}" });
    expect(turnStore("computer").load()).toEqual(turn);
    expect(slot("local").load()).toBeNull();
    expect(turnStore("local").load()).toBeNull();
    turnStore("computer").save(null);
    expect(turnStore("computer").load()).toBeNull();
    expect(local.getItem("klubovna.zk.computer.turn")).toBeNull();
    expect(slot("computer").load()).not.toBeNull();
  });

  it("forgets the turn with the game", () => {
    slot("local").save({ key: "k", snapshot: "{}" });
    turnStore("local").save(turn);
    slot("local").save(null);
    expect(slot("local").load()).toBeNull();
    expect(turnStore("local").load()).toBeNull();
  });

  it("reads a broken turn as none", () => {
    local.setItem("klubovna.zk.local.turn", "{not json");
    expect(turnStore("local").load()).toBeNull();
  });
});
