// The pot split into the main pot and side pots while a hand runs, for display only: the
// engine's showdown event says which pots there were and who won them. This mirrors
// klubovna/games/kostkovy_poker/pots.py `side_pots` (the view holds the total pot only).
import type { KpPlayer } from "./types";

export interface ShownPot {
  amount: number;
  eligible: number[];
}

/** The main pot and the side pots, smallest first: every all-in stake of a player still in
 *  the hand is a level; chips above every stake anyone still in can win join the pot below. */
export function potsOf(players: KpPlayer[]): ShownPot[] {
  const putIn = players.map((p) => p.put_in);
  const live = players.map((p) => p.in_hand && !p.folded);
  const allIn = players.map((p) => p.in_hand && !p.folded && p.all_in);
  const levels = new Set<number>(putIn.filter((_, i) => live[i] && allIn[i]));
  levels.add(Math.max(0, ...putIn));
  const pots: ShownPot[] = [];
  let below = 0;
  for (const level of [...levels].sort((a, b) => a - b)) {
    const amount = putIn.reduce((sum, p) => sum + Math.min(p, level) - Math.min(p, below), 0);
    const eligible = putIn.map((_, i) => i).filter((i) => live[i] && (!allIn[i] || putIn[i] >= level));
    const last = pots[pots.length - 1];
    if (last && (eligible.length === 0 || same(eligible, last.eligible))) last.amount += amount;
    else if (eligible.length > 0) pots.push({ amount, eligible });
    below = level;
  }
  return pots.filter((pot) => pot.amount > 0);
}

function same(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
