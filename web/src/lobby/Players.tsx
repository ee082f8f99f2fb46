// Who is in the lobby: nickname, "ty", the host (the dealer in a group), whether connected
// (a dot and the word, never colour alone), and who left the game; each person's rating
// where the lobby message has it, and after a rated game the new rating and its change.
import { t } from "../i18n";
import { RatingBadge, RatingChange } from "../profile/RatingParts";
import type { Lobby, LobbyPlayer } from "./types";
import "./open.css";

/** `host` is the host's tag (the game's word for it, RoomWords.host; "hostitel" by default). */
export function Players({ lobby, host }: { lobby: Lobby; host?: string }) {
  return (
    <ul class="lobby-players">
      {lobby.players.map((player) => {
        const presence = player.gone ? "gone" : player.connected ? "on" : "off";
        return (
          <li key={player.seat} class={`lobby-player ${presence}`} data-seat={player.seat} data-presence={presence}>
            <span class="lobby-dot" aria-hidden="true" />
            <span class="nickname">{player.nickname}</span>
            <PlayerRating lobby={lobby} player={player} />
            {player.seat === lobby.you && <span class="lobby-tag you">{t("lobby.you")}</span>}
            {player.host && (
              <span class="lobby-tag host">
                {host ?? t("lobby.role.host")}
              </span>
            )}
            <span class="lobby-presence">{t(`lobby.presence.${presence}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The rated game's change for the player (by table seat), if the game was rated. */
export function changeOf(lobby: Lobby, player: LobbyPlayer): { rating: number; change: number } | null {
  if (player.table_seat === null || !lobby.ratings) return null;
  return lobby.ratings[String(player.table_seat)] ?? null;
}

function PlayerRating({ lobby, player }: { lobby: Lobby; player: LobbyPlayer }) {
  const changed = changeOf(lobby, player);
  if (changed) {
    return (
      <span class="lobby-rating" data-change={changed.change}>
        <RatingBadge rating={changed.rating} provisional={player.rating?.provisional ?? false} />{" "}
        <RatingChange change={changed.change} />
      </span>
    );
  }
  if (!player.rating) return null;
  return (
    <span class="lobby-rating">
      <RatingBadge rating={player.rating.rating} provisional={player.rating.provisional} />
    </span>
  );
}
