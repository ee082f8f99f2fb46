// What the Žolíky s kameny pages keep in this browser (localStorage, when it is available):
// the setup (mode, people, the computer's level), the rack's order, and the two local games
// apart: against the computer and on one device, each its table's snapshot (net/local.ts
// keeps it up to date) and the turn being edited (session.ts), so a game goes on after the
// tab is closed, unconfirmed edits included.
import { BOTS, SEATS } from "virtual:game-data/zoliky_s_kameny";
import { local, localTableSlot, read, write } from "../../storage";
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

const SETUP_KEY = "klubovna.zk.setup";
const ORDER_KEY = "klubovna.zk.order";

/** Whether a computer player is registered (otherwise only the local game is offered). */
export const HAS_COMPUTER = BOTS.length > 0;

export function defaultLevel(): number {
  return Math.min(1, BOTS.length - 1);
}

export function loadSetup(): ZkSetup {
  const fallback: ZkSetup = { mode: HAS_COMPUTER ? "computer" : "local", people: 2, level: Math.max(0, defaultLevel()) };
  try {
    const saved = JSON.parse(read(local, SETUP_KEY) ?? "null") as Partial<ZkSetup> | null;
    if (!saved) return fallback;
    const mode = saved.mode === "local" || !HAS_COMPUTER ? "local" : "computer";
    const people = Number.isInteger(saved.people) ? Math.min(SEATS[1], Math.max(SEATS[0], saved.people!)) : 2;
    const level = Number.isInteger(saved.level) && saved.level! >= 0 && saved.level! < BOTS.length ? saved.level! : fallback.level;
    return { mode, people, level };
  } catch {
    return fallback;
  }
}

export function saveSetup(setup: ZkSetup): void {
  write(local, SETUP_KEY, JSON.stringify(setup));
}

export function loadOrder(): RackOrder {
  return read(local, ORDER_KEY) === "number" ? "number" : "colour";
}

export function saveOrder(order: RackOrder): void {
  write(local, ORDER_KEY, order);
}

/** Each mode's saved game: the table's snapshot and the turn being edited. */
export function slot(mode: Mode) {
  const table = localTableSlot(`klubovna.zk.${mode}`, local);
  const turnKey = `klubovna.zk.${mode}.turn`;
  const turn: TurnStore = {
    load: () => {
      try {
        return JSON.parse(read(local, turnKey) ?? "null") as unknown;
      } catch {
        return null;
      }
    },
    save: (value: Turn | null) => write(local, turnKey, value === null ? null : JSON.stringify(value)),
  };
  return { table, turn };
}
