// The home page: the games of the one list (registry.ts); those not built yet are marked
// as coming, without links. Below them every game's open tables (lobby/OpenRooms.tsx) and
// the public games being played, to watch (lobby/PlayingRooms.tsx). Above them, while games
// wait for the profile's move, a badge to "Moje hry" (mygames/).
import { getLang, t } from "../i18n";
import { href } from "../router";
import { GAMES, gameName } from "../registry";
import { OpenRooms } from "../lobby/OpenRooms";
import { PlayingRooms } from "../lobby/PlayingRooms";
import { MyGamesBadge } from "../mygames/MyGamesChip";
import "../profile/profile.css";

export function Home() {
  return (
    <section class="page home">
      <h1>{t("app.name")}</h1>
      <p class="lead">{t("app.tagline")}</p>
      <MyGamesBadge />
      <h2>{t("home.games")}</h2>
      <ul class="games">
        {GAMES.map((game) => (
          <li key={game.id} class={game.play ? "game" : "game soon"}>
            <h3>{gameName(game)}</h3>
            <p>{game.about[getLang()]}</p>
            {game.play ? (
              <p class="actions">
                <a class="button primary" href={href(game.play)}>{t("home.play")}</a>
                {game.rules && <a class="button" href={href(game.rules)}>{t("home.rules")}</a>}
              </p>
            ) : (
              <p class="badge">{t("home.soon")}</p>
            )}
          </li>
        ))}
      </ul>
      <OpenRooms id="home-open" />
      <PlayingRooms id="home-playing" />
      <footer class="home-foot">
        <a href={href("/profil")}>{t("profile.title")}</a>
        <a href={href("/moje-hry")}>{t("mygames.title")}</a>
        <a href={href("/zasady")}>{t("privacy.link")}</a>
      </footer>
    </section>
  );
}
