// The device settings of Mathesso: sounds (on unless turned off), the colour ruler shown
// under the table, and the pace at which the computer players' turns are shown (slow
// enough for a child to watch by default). Kept in localStorage: they hold on this device.
import { useEffect, useState } from "preact/hooks";
import { local, read, write } from "../../storage";

export const PACES = ["calm", "quick", "instant"] as const;
export type Pace = (typeof PACES)[number];
/** The pauses' factor by pace ("instant": no pauses at all). */
export const PACE_FACTOR: Record<Pace, number> = { calm: 1, quick: 0.45, instant: 0 };

export interface Prefs {
  sound: boolean;
  ruler: boolean;
  pace: Pace;
}

const KEY = "klubovna.ma.prefs";
export const DEFAULT_PREFS: Prefs = { sound: true, ruler: true, pace: "calm" };

let current: Prefs = loadPrefs();
const listeners = new Set<(prefs: Prefs) => void>();

function loadPrefs(): Prefs {
  try {
    const saved = JSON.parse(read(local, KEY) ?? "null") as Partial<Prefs> | null;
    if (!saved) return DEFAULT_PREFS;
    return {
      sound: saved.sound !== false,
      ruler: saved.ruler !== false,
      pace: PACES.includes(saved.pace as Pace) ? (saved.pace as Pace) : DEFAULT_PREFS.pace,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

export function getPrefs(): Prefs {
  return current;
}

export function setPrefs(change: Partial<Prefs>): void {
  current = { ...current, ...change };
  write(local, KEY, JSON.stringify(current));
  listeners.forEach((listener) => listener(current));
}

/** The settings, re-rendering the caller when they change. */
export function usePrefs(): Prefs {
  const [prefs, set] = useState(current);
  useEffect(() => {
    listeners.add(set);
    set(current);
    return () => void listeners.delete(set);
  }, []);
  return prefs;
}
