// A game's rating board, #/<game>/hodnoceni (routes.ts, for every game of the registry):
// the best settled ratings of the people who agreed to public boards (GET
// /api/ratings/{game}; decision 0158): rank, nickname, rating and rated games, the selected
// profile's own row marked. The other games' boards are one click away. It needs the
// server; offline it says so and offers to try again.
import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { GAMES, gameName, type GameEntry } from "../registry";
import { href } from "../router";
import { ServerUnreachable, getRatings, type Standing } from "./api";
import { plural, problemText } from "./format";
import { useProfiles } from "./store";
import "./profile.css";
import "./rating.css";

type Loaded =
  | { state: "loading" }
  | { state: "ok"; ratings: Standing[] }
  | { state: "offline" }
  | { state: "failed"; message: string };

/** The path of a game's rating board. */
export function boardPath(game: GameEntry): string {
  return `${game.play}/hodnoceni`;
}

/** The games that have a board: those played online, with the engine's name the server knows. */
export function ratedGames(): GameEntry[] {
  return GAMES.filter((game) => game.engine && game.play && game.online);
}

export function RatingsPage({ game }: { game: GameEntry }) {
  useLang();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const name = gameName(game);

  useEffect(() => {
    let live = true;
    setLoaded({ state: "loading" });
    getRatings(game.engine!).then(
      (ratings) => live && setLoaded({ state: "ok", ratings }),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ServerUnreachable) setLoaded({ state: "offline" });
        else setLoaded({ state: "failed", message: problemText(error, "rating.board.offline") });
      },
    );
    return () => void (live = false);
  }, [game.engine, attempt]);

  const ratings = loaded.state === "ok" ? loaded.ratings : null;
  return (
    <section class="page board-page rating-board-page" aria-labelledby="rating-board-title">
      <h1 id="rating-board-title">{t("rating.board.title", { game: name })}</h1>
      <p class="lead">{t("rating.board.lead")}</p>
      <nav aria-label={t("rating.board.other")}>
        <ul class="rating-games">
          {ratedGames().map((each) => (
            <li key={each.id}>
              <a href={href(boardPath(each))} aria-current={each.id === game.id ? "page" : undefined}>{gameName(each)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <p class="status-line" role="status">
        {loaded.state === "loading" && t("rating.board.loading")}
        {ratings && (ratings.length ? plural("rating.board.count", ratings.length) : t("rating.board.empty"))}
      </p>
      {(loaded.state === "offline" || loaded.state === "failed") && (
        <div class="notice warn" role="status">
          <p>{loaded.state === "offline" ? t("rating.board.offline") : loaded.message}</p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>{t("profile.retry")}</button>
        </div>
      )}
      {ratings && ratings.length > 0 && <RatingTable caption={t("rating.board.caption", { game: name })} ratings={ratings} />}
      <p class="page-links">
        <a class="button" href={href(game.play!)}>{t("rating.board.back")}</a>
      </p>
    </section>
  );
}

function RatingTable({ caption, ratings }: { caption: string; ratings: Standing[] }) {
  const { selected } = useProfiles();
  const mine = selected?.nickname.toLocaleLowerCase();
  return (
    <table class="results rating-board">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" class="num">
            <span class="long">{t("rating.board.col.rank")}</span>
            <span class="short" aria-hidden="true">#</span>
          </th>
          <th scope="col">{t("rating.board.col.nickname")}</th>
          <th scope="col" class="num">{t("rating.board.col.rating")}</th>
          <th scope="col" class="num">{t("rating.board.col.games")}</th>
        </tr>
      </thead>
      <tbody>
        {ratings.map((entry, index) => {
          const rank = index + 1;
          const me = mine !== undefined && entry.nickname.toLocaleLowerCase() === mine;
          return (
            <tr key={entry.nickname} class={`${me ? "me" : ""}${rank <= 3 ? " podium" : ""}`} data-rating={entry.rating}>
              <td class="num rank">{rank}.</td>
              <th scope="row" class="nickname">
                {entry.nickname}
                {me && <span class="you">{t("rating.board.you")}</span>}
              </th>
              <td class="num"><strong>{entry.rating}</strong></td>
              <td class="num">{entry.games}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
