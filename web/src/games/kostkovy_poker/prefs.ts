// The device settings of Kostkový poker: the table's colour, the dice's colour, sound (off
// unless turned on) and the pace at which the other players' moves are shown. Kept in localStorage: they hold on this device only.
import { useEffect, useState } from "preact/hooks";
import { local, read, write } from "../../storage";

export const FELTS = ["green", "blue", "wine", "slate"] as const;
export const DICE = ["white", "ivory", "red"] as const;
export const PACES = ["normal", "fast", "instant"] as const;
export type Felt = (typeof FELTS)[number];
export type Pace = (typeof PACES)[number];
/** How long the pauses between the computer players' moves are, by pace. */
export const PACE_FACTOR: Record<Pace, number> = { normal: 1, fast: 0.4, instant: 0 };
export type DiceColour = (typeof DICE)[number];

export interface Prefs {
  felt: Felt;
  dice: DiceColour;
  sound: boolean;
  /** How fast the other players' moves are shown. */
  pace: Pace;
}

const KEY = "klubovna.kp.prefs";
export const DEFAULT_PREFS: Prefs = { felt: "green", dice: "white", sound: false, pace: "normal" };

let current: Prefs = loadPrefs();
const listeners = new Set<(prefs: Prefs) => void>();

function loadPrefs(): Prefs {
  try {
    const saved = JSON.parse(read(local, KEY) ?? "null") as Partial<Prefs> | null;
    if (!saved) return DEFAULT_PREFS;
    return {
      felt: FELTS.includes(saved.felt as Felt) ? (saved.felt as Felt) : DEFAULT_PREFS.felt,
      dice: DICE.includes(saved.dice as DiceColour) ? (saved.dice as DiceColour) : DEFAULT_PREFS.dice,
      sound: saved.sound === true,
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
