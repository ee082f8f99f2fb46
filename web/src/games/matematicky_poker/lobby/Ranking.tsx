// The live ranking beside the board: place, nickname (from the lobby, by table seat),
// points, filled cells and how many drawn numbers each still has to place. Nothing of the
// other boards: those are shown only at the end.
import type { ComponentChildren } from "preact";
import { t } from "../../../i18n";
import { places } from "./words";
import { queueOf, type LobbyState, type MultiView } from "./types";

/** The nickname of a table seat. */
export function seatName(lobby: LobbyState, seat: number): string {
  return lobby.players.find((player) => player.table_seat === seat)?.nickname ?? t("lobby.seat", { n: seat + 1 });
}

/** A nickname on one line: a long one ends in an ellipsis (never broken mid-word), the
 *  whole name in its title for the pointer; the table cell's text stays whole for a screen
 *  reader. */
export function Nickname({ name }: { name: string }) {
  return <span class="nickname" title={name}>{name}</span>;
}

/** The rows of a ranking: a seat's place, score and cells, its own board's seat entry. */
type Ranked = Pick<MultiView, "ranking" | "seats" | "drawn">;

/** The ranking's table, the room's and a watcher's alike: place, who (`who`: the name cell's
 *  contents, `mine`: the row of the one looking), score, cells filled, cards still queued. */
export function RankingTable({ view, titleId, who, mine = () => false }: {
  view: Ranked;
  titleId: string;
  who: (seat: number) => ComponentChildren;
  mine?: (seat: number) => boolean;
}) {
  const rows = view.ranking;
  const placed = places(rows);
  return (
    <section class="lobby-ranking" aria-labelledby={titleId}>
      <h2 id={titleId}>{t("lobby.ranking")}</h2>
      <table class="lobby-table">
        <thead>
          <tr>
            <th scope="col"><span aria-hidden="true">#</span><span class="visually-hidden">{t("lobby.col.place")}</span></th>
            <th scope="col">{t("lobby.col.player")}</th>
            <th scope="col">{t("lobby.col.score")}</th>
            <th scope="col">{t("lobby.col.filled")}</th>
            <th scope="col">{t("lobby.col.queue")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const seat = view.seats.find((each) => each.seat === row.seat);
            return (
              <tr key={row.seat} class={mine(row.seat) ? "you" : undefined} data-seat={row.seat}>
                <td>{placed[index]}.</td>
                <th scope="row">{who(row.seat)}</th>
                <td data-score={row.score}>{row.score}</td>
                <td>{row.filled}</td>
                <td>{seat?.finished ? <span title={t("lobby.queue.done")}>✓<span class="visually-hidden"> {t("lobby.queue.done")}</span></span> : queueOf(view, seat)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

export function Ranking({ lobby, view }: { lobby: LobbyState; view: MultiView }) {
  const you = (seat: number) => seat === view.seat && view.playing;
  const who = (seat: number) => {
    const player = lobby.players.find((each) => each.table_seat === seat);
    const away = player ? player.gone || view.seats.find((each) => each.seat === seat)?.left === true : false;
    return (
      <span class="lobby-name">
        <span class={`lobby-dot ${away ? "gone" : player?.connected ? "on" : "off"}`} aria-hidden="true" />
        <Nickname name={seatName(lobby, seat)} />
        {you(seat) && <span class="lobby-tag you">{t("lobby.you")}</span>}
        {away ? (
          <span class="lobby-presence">{t("lobby.presence.gone")}</span>
        ) : player && !player.connected ? (
          <span class="lobby-presence">{t("lobby.presence.off")}</span>
        ) : null}
      </span>
    );
  };
  return <RankingTable view={view} titleId="lobby-ranking-title" who={who} mine={you} />;
}
