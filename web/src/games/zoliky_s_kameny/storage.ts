// What the Žolíky s kameny pages keep in this browser (localStorage, when it is available):
// the setup (mode, people, the computer's level), the rack's order, and the two local games
// apart: against the computer and on one device, each its table's snapshot (net/local.ts
// keeps it up to date) and the turn being edited (session.ts), so a game goes on after the
// tab is closed, unconfirmed edits included.
import { BOTS, SEATS } from "virtual:game-data/zoliky_s_kameny";
import { modeSlots, stored, wholeIn, type TableSlot } from "../../kit/saved";
import { local, read, write } from "../../storage";
import type { Turn } from "./edit";
import type { TurnStore } from "./session";
import type { RackOrder } from "./tiles";

export type Mode = "computer" | "local";

export interface ZkSetup {
  mode: Mode;
  /** People at the device in a local game. */
  people: number;
  /** The computer's level: an index into BOTS (0 Lehká, 1 Střední, 2 Těžká). */
  level: number;
}

const ORDER_KEY = "klubovna.zk.order";

/** Whether a computer player is registered (otherwise only the local game is offered). */
export const HAS_COMPUTER = BOTS.length > 0;

export function defaultLevel(): number {
  return Math.min(1, BOTS.length - 1);
}

export const setupStore = stored("klubovna.zk.setup", (raw): ZkSetup => {
  const saved = (raw ?? {}) as Partial<ZkSetup>;
  const people = typeof saved.people === "number" && Number.isInteger(saved.people) ? saved.people : 2;
  return {
    mode: saved.mode === "local" || !HAS_COMPUTER ? "local" : "computer",
    people: Math.min(SEATS[1], Math.max(SEATS[0], people)),
    level: wholeIn(saved.level, 0, BOTS.length - 1, Math.max(0, defaultLevel())),
  };
});
export const loadSetup = setupStore.load;
export const saveSetup = setupStore.save;

export function loadOrder(): RackOrder {
  return read(local, ORDER_KEY) === "number" ? "number" : "colour";
}

export function saveOrder(order: RackOrder): void {
  write(local, ORDER_KEY, order);
}

const tables = modeSlots<Mode>("klubovna.zk");

/** The turn being edited in each mode's game. */
export function turnStore(mode: Mode): TurnStore {
  const kept = stored(`klubovna.zk.${mode}.turn`, (raw) => raw as Turn | null);
  return { load: kept.load, save: kept.save };
}

/** Each mode's saved game: the table's snapshot; forgetting it forgets the turn too. */
export function slot(mode: Mode): TableSlot {
  const table = tables(mode);
  return {
    load: table.load,
    save(saved) {
      table.save(saved);
      if (saved === null) turnStore(mode).save(null);
    },
  };
}
