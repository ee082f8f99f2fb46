// The room of an online table before the start: the code (big, ABC-DEF), the link with a copy
// button, the QR code, who is here (and connected), how many seats the computer will take,
// Start for the host (alone too: the computer takes the other seats) and Leave.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { formatCode } from "../lobby/code";
import type { LobbyConnection } from "../lobby/connection";
import { codeText } from "../lobby/format";
import { Players } from "../lobby/Players";
import { CopyLink, QrCode } from "../lobby/Room";
import type { LobbyState } from "../lobby/types";
import { KpNav } from "./KpNav";
import { GAME, settingsText, type TableLobby } from "./online";

interface Props {
  conn: LobbyConnection;
  lobby: TableLobby;
  banner: ComponentChildren;
  onLeave: () => void;
}

export function OnlineRoom({ conn, lobby, banner, onLeave }: Props) {
  useLang();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const me = lobby.players.find((player) => player.seat === lobby.you);
  const host = me?.host === true;
  const hostName = lobby.players.find((player) => player.host)?.nickname ?? "";
  const [starting, setStarting] = useState(false);
  const failure = conn.failure;
  useEffect(() => setStarting(false), [failure?.id]);
  const count = lobby.players.length;
  const state = host ? (count > 1 ? "ready" : "alone") : "wait";
  const computers = lobby.limit - count;

  return (
    <section class="page lobby-page lobby-room kp-room" aria-labelledby="kp-room-title">
      <KpNav current="/kostkovy-poker/stul" />
      <div class="mp-game-head">
        <h1 id="kp-room-title" ref={heading} tabIndex={-1}>{t("kp.online.kind")}</h1>
        <p class="mp-info">{t("kp.title")} · {settingsText(lobby.settings)}</p>
      </div>
      {banner}
      <div class="lobby-share panel">
        <div class="lobby-share-text">
          <p class="lobby-code-label">{t("lobby.code")}</p>
          <p class="lobby-code" data-code={lobby.code}>{formatCode(lobby.code)}</p>
          <p class="hint">{t("kp.online.share")}</p>
          <CopyLink code={lobby.code} game={GAME} />
        </div>
        <QrCode code={lobby.code} shown={host} />
      </div>
      <section class="panel lobby-people" aria-labelledby="kp-people-title">
        <h2 id="kp-people-title">
          {t("kp.online.people")} <span class="lobby-count">{t("lobby.players.count", { count, limit: lobby.limit })}</span>
        </h2>
        <Players lobby={lobby as unknown as LobbyState} />
        {computers > 0 && <p class="hint">{t("kp.online.bots", { count: computers, name: t(`kp.bot.${lobby.settings.robots}`) })}</p>}
        <p class="hint">{t("kp.online.timer", { seconds: lobby.settings.seconds })}</p>
        <p class="lobby-state" role="status" data-state={state}>{t(`kp.online.state.${state}`, { host: hostName })}</p>
        <p class="mp-error" role="alert">{failure ? codeText(failure.code, failure.message) : ""}</p>
        <div class="lobby-actions">
          {host && (
            <button
              type="button"
              class="primary mp-start"
              disabled={starting}
              aria-busy={starting ? "true" : undefined}
              onClick={() => {
                setStarting(true);
                conn.start();
              }}
            >
              {t("kp.online.start")}
            </button>
          )}
          <button type="button" class="lobby-leave" onClick={onLeave}>{t("lobby.leave")}</button>
        </div>
      </section>
    </section>
  );
}
