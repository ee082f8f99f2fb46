// The end of a duel or group game: who won (or a draw), this seat's place, why it ended when
// not by itself (the dealer left), whether it counted, the final ranking and every board,
// and the seat's replay.
import { useEffect, useRef } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { byEngine } from "../../../registry";
import { ReplayButton } from "../../../replay/ReplayButton";
import type { ReplaySource } from "../../../replay/types";
import { href } from "../../../router";
import { kindName, places, settingsInfo } from "./words";
import { MiniBoard } from "./MiniBoard";
import { Nickname, seatName } from "./Ranking";
import type { LobbyState, MultiView } from "./types";

interface Props {
  lobby: LobbyState;
  view: MultiView;
  recorded: boolean;
  /** This seat's replay ("Záznam hry"). */
  source: ReplaySource | null;
}

export function Results({ lobby, view, recorded, source }: Props) {
  useLang();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const rows = view.ranking;
  const placed = places(rows);
  const mine = view.playing ? rows.findIndex((row) => row.seat === view.seat) : -1;
  const boards = new Map((view.boards ?? []).map((board) => [board.seat, board]));
  const path = lobby.kind === "duel" ? "/matematicky-poker/duel" : "/matematicky-poker/skupina";

  return (
    <section class="page lobby-page lobby-results" aria-labelledby="lobby-results-title">
      <div class="mp-game-head">
        <h1 id="lobby-results-title" ref={heading} tabIndex={-1}>{t("lobby.results.title")}</h1>
        <p class="mp-info">{kindName(lobby.kind)} · {settingsInfo(lobby.settings)}</p>
      </div>
      <div class="lobby-verdict-box panel">
        <Verdict lobby={lobby} view={view} placed={placed} mine={mine} />
        {lobby.outcome === "dealer_left" && <p>{t("lobby.results.dealer_left")}</p>}
        {lobby.kind === "duel" && !lobby.duel_recorded && <p>{t("lobby.results.not_recorded")}</p>}
        {view.playing && <p class="lobby-record">{t(recorded ? "lobby.results.recorded" : "lobby.results.anonymous")}</p>}
      </div>
      <section class="lobby-final" aria-labelledby="lobby-final-title">
        <h2 id="lobby-final-title">{t("lobby.results.ranking")}</h2>
        <table class="lobby-table lobby-final-table">
          <thead>
            <tr>
              <th scope="col">{t("lobby.col.place")}</th>
              <th scope="col">{t("lobby.col.player")}</th>
              <th scope="col">{t("lobby.col.score")}</th>
              <th scope="col">{t("lobby.col.filled")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.seat} class={index === mine ? "you" : undefined} data-seat={row.seat}>
                <td>{placed[index]}.</td>
                <th scope="row">
                  <Nickname name={seatName(lobby, row.seat)} />
                  {index === mine && <span class="lobby-tag you">{t("lobby.you")}</span>}
                </th>
                <td data-score={row.score}>{row.score}</td>
                <td>{row.filled}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {boards.size > 0 && (
        <section class="lobby-boards-box" aria-labelledby="lobby-boards-title">
          <h2 id="lobby-boards-title">{t("lobby.results.boards")}</h2>
          <div class="lobby-boards">
            {rows.map((row, index) => {
              const board = boards.get(row.seat);
              return board ? (
                <MiniBoard
                  key={row.seat}
                  board={board}
                  caption={`${placed[index]}. ${seatName(lobby, row.seat)}`}
                  score={row.score}
                  you={index === mine}
                />
              ) : null;
            })}
          </div>
        </section>
      )}
      <ReplayButton entry={byEngine("matematicky-poker")!} source={source}
        names={Object.fromEntries(rows.map((row) => [row.seat, seatName(lobby, row.seat)]))} />
      <p class="page-links lobby-back">
        <a class="button primary" href={href(path)}>{t(`lobby.new.${lobby.kind}`)}</a>
        <a href={href("/matematicky-poker")}>{t("lobby.back.mp")}</a>
      </p>
    </section>
  );
}

function Verdict({ lobby, view, placed, mine }: { lobby: LobbyState; view: MultiView; placed: number[]; mine: number }) {
  const rows = view.ranking;
  if (rows.length === 0) return null;
  const firsts = rows.filter((_, index) => placed[index] === 1).map((row) => seatName(lobby, row.seat));
  if (lobby.kind === "duel" && rows.length === 2) {
    const verdict = firsts.length > 1 ? "draw" : mine === -1 ? "other" : mine === 0 ? "win" : "loss";
    return (
      <p class="lobby-verdict" data-verdict={verdict} role="status">
        {verdict === "draw"
          ? t("lobby.results.draw")
          : verdict === "win"
            ? t("lobby.results.win")
            : t("lobby.results.winner", { name: firsts[0] })}
      </p>
    );
  }
  const verdict = mine === -1 ? "other" : placed[mine] === 1 ? "win" : "place";
  return (
    <>
      <p class="lobby-verdict" data-verdict={verdict} role="status">
        {firsts.length > 1
          ? t("lobby.results.shared", { names: firsts.join(", ") })
          : t("lobby.results.group.winner", { name: firsts[0], score: rows[0].score })}
      </p>
      {mine !== -1 && <p class="lobby-place">{t("lobby.results.place", { place: placed[mine], count: rows.length })}</p>}
    </>
  );
}
