// What the Locus Poker pages keep in this browser (localStorage, when it is available): the
// setup (mode, grid, the chosen opponent), the opponents beaten at least once ("Porazil jsi
// 4 ze 7"), and the two local games apart, against the computer and on one device, each its
// table's snapshot (net/local.ts keeps it up to date), so a game goes on after a reload.
import { BOTS, DEFAULT_GRID, GRIDS } from "virtual:game-data/locus_poker";
import { local, localTableSlot, read, write } from "../../storage";

export type Mode = "computer" | "local";

export interface LpSetup {
  mode: Mode;
  grid: string;
  /** The chosen opponent: an index into BOTS (0 the weakest). */
  level: number;
}

const SETUP_KEY = "klubovna.lp.setup";
const BEATEN_KEY = "klubovna.lp.beaten";

export const HAS_COMPUTER = BOTS.length > 0;

export function loadSetup(): LpSetup {
  const fallback: LpSetup = { mode: HAS_COMPUTER ? "computer" : "local", grid: DEFAULT_GRID, level: 0 };
  try {
    const saved = JSON.parse(read(local, SETUP_KEY) ?? "null") as Partial<LpSetup> | null;
    if (!saved) return fallback;
    const mode = saved.mode === "local" || !HAS_COMPUTER ? "local" : "computer";
    const grid = typeof saved.grid === "string" && GRIDS.includes(saved.grid) ? saved.grid : DEFAULT_GRID;
    const level = Number.isInteger(saved.level) && saved.level! >= 0 && saved.level! < BOTS.length ? saved.level! : 0;
    return { mode, grid, level };
  } catch {
    return fallback;
  }
}

export function saveSetup(setup: LpSetup): void {
  write(local, SETUP_KEY, JSON.stringify(setup));
}

/** The opponents (bot names) beaten in this browser. */
export function loadBeaten(): Set<string> {
  try {
    const saved = JSON.parse(read(local, BEATEN_KEY) ?? "[]") as unknown;
    return new Set(Array.isArray(saved) ? saved.filter((bot): bot is string => BOTS.includes(bot as string)) : []);
  } catch {
    return new Set();
  }
}

/** Note a win over `bot`; whether it is the first. */
export function noteBeaten(bot: string): boolean {
  const beaten = loadBeaten();
  if (beaten.has(bot)) return false;
  beaten.add(bot);
  write(local, BEATEN_KEY, JSON.stringify([...beaten]));
  return true;
}

/** Each mode's saved game: its table's snapshot. */
export function slot(mode: Mode) {
  return localTableSlot(`klubovna.lp.${mode}`, local);
}
