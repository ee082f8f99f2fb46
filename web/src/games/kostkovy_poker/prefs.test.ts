// Kostkový poker's device settings (prefs.ts over components/prefs.ts): read back from
// localStorage through the game's check, unknown values as the defaults, kept on change.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { disabledStorage, freshStorage, type MemoryStorage } from "../../testing/memoryStorage";

const KEY = "klubovna.kp.prefs";
let local: MemoryStorage;

/** The module as a page loading with the storage as it is now. */
async function loaded() {
  vi.resetModules();
  return import("./prefs");
}

beforeEach(() => {
  local = freshStorage().local;
});

describe("the settings", () => {
  it("are the defaults on a new device: green felt, white dice, no sound, normal pace", async () => {
    const { getPrefs, DEFAULT_PREFS } = await loaded();
    expect(getPrefs()).toEqual({ felt: "green", dice: "white", sound: false, pace: "normal" });
    expect(getPrefs()).toEqual(DEFAULT_PREFS);
  });

  it("are kept on the device and read back by the next page", async () => {
    const first = await loaded();
    first.setPrefs({ felt: "wine", sound: true });
    expect(first.getPrefs()).toEqual({ felt: "wine", dice: "white", sound: true, pace: "normal" });
    expect(JSON.parse(local.getItem(KEY)!)).toMatchObject({ felt: "wine", sound: true });
    const next = await loaded();
    expect(next.getPrefs()).toEqual({ felt: "wine", dice: "white", sound: true, pace: "normal" });
  });

  it("read each unknown or missing value as its default, the rest as saved", async () => {
    local.setItem(KEY, JSON.stringify({ felt: "purple", dice: "red", sound: "yes", pace: "instant" }));
    const { getPrefs } = await loaded();
    expect(getPrefs()).toEqual({ felt: "green", dice: "red", sound: false, pace: "instant" });
  });

  it("read a broken entry as the defaults", async () => {
    local.setItem(KEY, "{broken");
    expect((await loaded()).getPrefs()).toEqual({ felt: "green", dice: "white", sound: false, pace: "normal" });
  });

  it("last for the page when storage is switched off", async () => {
    vi.stubGlobal("localStorage", disabledStorage());
    const { getPrefs, setPrefs } = await loaded();
    expect(() => setPrefs({ pace: "fast" })).not.toThrow();
    expect(getPrefs().pace).toBe("fast");
  });
});

describe("the pace", () => {
  it("shortens the pauses: normal whole, fast less than half, instant none", async () => {
    const { PACES, PACE_FACTOR } = await loaded();
    expect(PACES.map((pace) => PACE_FACTOR[pace])).toEqual([1, 0.4, 0]);
  });
});
