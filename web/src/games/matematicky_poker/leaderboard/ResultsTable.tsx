// A table of published results (the leaderboard, the table of the day): rank, nickname as
// plain text, score, difficulty with seconds for hard, and when (Prague time). The selected
// profile's own row is marked.
import { t } from "../../../i18n";
import type { Entry } from "../../../profile/api";
import { dateTime } from "../../../profile/format";
import { useProfiles } from "../../../profile/store";
import "../../../profile/profile.css";

interface Props {
  caption: string;
  entries: Entry[];
  /** Show the difficulty column (the daily challenge is always easy). */
  withMode?: boolean;
}

export function modeText(entry: Pick<Entry, "mode" | "seconds">): string {
  if (entry.mode === "hard") {
    return entry.seconds ? t("board.mode.hardSeconds", { seconds: entry.seconds }) : t("board.mode.hard");
  }
  return t("board.mode.easy");
}

export function ResultsTable({ caption, entries, withMode = true }: Props) {
  const { selected } = useProfiles();
  const mine = selected?.nickname.toLocaleLowerCase();
  return (
    <table class="results">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" class="num">
            <span class="long">{t("board.col.rank")}</span>
            <span class="short" aria-hidden="true">#</span>
          </th>
          <th scope="col">{t("board.col.nickname")}</th>
          <th scope="col" class="num">{t("board.col.score")}</th>
          {withMode && <th scope="col">{t("board.col.mode")}</th>}
          <th scope="col">{t("board.col.when")}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const me = mine !== undefined && entry.nickname.toLocaleLowerCase() === mine;
          const when = dateTime(entry.finished_at);
          return (
            <tr key={`${entry.rank}-${entry.nickname}`} class={`${me ? "me" : ""}${entry.rank <= 3 ? " podium" : ""}`}>
              <td class="num rank">{entry.rank}.</td>
              <th scope="row" class="nickname">
                {entry.nickname}
                {me && <span class="you">{t("board.you")}</span>}
              </th>
              <td class="num" data-score={entry.score}>{entry.score}</td>
              {withMode && <td>{modeText(entry)}</td>}
              <td class="when">
                <time dateTime={when.iso}>
                  <span>{when.date}</span>
                  <span>{when.time}</span>
                </time>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
