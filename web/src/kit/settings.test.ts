// The declared settings as the set-up forms read them (kit/settings.ts), on Mathesso's and
// Kostkový poker's real declarations from the build data.
import { describe, expect, it } from "vitest";
import { ROOMS as KP_ROOMS, SETTINGS as KP, BOTS as KP_BOTS } from "virtual:game-data/kostkovy_poker";
import { ROOMS as LP_ROOMS } from "virtual:game-data/locus_poker";
import { ROOMS as MA_ROOMS, SETTINGS as MA } from "virtual:game-data/mathesso";
import { applies, defaults, legal, options, pairable, room, roomLimit, roomSettings, sendable, setting, type Declared } from "./settings";

describe("options", () => {
  it("lists a choice's choices and a closed range's every number", () => {
    expect(options(setting(MA, "variant"))).toEqual(["atto", "femto", "pico", "nano", "mikro", "mili", "standart"]);
    expect(options(setting(MA, "seats"))).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it("refuses an open range", () => {
    const open: Declared = { name: "round", kind: "int", default: 1, min: 1, max: null };
    expect(() => options(open)).toThrow(/open range/);
  });
  it("names a missing setting", () => {
    expect(() => setting(MA, "nothing")).toThrow(/nothing/);
  });
});

describe("applies", () => {
  it("follows only_when: CJV from Pico up, not in Femto", () => {
    const cjv = setting(MA, "cjv");
    expect(applies(cjv, { variant: "pico" })).toBe(true);
    expect(applies(cjv, { variant: "femto" })).toBe(false);
    expect(applies(setting(MA, "variant"), {})).toBe(true);
  });
});

describe("defaults and legal", () => {
  it("takes a given value only where it is legal", () => {
    expect(defaults(MA, { variant: "nano", seats: 9 })).toEqual({ seats: 2, variant: "nano", cjv: false, faktorial: false });
  });
  it("takes null only for an optional setting", () => {
    expect(legal(setting(KP, "seconds"), null)).toBe(true);
    expect(legal(setting(KP, "chips"), null)).toBe(false);
    expect(legal(setting(KP, "chips"), 20.5)).toBe(false);
    expect(legal(setting(KP, "chips"), 100)).toBe(true);
    expect(legal(setting(MA, "cjv"), "yes")).toBe(false);
  });
});

describe("sendable", () => {
  it("leaves out what does not apply and what is not a value", () => {
    const values = { seats: 3, variant: "femto", cjv: true, faktorial: true };
    expect(sendable(MA, values)).toEqual({ seats: 3, variant: "femto", faktorial: true });
    expect(sendable(KP, { seats: 4, chips: null, seconds: 30 })).toEqual({ seats: 4, seconds: 30 });
  });
});

describe("roomSettings", () => {
  it("adds the room's computer player last, the first bot by default", () => {
    const table = room(KP_ROOMS, "table");
    const shown = roomSettings(KP, table, KP_BOTS);
    expect(shown.map((each) => each.name)).toEqual(["seats", "chips", "seconds", "robots"]);
    expect(shown[3]).toEqual({ name: "robots", kind: "choice", default: KP_BOTS[0], choices: KP_BOTS });
  });
  it("names a missing room", () => {
    expect(() => room(KP_ROOMS, "duel")).toThrow(/duel/);
  });
});

describe("pairable", () => {
  it("takes a room for two people without computer players only", () => {
    const duel = room(LP_ROOMS, "duel");
    expect(roomLimit(duel, { grid: "6x6" })).toBe(2);
    expect(pairable(duel, { grid: "6x6" })).toBe(true);
    for (const table of [room(KP_ROOMS, "table"), room(MA_ROOMS, "table")]) {
      expect(pairable(table, { seats: 2 })).toBe(true);
      expect(roomLimit(table, { seats: 4 })).toBe(4);
      expect(pairable(table, { seats: 4 })).toBe(false); // two computer players, or more people
      expect(pairable(table, { seats: 1 })).toBe(false);
    }
  });
});
