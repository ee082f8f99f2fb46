// The profiles this browser knows and the storage switch (profile/store.ts): kept in
// localStorage with storage on, never on disk with it off, the key sent only for the selected
// profile, and another tab's change heard.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { freshStorage, type MemoryStorage } from "../testing/memoryStorage";

let local: MemoryStorage;
let window: EventTarget;
const eva = { id: "p1", nickname: "Eva", key: "key-eva" };
const ota = { id: "p2", nickname: "Ota", key: "key-ota" };

/** The module as a page loading now sees it. */
async function loaded() {
  vi.resetModules();
  return import("./store");
}

beforeEach(() => {
  local = freshStorage().local;
  window = new EventTarget();
  vi.stubGlobal("window", window);
  vi.stubGlobal("addEventListener", window.addEventListener.bind(window));
});

describe("with storage on", () => {
  it("keeps a new profile selected, and sends its key", async () => {
    const store = await loaded();
    expect(store.profilesState()).toEqual({ storage: true, profiles: [], selected: null });
    expect(store.profileKey()).toBeNull();
    store.addProfile(eva);
    expect(store.profilesState().selected).toEqual(eva);
    expect(store.profileKey()).toBe("key-eva");
    expect(JSON.parse(local.getItem("klubovna.profiles")!)).toEqual([eva]);
    expect(local.getItem("klubovna.profile")).toBe("p1");
  });

  it("reads back what the last page kept, skipping broken entries", async () => {
    local.setItem("klubovna.profiles", JSON.stringify([eva, { id: 3 }, null, ota]));
    local.setItem("klubovna.profile", "p2");
    const store = await loaded();
    expect(store.profilesState().profiles).toEqual([eva, ota]);
    expect(store.profileKey()).toBe("key-ota");
  });

  it("selects only a known profile, renames and forgets", async () => {
    const store = await loaded();
    store.addProfile(eva);
    store.addProfile(ota);
    store.selectProfile("nobody");
    expect(store.profileKey()).toBeNull();
    store.selectProfile("p1");
    store.renameProfile("p1", "Eva K.");
    expect(store.profilesState().selected?.nickname).toBe("Eva K.");
    store.removeProfile("p1");
    expect(store.profilesState()).toEqual({ storage: true, profiles: [ota], selected: null });
    expect(JSON.parse(local.getItem("klubovna.profiles")!)).toEqual([ota]);
  });

  it("tells its listeners of each change until they leave", async () => {
    const store = await loaded();
    const heard: number[] = [];
    const stop = store.onProfiles((state) => heard.push(state.profiles.length));
    store.addProfile(eva);
    store.addProfile(ota);
    stop();
    store.removeProfile("p1");
    expect(heard).toEqual([1, 2]);
  });
});

describe("the storage switch", () => {
  it("off: every key leaves the disk, none is sent, the profiles wait in memory", async () => {
    const store = await loaded();
    store.addProfile(eva);
    store.setStorage(false);
    expect(local.getItem("klubovna.profiles")).toBeNull();
    expect(local.getItem("klubovna.profile")).toBeNull();
    expect(local.getItem("klubovna.storage")).toBe("off");
    expect(store.profilesState()).toEqual({ storage: false, profiles: [], selected: null });
    expect(store.profileKey()).toBeNull();
    store.setStorage(true);
    expect(store.profilesState()).toEqual({ storage: true, profiles: [eva], selected: null });
    expect(JSON.parse(local.getItem("klubovna.profiles")!)).toEqual([eva]);
    expect(local.getItem("klubovna.storage")).toBeNull();
  });

  it("off when the page loads: keys an older tab left are wiped", async () => {
    local.setItem("klubovna.storage", "off");
    local.setItem("klubovna.profiles", JSON.stringify([eva]));
    local.setItem("klubovna.profile", "p1");
    const store = await loaded();
    expect(store.profilesState()).toEqual({ storage: false, profiles: [], selected: null });
    expect(local.getItem("klubovna.profiles")).toBeNull();
    expect(local.getItem("klubovna.profile")).toBeNull();
  });
});

describe("another tab", () => {
  const changed = (key: string) => window.dispatchEvent(Object.assign(new Event("storage"), { key }));

  it("that adds a profile or turns storage off is heard", async () => {
    const store = await loaded();
    local.setItem("klubovna.profiles", JSON.stringify([eva]));
    local.setItem("klubovna.profile", "p1");
    changed("klubovna.profiles");
    expect(store.profileKey()).toBe("key-eva");
    local.setItem("klubovna.storage", "off");
    changed("klubovna.storage");
    expect(store.profilesState().storage).toBe(false);
    expect(store.profileKey()).toBeNull();
  });

  it("changing another key is not a profile change", async () => {
    const store = await loaded();
    const heard = vi.fn();
    store.onProfiles(heard);
    changed("klubovna.lang");
    expect(heard).not.toHaveBeenCalled();
  });
});
