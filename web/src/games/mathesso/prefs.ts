// The device settings of Mathesso: sounds (on unless turned off), the colour ruler shown
// under the table, and the pace at which the computer players' turns are shown (slow
// enough for a child to watch by default). Kept in localStorage: they hold on this device.
import { devicePrefs, oneOf } from "../../components/prefs";

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

const prefs = devicePrefs<Prefs>(KEY, DEFAULT_PREFS, (saved) => ({
  sound: saved.sound !== false,
  ruler: saved.ruler !== false,
  pace: oneOf(PACES, saved.pace, DEFAULT_PREFS.pace),
}));

export const getPrefs = prefs.get;
export const setPrefs = prefs.set;
export const usePrefs = prefs.use;
