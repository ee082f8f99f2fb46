// At the end of a rated game (the lobby message's `ratings`, by table seat): each player's
// new rating and its change, "+12" or "−12", best first; the same for every game, under
// its own end screen (docs/decisions/0158-ratings.md).
import { t, useLang } from "../i18n";
import { RatingBadge, RatingChange } from "../profile/RatingParts";
import { changeOf } from "./Players";
import type { Lobby } from "./types";
import "../profile/profile.css";
import "./open.css";

export function RatingChanges({ lobby }: { lobby: Lobby }) {
  useLang();
  const rated = lobby.players.flatMap((player) => {
    const changed = changeOf(lobby, player);
    return changed ? [{ player, ...changed }] : [];
  });
  if (rated.length === 0) return null;
  rated.sort((a, b) => b.change - a.change || b.rating - a.rating);
  return (
    <section class="page lobby-ratings-page" aria-labelledby="lobby-ratings-title">
      <div class="panel lobby-ratings" data-round={lobby.round}>
        <h2 id="lobby-ratings-title">{t("rating.end.title")}</h2>
        <ul class="lobby-rating-list">
          {rated.map(({ player, rating, change }) => (
            <li key={player.seat} data-seat={player.seat} data-rating={rating} data-change={change}>
              <span class="nickname">{player.nickname}</span>
              {player.seat === lobby.you && <span class="lobby-tag you">{t("lobby.you")}</span>}
              <RatingBadge rating={rating} provisional={player.rating?.provisional ?? false} />
              <RatingChange change={change} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
