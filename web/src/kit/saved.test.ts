// A game's things kept in this browser (saved.ts): a setting read back through the game's
// check, and each mode's saved game under the key the pages have always used.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "../storage";
import { disabledStorage, freshStorage, type MemoryStorage } from "../testing/memoryStorage";
import { modeSlots, stored, wholeIn } from "./saved";

let stores: { local: MemoryStorage; session: MemoryStorage };
beforeEach(() => {
  stores = freshStorage();
});

const level = stored("klubovna.test.level", (raw) => wholeIn(raw, 0, 2, 1));

describe("stored", () => {
  it("keeps a value as JSON and reads it back through the check", () => {
    level.save(2);
    expect(stores.local.getItem("klubovna.test.level")).toBe("2");
    expect(level.load()).toBe(2);
  });

  it("reads nothing, a broken entry or one the check refuses as the game's default", () => {
    expect(level.load()).toBe(1);
    stores.local.setItem("klubovna.test.level", "{broken");
    expect(level.load()).toBe(1);
    stores.local.setItem("klubovna.test.level", "7");
    expect(level.load()).toBe(1);
  });

  it("forgets the entry for null", () => {
    const names = stored<string[] | null>("klubovna.test.names", (raw) => (Array.isArray(raw) ? (raw as string[]) : null));
    names.save(["Alena"]);
    expect(names.load()).toEqual(["Alena"]);
    names.save(null);
    expect(stores.local.getItem("klubovna.test.names")).toBeNull();
  });

  it("works as the default when storage is switched off", () => {
    vi.stubGlobal("localStorage", disabledStorage());
    expect(() => level.save(2)).not.toThrow();
    expect(level.load()).toBe(1);
  });
});

describe("modeSlots", () => {
  it("keeps each mode's game apart, under the prefix and the mode", () => {
    const slot = modeSlots<"computer" | "local">("klubovna.test");
    slot("computer").save({ key: "k1", snapshot: "{}" });
    expect(JSON.parse(stores.local.getItem("klubovna.test.computer")!)).toEqual({ key: "k1", snapshot: "{}" });
    expect(slot("computer").load()).toEqual({ key: "k1", snapshot: "{}" });
    expect(slot("local").load()).toBeNull();
    slot("computer").save(null);
    expect(slot("computer").load()).toBeNull();
  });

  it("keeps a game in this tab when asked", () => {
    modeSlots("klubovna.test", session)("local").save({ key: "k", snapshot: "{}" });
    expect(stores.session.getItem("klubovna.test.local")).not.toBeNull();
    expect(stores.local.length).toBe(0);
  });
});

describe("wholeIn", () => {
  it("takes a whole number within the range, else the fallback", () => {
    expect(wholeIn(0, 0, 3, 9)).toBe(0);
    expect(wholeIn(3, 0, 3, 9)).toBe(3);
    expect(wholeIn(4, 0, 3, 9)).toBe(9);
    expect(wholeIn(1.5, 0, 3, 9)).toBe(9);
    expect(wholeIn("1", 0, 3, 9)).toBe(9);
  });
});
