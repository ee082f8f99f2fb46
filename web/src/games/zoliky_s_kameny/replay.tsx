// One frame of a Žolíky s kameny replay (replay/Replay.tsx steps through them): the seat's
// view at that step with the table screen's own parts, read-only. The players' counts, the
// sets on the table, the seat's rack, who is to move, and what the last move did: told from
// the two frames around it (a rack that shrank laid the tiles new on the table, one that grew
// drew), with those tiles marked, so nothing shows that the seat did not see then. The last
// frame is the end: every rack and the scores.
import { t, useLang } from "../../i18n";
import type { ReplayMove, ReplayView, ReplayViewProps, ReplayWords } from "../../replay/types";
import type { LastMove } from "./session";
import { loadOrder } from "./storage";
import { End, freshPieces, lastText, Players, SetRow, shownSets } from "./Table";
import { TileView } from "./Tile";
import { sameTile, sortTiles } from "./tiles";
import type { SeatNames, Tile, ZkView } from "./types";
import "../../components/game.css";
import "./zk.css";

type Step = LastMove | { type: "started" | "left"; seat: number; laid?: never };

/** The tiles of `after`'s table that `before`'s did not hold (a tile laid stays laid). */
function laidTiles(before: ZkView, after: ZkView): Tile[] {
  const left = before.table.flat();
  return after.table.flat().filter((tile) => {
    const at = left.findIndex((old) => sameTile(old, tile));
    if (at >= 0) left.splice(at, 1);
    return at < 0;
  });
}

/** What move `move` did, from the frames before and after it. */
function stepOf(before: ZkView, after: ZkView, move: ReplayMove): Step | null {
  const seat = move.seat;
  if (seat === null) return null;
  if (move.kind === "leave") return { type: "left", seat };
  if (!before.started) return { type: "started", seat };
  const change = after.players[seat].tiles - before.players[seat].tiles;
  if (change < 0) return { type: "played", seat, laid: laidTiles(before, after) };
  return { type: change > 0 ? "drew" : "passed", seat, laid: [] };
}

function stepText(step: Step, names: SeatNames): string {
  if (step.laid === undefined) {
    return step.type === "started" ? t("zk.replay.started") : t("zk.replay.left", { name: names[step.seat] ?? "" });
  }
  return lastText(step, names);
}

/** "Vy" for the replay's seat; the others by the names the end screen gave (`data.names`),
 *  else "Hráč 2" (a shared link's replay has no names). */
function replayNames(seat: number | null, seats: number, given: Record<number, string> | undefined): SeatNames {
  return Array.from({ length: seats },
    (_, i) => (i === seat ? t("zk.you") : given?.[i] ?? t("zk.player", { n: i + 1 })));
}

/** What move `index` did, for the stepper's list: tiles laid (how many), a tile drawn, a pass. */
const zkWords: ReplayWords = (data, index) => {
  const move = data.moves[index - 1];
  const step = move && stepOf(data.frames[index - 1] as ZkView, data.frames[index] as ZkView, move);
  if (!step || step.type === "left") return null;
  if (step.type === "played") return t("zk.replay.words.played", { count: step.laid.length });
  return t(`zk.replay.words.${step.type}`);
};

const ZkFrame = ({ data, step, view }: ReplayViewProps) => {
  useLang();
  const frame = view as ZkView;
  const names = replayNames(data.seat, frame.players.length, data.names);
  const before = step > 0 ? (data.frames[step - 1] as ZkView) : null;
  const move = step > 0 ? data.moves[step - 1] : undefined;
  const last = before && move ? stepOf(before, frame, move) : null;
  const sets = shownSets(frame);
  const fresh = last?.type === "played" ? freshPieces(sets, last, sameTile) : undefined;
  const mover = frame.turn[0];
  const status = !frame.started ? t("zk.waiting.start")
    : mover === frame.seat ? t("zk.turn.yours")
    : mover !== undefined ? t("zk.turn.other", { name: names[mover] }) : "";
  return (
    <div class="zk-game zk-replay" data-frame={step}>
      <p class="mp-info">{t("zk.info", { round: frame.round, pool: frame.pool })}</p>
      <Players view={frame} names={names} />
      <p class={`zk-status${last ? ` zk-seat${last.seat}` : ""}`}>
        {status}
        {last && <span class="zk-last"> {stepText(last, names)}</span>}
      </p>
      {frame.over && frame.result ? (
        <End result={frame.result} view={frame} names={names} id="zk-replay-end" />
      ) : (
        <div class={`zk-play${last ? ` zk-seat${last.seat}` : ""}`}>
          <section class="zk-table" aria-label={t("zk.table")}>
            {sets.length === 0 && <p class="hint zk-empty">{t("zk.table.empty")}</p>}
            {sets.map((set, index) => (
              <SetRow key={set.id} set={set} number={index + 1} fresh={fresh} check={undefined}
                editable={false} selected={[]} onToggle={() => {}} onAdd={() => {}} />
            ))}
          </section>
          {/* (one who watches, seat null, has no rack: its view holds none) */}
          {frame.rack && (
            <section class="zk-rack-area" aria-labelledby="zk-replay-rack">
              <div class="zk-rack-head"><h2 id="zk-replay-rack">{t("zk.rack")}</h2></div>
              <div class="zk-rack">
                {frame.rack.length === 0 && <p class="hint">{t("zk.rack.empty")}</p>}
                {sortTiles(frame.rack, (tile) => tile, loadOrder()).map((tile, i) => <TileView key={i} tile={tile} />)}
              </div>
            </section>
          )}
        </div>
      )}
    </div>
  );
};

export const ZkReplay: ReplayView = Object.assign(ZkFrame, { words: zkWords });
