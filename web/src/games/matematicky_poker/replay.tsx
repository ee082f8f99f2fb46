// Matematický poker's frame of a replay (web/src/replay/): one read-only board with the card
// in hand and the running total, as the seat saw it then; a dealer who only deals sees the
// cards dealt; the end frame of a duel or group adds everybody's board (what the end showed),
// a duel's earlier frames the other board as far as the seat had come.
// The coach passes its marks (the computer's cell, the player's) for the step's board.
// One who watches a duel or group (seat null) sees its ranking instead, every board at the end.
import { t, useLang } from "../../i18n";
import type { ReplayView, ReplayViewProps, ReplayWords } from "../../replay/types";
import { Board, cellPlace, type Outline } from "./Board";
import { MiniBoard } from "./lobby/MiniBoard";
import { RankingTable } from "./lobby/Ranking";
import type { MultiView, PlayingView } from "./lobby/types";
import type { MpView } from "./types";
import type { MpWatchView } from "./wire.gen";
import "../../components/game.css";
import "./mp.css";

export function ReplayFrame({ view, outline, names }: {
  view: MpView | MultiView; outline?: Outline; names?: Record<number, string>;
}) {
  useLang();
  if ("variant" in view && !view.playing) {
    return (
      <div class="mp-game mp-replay-frame">
        <p class="mp-replay-dealt" data-dealt={view.dealt.length}>
          {t("mp.replay.dealt")} {view.dealt.join(", ") || "–"}
        </p>
      </div>
    );
  }
  const multi: PlayingView | null = "variant" in view ? view : null;
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

/** "7 do řádku 2, sloupce 3" (a joker's: "žolík jako 13 do …"): a number written, as the
 *  replay's list and the coach's notes say it. */
export function placeText(cell: number, value: number, joker: boolean): string {
  return t(joker ? "mp.replay.place.joker" : "mp.replay.place", { value, ...cellPlace(cell) });
}

/** What the seat's own move `index` did, read from the frame after it: the number written
 *  where, a joker kept, the number a start or a draw brought. */
export const mpWords: ReplayWords = (data, index) => {
  const action = data.moves[index - 1]?.action as { type?: string; cell?: unknown } | null;
  const after = data.frames[index] as Partial<MpView> | undefined;
  if (!action || !after?.board) return null;
  const cell = action.cell;
  const value = typeof cell === "number" ? after.board[cell] : null;
  if (typeof cell === "number" && typeof value === "number") return placeText(cell, value, after.jokers?.[cell] ?? false);
  if (action.type === "joker") return t("mp.replay.kept");
  if ((action.type === "start" || action.type === "draw") && after.hand) {
    return after.hand.kind === "joker" ? t("mp.replay.drew.joker") : t("mp.replay.drew", { card: after.hand.value });
  }
  return null;
};

const DECK = 54;

/** What one who watches sees (seat null, docs/api.md "Watching a table"): no board, hand or
 *  card of anybody while the game runs, only the ranking (points, filled cells, cards still
 *  to place) and how far the deck is drawn; at the end every board. */
export function WatchFrame({ view, names }: { view: MpWatchView; names?: Record<number, string> }) {
  useLang();
  const nameOf = (seat: number) => names?.[seat] ?? t("mp.replay.seat", { seat: seat + 1 });
  const scores = new Map(view.ranking.map((row) => [row.seat, row.score]));
  return (
    <div class="mp-game mp-replay-frame mp-watch-frame">
      <p class="mp-replay-state">
        <span class="mp-watch-drawn" data-drawn={view.drawn}>{t("lobby.desk.drawn", { drawn: view.drawn, deck: DECK })}</span>
      </p>
      <RankingTable view={view} titleId="mp-watch-ranking" who={(seat) => {
        const left = view.seats.find((each) => each.seat === seat)?.left;
        return (
          <>
            <span class="nickname">{nameOf(seat)}</span>
            {left && <span class="lobby-presence"> {t("lobby.presence.gone")}</span>}
          </>
        );
      }} />
      {view.boards && view.boards.length > 0 && (
        <div class="lobby-boards mp-replay-others">
          {view.boards.map((board) => (
            <MiniBoard key={board.seat} board={board} caption={nameOf(board.seat)} score={scores.get(board.seat) ?? 0} you={false} />
          ))}
        </div>
      )}
    </div>
  );
}

/** The registry's `replay` entry: a frame of a replay, without the coach's marks; the view of
 *  one who watches (seat null) as WatchFrame. */
export const MpReplay: ReplayView = Object.assign(
  ({ data, view }: ReplayViewProps) => (view as { seat: number | null }).seat === null
    ? <WatchFrame view={view as MpWatchView} names={data.names} />
    : <ReplayFrame view={view as MpView | MultiView} names={data.names} />,
  { words: mpWords },
);
