// What the Mathesso pages keep in this browser (localStorage, when it is available): the
// setup (variant, add-ons, the players: names, who is a computer player and its level),
// and the game on this device: its table's snapshot (net/local.ts keeps it up to date)
// with the players' names, so a reload, or the tab opened again, goes on with it.
import { BOTS, CJV_FROM, FAKTORIAL_FROM, SEATS, VARIANTS } from "virtual:game-data/mathesso";
import { local, localTableSlot, read, write } from "../../storage";

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

const SETUP_KEY = "klubovna.ma.setup";
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

export function loadSetup(): MaSetup {
  try {
    const saved = JSON.parse(read(local, SETUP_KEY) ?? "null") as Partial<MaSetup> | null;
    if (!saved || !Array.isArray(saved.players)) return DEFAULT_SETUP;
    const players = saved.players.slice(0, SEATS[1]).map((p): SetupPlayer => ({
      name: typeof p?.name === "string" ? p.name.slice(0, 20) : "",
      level: Number.isInteger(p?.level) && p.level! >= 0 && p.level! < BOTS.length ? p.level! : null,
    }));
    if (players.length < SEATS[0] || !players.some((p) => p.level === null)) return DEFAULT_SETUP;
    const variant = VARIANTS.includes(String(saved.variant)) ? String(saved.variant) : DEFAULT_SETUP.variant;
    return cleanSetup({ variant, cjv: saved.cjv === true, faktorial: saved.faktorial === true, players });
  } catch {
    return DEFAULT_SETUP;
  }
}

export function saveSetup(setup: MaSetup): void {
  write(local, SETUP_KEY, JSON.stringify(setup));
}

/** The game on this device (one at a time, in every tab of this browser). */
export const localGame = localTableSlot("klubovna.ma.local", local);

/** The names of the saved game's players, by seat. */
export function loadNames(): string[] | null {
  try {
    const names = JSON.parse(read(local, NAMES_KEY) ?? "null") as unknown;
    return Array.isArray(names) && names.every((n) => typeof n === "string") ? (names as string[]) : null;
  } catch {
    return null;
  }
}

export function saveNames(names: string[] | null): void {
  write(local, NAMES_KEY, names === null ? null : JSON.stringify(names));
}
