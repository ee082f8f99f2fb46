// The profiles this browser knows and the storage switch ("Ukládání").
//
// localStorage "klubovna.profiles" holds [{id, nickname, key}], "klubovna.profile" the
// selected id, "klubovna.storage" is "off" when storage is off. With storage off no key is
// kept in localStorage and no key is sent, so nothing is recorded. The keys of the profiles
// known when storage went off stay in this page's memory only, so turning storage on again
// in the same visit lets the player select one of them; a reload forgets them.
import { useEffect, useState } from "preact/hooks";

export interface StoredProfile {
  id: string;
  nickname: string;
  key: string;
}

export interface ProfilesState {
  storage: boolean;
  profiles: StoredProfile[];
  selected: StoredProfile | null;
}

const PROFILES_KEY = "klubovna.profiles";
const SELECTED_KEY = "klubovna.profile";
const STORAGE_KEY = "klubovna.storage";

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage disabled: the choice lasts for this page */
  }
}

function readProfiles(): StoredProfile[] {
  try {
    const list = JSON.parse(read(PROFILES_KEY) ?? "[]") as unknown;
    if (!Array.isArray(list)) return [];
    return list.filter(
      (p): p is StoredProfile =>
        !!p && typeof p.id === "string" && typeof p.nickname === "string" && typeof p.key === "string",
    );
  } catch {
    return [];
  }
}

let storage = true;
let profiles: StoredProfile[] = [];
let selectedId: string | null = null;
let state: ProfilesState = { storage, profiles, selected: null };
const listeners = new Set<(state: ProfilesState) => void>();

function load(): void {
  storage = read(STORAGE_KEY) !== "off";
  if (storage) {
    profiles = readProfiles();
    selectedId = read(SELECTED_KEY);
  } else {
    // Keys never stay on disk with storage off (an older tab may have left some).
    write(PROFILES_KEY, null);
    write(SELECTED_KEY, null);
    selectedId = null;
  }
}

function publish(persist: boolean): void {
  if (persist && storage) {
    write(PROFILES_KEY, JSON.stringify(profiles));
    write(SELECTED_KEY, selectedId);
  }
  const selected = storage ? profiles.find((p) => p.id === selectedId) ?? null : null;
  state = { storage, profiles: storage ? profiles : [], selected };
  listeners.forEach((listener) => listener(state));
}

load();
publish(false);
if (typeof window !== "undefined") {
  // Another tab changed the profiles or the switch.
  addEventListener("storage", (event: StorageEvent) => {
    if (event.key === PROFILES_KEY || event.key === SELECTED_KEY || event.key === STORAGE_KEY) {
      load();
      publish(false);
    }
  });
}

export function profilesState(): ProfilesState {
  return state;
}

export function onProfiles(listener: (state: ProfilesState) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The profiles, the selected one and the storage switch; re-renders on every change. */
export function useProfiles(): ProfilesState {
  const [current, set] = useState(state);
  useEffect(() => {
    set(state);
    return onProfiles(set);
  }, []);
  return current;
}

/** The key to send as `Authorization: Bearer KEY`: the selected profile's, with storage on. */
export function profileKey(): string | null {
  return state.selected?.key ?? null;
}

/** A newly created profile: kept and selected. */
export function addProfile(profile: StoredProfile): void {
  profiles = [...profiles.filter((p) => p.id !== profile.id), profile];
  selectedId = profile.id;
  publish(true);
}

export function selectProfile(id: string | null): void {
  selectedId = id !== null && profiles.some((p) => p.id === id) ? id : null;
  publish(true);
}

export function renameProfile(id: string, nickname: string): void {
  profiles = profiles.map((p) => (p.id === id ? { ...p, nickname } : p));
  publish(true);
}

/** Forget a profile in this browser (after deleting it, or when the server no longer knows it). */
export function removeProfile(id: string): void {
  profiles = profiles.filter((p) => p.id !== id);
  if (selectedId === id) selectedId = null;
  publish(true);
}

/** The storage switch. Off: every key leaves localStorage at once (kept in memory for this
 *  visit). On: the profiles known in memory are written back, none selected. */
export function setStorage(on: boolean): void {
  if (on === storage) return;
  storage = on;
  if (on) {
    write(STORAGE_KEY, null);
    selectedId = null;
    publish(true);
  } else {
    write(STORAGE_KEY, "off");
    write(PROFILES_KEY, null);
    write(SELECTED_KEY, null);
    selectedId = null;
    publish(false);
  }
}
