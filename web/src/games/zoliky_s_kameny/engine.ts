// The engine's own Python, asked through the worker (the functions the game offers the
// browser: klubovna/games/zoliky_s_kameny/browser.py, typed by the generated Browser): how
// each set on the table reads (for the marks while editing), the verdict on an edited turn
// and the best move (the hint). The rules stay in Python.
import { engineCaller } from "../../worker/client";
import { tileCode } from "./tiles";
import type { Browser, Tile, Verdict } from "./wire.gen";

export type { Verdict } from "./wire.gen";

const engine = engineCaller<Browser>("zoliky-s-kameny");

/** A set's check: null when it is a set (`order`: its tiles as the engine reads them,
 *  indexes into the set), else the engine's code of what is wrong. */
export interface SetCheck {
  code: string | null;
  order: number[];
}

/** Each set read by the engine (klubovna.games.zoliky_s_kameny.sets.judge). */
export async function checkSets(sets: Tile[][]): Promise<SetCheck[]> {
  return Promise.all(
    sets.map(async (tiles) => {
      const codes = tiles.map(tileCode);
      const answer = await engine("judge", codes);
      if (answer.length === 2) return { code: answer[0], order: [] };
      // the reading's order, each tile matched to one of the set's pieces
      const left = codes.map((code, index) => ({ code, index }));
      const order = answer[1].map((code) => left.splice(left.findIndex((item) => item.code === code), 1)[0].index);
      return { code: null, order };
    }),
  );
}

/** The most rack tiles that can go to the table this turn and the whole new table
 *  (best_move; before the initial meld best_initial_meld, whose sets go beside the table's). */
export async function bestMove(table: Tile[][], rack: Tile[], melded: boolean): Promise<{ amount: number; table: Tile[][] }> {
  if (melded) {
    const [amount, sets] = await engine("best_move", table, rack, "tiles");
    return { amount, table: sets };
  }
  const [amount, sets] = await engine("best_initial_meld", rack, "tiles");
  return { amount, table: [...table, ...sets] };
}

/** The engine's judgement of a whole edited turn (rules.check_play): `code` null when it
 *  could be confirmed now, else the refusal's code (and, for a meld under 30, its value). */
export function judgePlay(table: Tile[][], rack: Tile[], melded: boolean, next: Tile[][]): Promise<Verdict> {
  return engine("check_play", table, rack, melded, next);
}
