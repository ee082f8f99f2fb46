// A game's device settings (sounds, colours, pace...), kept in localStorage: they hold on
// this device only. Each game says its key and how to read what was saved (anything
// unknown or missing gets the default); the screens re-render when a setting changes.
import { useFollowed } from "../follow";
import { local, read, write } from "../storage";

export interface DevicePrefs<P> {
  get(): P;
  set(change: Partial<P>): void;
  /** The settings, re-rendering the caller when they change. */
  use(): P;
}

export function devicePrefs<P extends object>(key: string, fallback: P, clean: (saved: Partial<P>) => P): DevicePrefs<P> {
  const load = (): P => {
    try {
      const saved = JSON.parse(read(local, key) ?? "null") as Partial<P> | null;
      return saved ? clean(saved) : fallback;
    } catch {
      return fallback;
    }
  };
  let current = load();
  const listeners = new Set<(prefs: P) => void>();
  return {
    get: () => current,
    set(change) {
      current = { ...current, ...change };
      write(local, key, JSON.stringify(current));
      listeners.forEach((listener) => listener(current));
    },
    use: () => useFollowed(() => current, listeners),
  };
}

/** `value` when it is one of `choices`, else `fallback`. */
export function oneOf<T extends string>(choices: readonly T[], value: unknown, fallback: T): T {
  return choices.includes(value as T) ? (value as T) : fallback;
}
