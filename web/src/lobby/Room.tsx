// The room before the start: the code (big, ABC-DEF), the link with a copy button, the QR
// code, who is here (and connected), what we wait for, Start for the host and Leave. The link
// and the QR code serve Kostkový poker's table room too (kp/OnlineRoom.tsx).
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { qrUrl } from "./api";
import { formatCode, joinLink } from "./code";
import type { LobbyConnection } from "./connection";
import { codeText, kindName, settingsInfo } from "./format";
import { Players } from "./Players";
import type { LobbyState } from "./types";

interface Props {
  conn: LobbyConnection;
  lobby: LobbyState;
  banner: ComponentChildren;
  onLeave: () => void;
}

export function Room({ conn, lobby, banner, onLeave }: Props) {
  useLang();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const me = lobby.players.find((player) => player.seat === lobby.you);
  const host = me?.host === true;
  const [starting, setStarting] = useState(false);
  const failure = conn.failure;
  useEffect(() => setStarting(false), [failure?.id]);
  const ready = readiness(lobby);
  const count = lobby.players.length;

  return (
    <section class="page lobby-page lobby-room" aria-labelledby="lobby-room-title">
      <div class="mp-game-head">
        <h1 id="lobby-room-title" ref={heading} tabIndex={-1}>{kindName(lobby.kind)}</h1>
        <p class="mp-info">{settingsInfo(lobby.settings)}{lobby.kind === "group" && !lobby.dealer_plays ? ` · ${t("lobby.dealer.deals")}` : ""}</p>
      </div>
      {banner}
      <div class="lobby-share panel">
        <div class="lobby-share-text">
          <p class="lobby-code-label">{t("lobby.code")}</p>
          <p class="lobby-code" data-code={lobby.code}>{formatCode(lobby.code)}</p>
          <p class="hint">{t(`lobby.share.${lobby.kind}`)}</p>
          <CopyLink code={lobby.code} />
        </div>
        <QrCode code={lobby.code} shown={host} />
      </div>
      <section class="panel lobby-people" aria-labelledby="lobby-people-title">
        <h2 id="lobby-people-title">
          {t("lobby.players")} <span class="lobby-count">{t("lobby.players.count", { count, limit: lobby.limit })}</span>
        </h2>
        <Players lobby={lobby} />
        <p class={`lobby-state${ready.warn ? " warn" : ""}`} role="status" data-state={ready.state}>
          {t(`lobby.state.${ready.state}`, { host: ready.host })}
        </p>
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
              {t(`lobby.start.${lobby.kind}`)}
            </button>
          )}
          <button type="button" class="lobby-leave" onClick={onLeave}>{t("lobby.leave")}</button>
        </div>
      </section>
    </section>
  );
}

/** What the room waits for, in one word for the catalogue, and whether Start may go. */
function readiness(lobby: LobbyState): { state: string; host: string; canStart: boolean; warn: boolean } {
  const me = lobby.players.find((player) => player.seat === lobby.you);
  const hostPlayer = lobby.players.find((player) => player.host);
  const host = hostPlayer?.nickname ?? "";
  const others = lobby.players.filter((player) => player.seat !== lobby.you);
  const iHost = me?.host === true;
  if (lobby.kind === "duel") {
    const opponent = others[0];
    if (!opponent) return { state: "duel.alone", host, canStart: false, warn: false };
    if (!opponent.connected) return { state: iHost ? "duel.gone" : "host.gone", host, canStart: false, warn: true };
    return { state: iHost ? "duel.ready" : "duel.wait", host, canStart: true, warn: false };
  }
  if (!iHost) {
    if (hostPlayer && !hostPlayer.connected) return { state: "host.gone.group", host, canStart: false, warn: true };
    return { state: "group.wait", host, canStart: false, warn: false };
  }
  if (others.length === 0) {
    return lobby.dealer_plays
      ? { state: "group.solo", host, canStart: true, warn: false }
      : { state: "group.alone", host, canStart: false, warn: false };
  }
  return { state: "group.ready", host, canStart: true, warn: false };
}

/** The QR code of the join link: shown to the host, the others open it with a button (each
 *  image counts against the server's per-address limit of code look-ups). */
export function QrCode({ code, shown }: { code: string; shown: boolean }) {
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
export function CopyLink({ code, game }: { code: string; game?: string }) {
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
