// Locus Poker's replay view: one frame of a finished game's replay, read-only (the shared
// stepper around it is web/src/replay/Replay.tsx): both players with their totals and chips
// left, whose move it was (or how the game ended), the last move with its hand lit on the
// grid. Nothing is hidden in this game, so a frame is the whole position at that step. The
// replay's seat is "Vy", the other by the name the end screen gave (`data.names`), else
// "Hráč n" (a shared link's replay has no names).
import { t, useLang } from "../../i18n";
import type { ReplayView, ReplayViewProps, ReplayWords } from "../../replay/types";
import { StillBoard } from "./Board";
import { endHeadline } from "./End";
import { LastMove, Players } from "./Table";
import type { LpView, SeatNames } from "./types";
import { handName } from "./words";
import "../../components/game.css";
import "./lp.css";

/** What move `index` did, for the stepper's list: where the card went, which side up, and
 *  what it scored (every move is public in this game). */
const lpWords: ReplayWords = (data, index) => {
  const before = data.frames[index - 1] as LpView | undefined;
  const after = data.frames[index] as LpView | undefined;
  if (!before || !after || after.moves.length <= before.moves.length) return null;
  const move = after.moves[after.moves.length - 1];
  return t("lp.replay.words", {
    row: Math.floor(move.cell / after.cols) + 1, col: (move.cell % after.cols) + 1,
    face: t(`lp.face.${move.face}.short`), hand: handName(move.name), points: move.hand, bonus: move.bonus,
  });
};

function LpFrame({ data, view: frame }: ReplayViewProps) {
  useLang();
  const view = frame as LpView;
  const names: SeatNames = view.totals.map((_, seat) =>
    seat === data.seat ? t("lp.you") : data.names?.[seat] ?? t("lp.player", { n: seat + 1 }));
  const mover = view.turn[0];
  const status = view.over && view.result ? endHeadline(view, names)
    : !view.started ? t("lp.waiting.start")
    : mover === undefined ? ""
    : mover === data.seat ? t("lp.replay.yours")
    : t("lp.turn.other", { name: names[mover] });
  return (
    <div class={`lp-replay${view.over ? " over" : ""}`}>
      <Players view={view} names={names} />
      <p class="lp-status lp-replay-status">{status}</p>
      <LastMove view={view} names={names} />
      <StillBoard view={view} names={names} />
    </div>
  );
}

export const LpReplay: ReplayView = Object.assign(LpFrame, { words: lpWords });
