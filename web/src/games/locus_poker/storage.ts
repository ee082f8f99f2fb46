// What the Locus Poker pages keep in this browser (localStorage, when it is available): the
// setup (mode, grid, the chosen opponent), the opponents beaten at least once ("Porazil jsi
// 4 ze 7"), and the two local games apart, against the computer and on one device, each its
// table's snapshot (net/local.ts keeps it up to date), so a game goes on after a reload.
import { BOTS, DEFAULT_GRID, GRIDS } from "virtual:game-data/locus_poker";
import { modeSlots, stored, wholeIn } from "../../kit/saved";

export type Mode = "computer" | "local";

export interface LpSetup {
  mode: Mode;
  grid: string;
  /** The chosen opponent: an index into BOTS (0 the weakest). */
  level: number;
}

export const HAS_COMPUTER = BOTS.length > 0;

export const setupStore = stored("klubovna.lp.setup", (raw): LpSetup => {
  const saved = (raw ?? {}) as Partial<LpSetup>;
  return {
    mode: saved.mode === "local" || !HAS_COMPUTER ? "local" : "computer",
    grid: typeof saved.grid === "string" && GRIDS.includes(saved.grid) ? saved.grid : DEFAULT_GRID,
    level: wholeIn(saved.level, 0, BOTS.length - 1, 0),
  };
});
export const loadSetup = setupStore.load;
export const saveSetup = setupStore.save;

/** The opponents (bot names) beaten in this browser. */
const beaten = stored("klubovna.lp.beaten", (raw) => (Array.isArray(raw) ? raw.filter((bot): bot is string => BOTS.includes(bot as string)) : []));

export function loadBeaten(): Set<string> {
  return new Set(beaten.load());
}

/** Note a win over `bot`; whether it is the first. */
export function noteBeaten(bot: string): boolean {
  const known = loadBeaten();
  if (known.has(bot)) return false;
  beaten.save([...known, bot]);
  return true;
}

/** Each mode's saved game: its table's snapshot. */
export const slot = modeSlots<Mode>("klubovna.lp");
