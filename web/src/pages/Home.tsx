// The home page: the games of the one list (registry.ts); those not built yet are marked
// as coming, without links.
import { t } from "../i18n";
import { href } from "../router";
import { GAMES, gameText } from "../registry";

export function Home() {
  return (
    <section class="page home">
      <h1>{t("app.name")}</h1>
      <p class="lead">{t("app.tagline")}</p>
      <h2>{t("home.games")}</h2>
      <ul class="games">
        {GAMES.map((game) => (
          <li key={game.id} class={game.play ? "game" : "game soon"}>
            <h3>{gameText(game, "name")}</h3>
            <p>{gameText(game, "about")}</p>
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
      <footer class="home-foot">
        <a href={href("/profil")}>{t("profile.title")}</a>
        <a href={href("/zasady")}>{t("privacy.link")}</a>
      </footer>
    </section>
  );
}
