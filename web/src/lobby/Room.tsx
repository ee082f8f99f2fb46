// The room before the start: the code (big, ABC-DEF), the link with a copy button, the QR
// code, who is here (and connected), what we wait for, Start for the host and Leave; the
// game says its own words (lobby/game.tsx).
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { qrUrl } from "./api";
import { formatCode, joinLink } from "./code";
import type { LobbyConnection } from "./connection";
import { codeText } from "./format";
import type { LobbyGame } from "./game";
import { Players } from "./Players";
import { InviteFriends } from "../club/InviteFriends";
import type { Lobby } from "./types";

interface Props {
  game: LobbyGame;
  conn: LobbyConnection;
  lobby: Lobby;
  banner: ComponentChildren;
  onLeave: () => void;
}

export function Room({ game, conn, lobby, banner, onLeave }: Props) {
  useLang();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const me = lobby.players.find((player) => player.seat === lobby.you);
  const host = me?.host === true;
  const [starting, setStarting] = useState(false);
  const failure = conn.failure;
  useEffect(() => setStarting(false), [failure?.id]);
  const words = game.room(lobby);
  const { ready } = words;
  const count = lobby.players.length;

  return (
    <section class="page lobby-page lobby-room" aria-labelledby="lobby-room-title">
      {game.nav?.()}
      <div class="mp-game-head">
        <h1 id="lobby-room-title" ref={heading} tabIndex={-1}>{game.title(lobby)}</h1>
        <p class="mp-info">{words.info}</p>
      </div>
      {banner}
      <div class="lobby-share panel">
        <div class="lobby-share-text">
          <p class="lobby-code-label">{t("lobby.code")}</p>
          <p class="lobby-code" data-code={lobby.code}>{formatCode(lobby.code)}</p>
          <p class="hint">{words.share}</p>
          <CopyLink code={lobby.code} game={game.id} />
        </div>
        <QrCode code={lobby.code} shown={host} />
      </div>
      <section class="panel lobby-people" aria-labelledby="lobby-people-title">
        <h2 id="lobby-people-title">
          {words.people} <span class="lobby-count">{t("lobby.players.count", { count, limit: lobby.limit })}</span>
        </h2>
        <Players lobby={lobby} host={words.host} />
        {words.notes}
        <p class={`lobby-state${ready.warn ? " warn" : ""}`} role="status" data-state={ready.state}>{ready.text}</p>
        <p class="mp-error" role="alert">{failure ? codeText(failure.code, failure.message) : ""}</p>
        <div class="lobby-actions">
          {host && (
            <button
              type="button"
              class="primary mp-start"
              disabled={!ready.canStart || starting}
              aria-busy={starting ? "true" : undefined}
              onClick={() => {
                setStarting(true);
                conn.start();
              }}
            >
              {words.start}
            </button>
          )}
          <button type="button" class="lobby-leave" onClick={onLeave}>{t("lobby.leave")}</button>
        </div>
      </section>
      {lobby.players.length < lobby.limit && (
        <InviteFriends code={lobby.code} players={lobby.players.map((player) => player.nickname)} />
      )}
    </section>
  );
}

/** The QR code of the join link: shown to the host, the others open it with a button (each
 *  image counts against the server's per-address limit of code look-ups). */
function QrCode({ code, shown }: { code: string; shown: boolean }) {
  const [open, setOpen] = useState(shown);
  if (!open) {
    return (
      <p class="lobby-qr">
        <button type="button" onClick={() => setOpen(true)}>{t("lobby.qr.show")}</button>
      </p>
    );
  }
  return (
    <figure class="lobby-qr">
      <img src={qrUrl(code)} width={176} height={176} alt={t("lobby.qr.alt", { code: formatCode(code) })} />
      <figcaption>{t("lobby.qr.caption")}</figcaption>
    </figure>
  );
}

/** The join link in a read-only field, a copy button (the clipboard; else the text is
 *  selected to copy by hand) and, where the device can, a share button. */
function CopyLink({ code, game }: { code: string; game: string }) {
  const link = joinLink(code, game);
  const input = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState("");
  const canShare = typeof navigator.share === "function";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setSaid(t("lobby.link.copied"));
    } catch {
      input.current?.select();
      setSaid(t("lobby.link.manual"));
    }
  };
  return (
    <div class="lobby-link">
      <label for="lobby-link-input">{t("lobby.link")}</label>
      <div class="lobby-link-row">
        <input ref={input} id="lobby-link-input" type="text" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" onClick={copy}>{t("lobby.link.copy")}</button>
        {canShare && (
          <button
            type="button"
            onClick={() => navigator.share({ title: t("app.name"), url: link }).catch(() => undefined)}
          >
            {t("lobby.link.share")}
          </button>
        )}
      </div>
      <p class="lobby-copied" role="status">{said}</p>
    </div>
  );
}
