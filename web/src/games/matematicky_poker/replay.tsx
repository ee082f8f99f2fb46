// Matematický poker's frame of a replay (web/src/replay/): one read-only board with the card
// in hand and the running total, as the seat saw it then; a dealer who only deals sees the
// cards dealt; the end frame of a duel or group adds everybody's board (what the end showed),
// a duel's earlier frames the other board as far as the seat had come.
// The coach passes its marks (the computer's cell, the player's) for the step's board.
import { t, useLang } from "../../i18n";
import type { ReplayView } from "../../replay/types";
import { Board, type Outline } from "./Board";
import { MiniBoard } from "./lobby/MiniBoard";
import type { MultiView } from "./lobby/types";
import type { MpView } from "./types";
import "../../components/game.css";
import "./mp.css";

export function ReplayFrame({ view, outline, names }: {
  view: MpView | MultiView; outline?: Outline; names?: Record<number, string>;
}) {
  useLang();
  const multi = "variant" in view ? (view as MultiView) : null;
  if (multi && !multi.playing) {
    return (
      <div class="mp-game mp-replay-frame">
        <p class="mp-replay-dealt" data-dealt={(multi.dealt ?? []).length}>
          {t("mp.replay.dealt")} {(multi.dealt ?? []).join(", ") || "–"}
        </p>
      </div>
    );
  }
  const hand = view.over ? null : view.hand;
  // The end shows every board with its final points; before it, a duel shows the other
  // board as far as this seat had come, with the points of what it shows (its `opponent`, as
  // the live duel screen did).
  const scores = new Map((multi?.ranking ?? []).map((row) => [row.seat, row.score]));
  const others = multi?.boards
    ? multi.boards.filter((board) => board.seat !== multi.seat).map((board) => ({ board, score: scores.get(board.seat) ?? 0 }))
    : multi?.opponent ? [{ board: multi.opponent, score: multi.opponent.score }] : [];
  return (
    <div class="mp-game mp-replay-frame">
      <p class="mp-replay-state">
        <span class="mp-replay-hand" data-hand={hand?.kind === "number" ? hand.value : hand ? "joker" : ""}>
          {t("mp.hand.label")}:{" "}
          <strong>{hand === null ? "–" : hand.kind === "joker" ? `★ ${t("mp.hand.joker")}` : hand.value}</strong>
        </span>
        <span class="mp-replay-total">
          {t("mp.total")}: <strong data-total={view.score.total}>{view.score.total}</strong>
        </span>
        {view.kept_jokers > 0 && <span>{t("mp.kept", { count: view.kept_jokers })}</span>}
        {view.mode === "hard" && <span>{t("mp.forfeited", { count: view.forfeited })}</span>}
      </p>
      <Board view={view} ready={false} showPreview={false} onCell={() => undefined} outline={outline} />
      {others.length > 0 && (
        <div class="lobby-boards mp-replay-others">
          {others.map(({ board, score }) => (
            <MiniBoard key={board.seat} board={board} caption={names?.[board.seat] ?? t("mp.replay.seat", { seat: board.seat + 1 })}
              score={score} you={false} />
          ))}
        </div>
      )}
    </div>
  );
}

/** The registry's `replay` entry: a frame of a replay, without the coach's marks. */
export const MpReplay: ReplayView = ({ data, view }) => (
  <ReplayFrame view={view as MpView | MultiView} names={data.names} />
);
