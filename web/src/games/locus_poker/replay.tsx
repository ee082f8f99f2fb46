// Locus Poker's replay view: one frame of a finished game's replay, read-only (the shared
// stepper around it is web/src/replay/Replay.tsx): both players with their totals and chips
// left, whose move it was (or how the game ended), the last move with its hand lit on the
// grid. Nothing is hidden in this game, so a frame is the whole position at that step. The
// replay's seat is "Vy", the other "Hráč n" (a frame names nobody; the same for a computer).
import { t, useLang } from "../../i18n";
import type { ReplayViewProps } from "../../replay/types";
import { StillBoard } from "./Board";
import { endHeadline } from "./End";
import { LastMove, Players } from "./Table";
import type { LpView, SeatNames } from "./types";
import "../../components/game.css";
import "./lp.css";

export function LpReplay({ data, view: frame }: ReplayViewProps) {
  useLang();
  const view = frame as LpView;
  const names: SeatNames = view.totals.map((_, seat) => (seat === data.seat ? t("lp.you") : t("lp.player", { n: seat + 1 })));
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
