// The device settings of Kostkový poker: the table's colour, the dice's colour, sound (off
// unless turned on) and the pace at which the other players' moves are shown. Kept in localStorage: they hold on this device only.
import { devicePrefs, oneOf } from "../../components/prefs";

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

const prefs = devicePrefs<Prefs>(KEY, DEFAULT_PREFS, (saved) => ({
  felt: oneOf(FELTS, saved.felt, DEFAULT_PREFS.felt),
  dice: oneOf(DICE, saved.dice, DEFAULT_PREFS.dice),
  sound: saved.sound === true,
  pace: oneOf(PACES, saved.pace, DEFAULT_PREFS.pace),
}));

export const getPrefs = prefs.get;
export const setPrefs = prefs.set;
export const usePrefs = prefs.use;
