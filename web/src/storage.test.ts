// The pages' storage (storage.ts): reads and writes that survive a browser with storage
// switched off, and a local game's slot that ignores a broken entry.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { local, localTableSlot, read, session, write } from "./storage";
import { disabledStorage, freshStorage, type MemoryStorage } from "./testing/memoryStorage";

let stores: { local: MemoryStorage; session: MemoryStorage };
beforeEach(() => {
  stores = freshStorage();
});

describe("read and write", () => {
  it("keep a value in the area asked for and remove it for null", () => {
    write(local, "k", "v");
    expect(stores.local.getItem("k")).toBe("v");
    expect(stores.session.getItem("k")).toBeNull();
    expect(read(local, "k")).toBe("v");
    write(local, "k", null);
    expect(read(local, "k")).toBeNull();
    expect(stores.local.length).toBe(0);
  });

  it("read as empty and forget writes when storage is switched off", () => {
    vi.stubGlobal("localStorage", disabledStorage());
    expect(() => write(local, "k", "v")).not.toThrow();
    expect(read(local, "k")).toBeNull();
    expect(() => write(local, "k", null)).not.toThrow();
  });

  it("read as empty when the storage itself cannot be reached", () => {
    const missing = () => {
      throw new DOMException("denied", "SecurityError");
    };
    expect(read(missing, "k")).toBeNull();
    expect(() => write(missing, "k", "v")).not.toThrow();
  });
});

describe("localTableSlot", () => {
  const saved = { key: "seat-key", snapshot: '{"seed": 5}' };

  it("keeps a game in this tab by default", () => {
    const slot = localTableSlot("klubovna.test");
    expect(slot.load()).toBeNull();
    slot.save(saved);
    expect(stores.session.getItem("klubovna.test")).not.toBeNull();
    expect(stores.local.getItem("klubovna.test")).toBeNull();
    expect(slot.load()).toEqual(saved);
    slot.save(null);
    expect(slot.load()).toBeNull();
    expect(stores.session.length).toBe(0);
  });

  it("keeps it on the device when asked", () => {
    localTableSlot("klubovna.test", local).save(saved);
    expect(localTableSlot("klubovna.test", local).load()).toEqual(saved);
    expect(localTableSlot("klubovna.test", session).load()).toBeNull();
  });

  it("takes a broken or half entry for none", () => {
    const slot = localTableSlot("klubovna.test", local);
    for (const text of ["{not json", "null", "42", '{"key": "k"}', '{"key": 1, "snapshot": "s"}']) {
      stores.local.setItem("klubovna.test", text);
      expect(slot.load()).toBeNull();
    }
  });
});
