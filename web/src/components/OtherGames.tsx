// "Další hry: Kostkový poker": the other playable games, linked from every game's pages
// (the Kostkový poker source text has the line). From the one list of games (registry.ts).
import { Fragment } from "preact";
import { t, useLang } from "../i18n";
import { href } from "../router";
import { gameText, otherGames } from "../registry";
import "./OtherGames.css";

export function OtherGames({ current }: { current: string }) {
  useLang();
  const games = otherGames(current);
  if (games.length === 0) return null;
  return (
    <nav class="other-games" aria-label={t("games.other")}>
      <span class="other-games-label" aria-hidden="true">{t("games.other")}:</span>{" "}
      {games.map((game, index) => (
        <Fragment key={game.id}>
          {index > 0 && <span aria-hidden="true"> · </span>}
          <a href={href(game.play!)} data-game={game.id}>{gameText(game, "name")}</a>
        </Fragment>
      ))}
    </nav>
  );
}
