// What the Mathesso pages keep in this browser (localStorage, when it is available): the
// setup (variant, add-ons, the players: names, who is a computer player and its level),
// and the game on this device: its table's snapshot (net/local.ts keeps it up to date)
// with the players' names, so a reload, or the tab opened again, goes on with it.
import { BOTS, CJV_FROM, FAKTORIAL_FROM, SEATS, VARIANTS } from "virtual:game-data/mathesso";
import { modeSlots, stored, wholeIn } from "../../kit/saved";

export interface SetupPlayer {
  /** The name typed in ("" for the default "Hráč n"). */
  name: string;
  /** The computer player's level (an index into BOTS), or null for a person. */
  level: number | null;
}

export interface MaSetup {
  variant: string;
  cjv: boolean;
  faktorial: boolean;
  players: SetupPlayer[];
}

const NAMES_KEY = "klubovna.ma.local.names";

export const HAS_COMPUTER = BOTS.length > 0;

export const DEFAULT_SETUP: MaSetup = {
  variant: VARIANTS.includes("pico") ? "pico" : VARIANTS[0],
  cjv: false,
  faktorial: false,
  players: HAS_COMPUTER ? [{ name: "", level: null }, { name: "", level: 0 }] : [{ name: "", level: null }, { name: "", level: null }],
};

/** The add-ons the variant allows (others are switched off). */
export function cleanSetup(setup: MaSetup): MaSetup {
  return {
    ...setup,
    cjv: setup.cjv && CJV_FROM.includes(setup.variant),
    faktorial: setup.faktorial && FAKTORIAL_FROM.includes(setup.variant),
  };
}

export const setupStore = stored("klubovna.ma.setup", (raw): MaSetup => {
  const saved = (raw ?? {}) as Partial<MaSetup>;
  if (!Array.isArray(saved.players)) return DEFAULT_SETUP;
  const players = saved.players.slice(0, SEATS[1]).map((p): SetupPlayer => {
    const level = wholeIn(p?.level, 0, BOTS.length - 1, -1);
    return { name: typeof p?.name === "string" ? p.name.slice(0, 20) : "", level: level < 0 ? null : level };
  });
  if (players.length < SEATS[0] || !players.some((p) => p.level === null)) return DEFAULT_SETUP;
  const variant = VARIANTS.includes(String(saved.variant)) ? String(saved.variant) : DEFAULT_SETUP.variant;
  return cleanSetup({ variant, cjv: saved.cjv === true, faktorial: saved.faktorial === true, players });
});
export const loadSetup = setupStore.load;
export const saveSetup = setupStore.save;

/** The game on this device (one at a time, in every tab of this browser). */
export const localGame = modeSlots("klubovna.ma")("local");

/** The names of the saved game's players, by seat. */
const names = stored(NAMES_KEY, (raw) => (Array.isArray(raw) && raw.every((n) => typeof n === "string") ? (raw as string[]) : null));
export const loadNames = names.load;
export const saveNames = names.save;
