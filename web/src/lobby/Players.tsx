// Who is in the lobby: nickname, "ty", the host (the dealer in a group), whether connected
// (a dot and the word, never colour alone), and who left the game.
import { t } from "../i18n";
import type { Lobby } from "./types";

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
