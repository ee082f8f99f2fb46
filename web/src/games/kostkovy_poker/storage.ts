// What the Kostkový poker pages keep in the browser: the last setup and the device settings
// (colours, sound) in localStorage, per device; the running solo game's snapshot in
// sessionStorage, per tab (net/local.ts keeps it up to date), so a reload goes on playing.
import { CHIPS, SEATS } from "virtual:game-data/kostkovy_poker";
import { modeSlots, stored } from "../../kit/saved";
import { session } from "../../storage";
import type { BotName, KpSetup } from "./types";

export const BOT_NAMES: BotName[] = ["klidny", "chytry"];
/** People at one device: up to the table's seats less one computer player. */
export const MAX_PEOPLE = SEATS[1] - 1;
/** The fewest computer players with `people` at the device (one alone plays against one). */
export function minBots(people: number): number {
  return Math.max(people > 1 ? 0 : 1, SEATS[0] - people);
}
export const DEFAULT_SETUP: KpSetup = { people: 1, bots: ["klidny", "chytry", "klidny"], chips: CHIPS[1] };

/** Chips as the engine takes them: a whole number within its limits, else the default. */
export function cleanChips(value: unknown): number {
  const chips = typeof value === "number" ? value : Number(value);
  return Number.isInteger(chips) && chips >= CHIPS[0] && chips <= CHIPS[2] ? chips : CHIPS[1];
}

export const setupStore = stored("klubovna.kp.setup", (raw): KpSetup => {
  const saved = (raw ?? {}) as Partial<KpSetup>;
  if (!Array.isArray(saved.bots)) return DEFAULT_SETUP;
  const people = typeof saved.people === "number" && Number.isInteger(saved.people) ? Math.min(MAX_PEOPLE, Math.max(1, saved.people)) : 1;
  const bots = saved.bots.filter((bot): bot is BotName => BOT_NAMES.includes(bot as BotName)).slice(0, SEATS[1] - people);
  if (bots.length < minBots(people)) return DEFAULT_SETUP;
  return { people, bots, chips: cleanChips(saved.chips) };
});
export const loadSetup = setupStore.load;
export const saveSetup = setupStore.save;

/** The local game of this tab (solo or hot seat): the engine's snapshot of the table and
 *  the seats' key. */
export const localGame = modeSlots("klubovna.kp", session)("local");
