// One lobby with this browser's seat: the socket and the game session over it, and what to
// show — the room before the start, the game (a board, or the dealer's desk), the end
// ranking — plus the line's state (reconnecting, taken over by another tab) and leaving.
import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { GameSession } from "../mp/session";
import { ConfirmDialog } from "../profile/ConfirmDialog";
import { href } from "../router";
import { formatCode } from "./code";
import { LobbyConnection } from "./connection";
import { kindName } from "./format";
import { MultiGame } from "./MultiGame";
import { Room } from "./Room";
import { forgetSeat, type SavedSeat } from "./seats";
import type { LobbyState, MultiView } from "./types";

interface Props {
  seat: SavedSeat;
  /** The seat no longer opens the lobby (a key the server refuses): back to joining. */
  onLost: (why: string) => void;
}

export function LobbyScreen({ seat, onLost }: Props) {
  useLang();
  const [conn] = useState(() => new LobbyConnection(seat));
  const [session] = useState(() => new GameSession(conn, null));
  const [, refresh] = useState(0);
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const again = () => refresh((n) => n + 1);
    const unwatch = conn.watch(again);
    const unsubscribe = session.subscribe(again);
    again();
    return () => {
      unwatch();
      unsubscribe();
      session.close();
    };
  }, []);
  useEffect(() => {
    if (conn.link === "bad_key") onLost(t("lobby.lost.key"));
    else if (conn.link === "unknown" || conn.link === "left") forgetSeat(seat.code);
  }, [conn.link]);

  const lobby = conn.lobby;
  const view = session.view as MultiView | null;
  const askLeave = () => setLeaving(true);
  const leaveDialog = leaving && lobby && (
    <ConfirmDialog
      title={t("lobby.leave.title")}
      text={leaveText(lobby)}
      confirm={t("lobby.leave")}
      onConfirm={() => {
        setLeaving(false);
        conn.leave();
      }}
      onCancel={() => setLeaving(false)}
    />
  );

  if (conn.link === "unknown") return <Ended title={t("lobby.unknown.title")} text={t("lobby.unknown", { code: formatCode(seat.code) })} />;
  if (conn.link === "left") return <Ended title={t("lobby.left.title")} text={t("lobby.left")} />;
  if (conn.link === "bad_key") return null;
  if (conn.link === "taken_over") {
    return (
      <section class="page lobby-page" aria-labelledby="lobby-taken-title">
        <h1 id="lobby-taken-title">{lobby ? kindName(lobby.kind) : t("lobby.code")}</h1>
        <div class="notice warn lobby-taken" role="alert">
          <p>{t("lobby.taken")}</p>
          <button type="button" class="primary" onClick={() => conn.takeBack()}>{t("lobby.taken.back")}</button>
        </div>
      </section>
    );
  }
  const banner = conn.link === "reconnecting" && (
    <p class="notice warn lobby-link-state" role="status">{t("lobby.reconnecting")}</p>
  );
  if (!lobby) {
    return (
      <section class="page lobby-page" aria-labelledby="lobby-wait-title">
        <h1 id="lobby-wait-title">{formatCode(seat.code)}</h1>
        {banner}
        <p class="status-line" role="status">{t("lobby.connecting")}</p>
      </section>
    );
  }
  if (lobby.status === "waiting") {
    return (
      <>
        <Room conn={conn} lobby={lobby} banner={banner} onLeave={askLeave} />
        {leaveDialog}
      </>
    );
  }
  if (view) {
    return (
      <>
        <MultiGame session={session} lobby={lobby} view={view} banner={banner} onLeave={askLeave} recorded={seat.profile} />
        {leaveDialog}
      </>
    );
  }
  if (lobby.status === "closed") {
    // Closed before any game ran (the host left the room), or after a game this seat never saw.
    const outcome = lobby.outcome ?? "finished";
    const never = lobby.players.every((player) => player.table_seat === null);
    const key = never && (outcome === "dealer_left" || outcome === "host_left") ? `lobby.outcome.${outcome}.waiting` : `lobby.outcome.${outcome}`;
    return <Ended title={kindName(lobby.kind)} text={t(key)} />;
  }
  return (
    <section class="page lobby-page" aria-labelledby="lobby-start-title">
      <h1 id="lobby-start-title">{kindName(lobby.kind)}</h1>
      {banner}
      <p class="status-line" role="status">{t("lobby.starting")}</p>
    </section>
  );
}

function leaveText(lobby: LobbyState): string {
  const me = lobby.players.find((player) => player.seat === lobby.you);
  if (lobby.status === "waiting") return t(me?.host ? "lobby.leave.host" : "lobby.leave.waiting");
  if (lobby.kind === "duel") return t("lobby.leave.duel");
  return t(me?.host ? "lobby.leave.dealer" : "lobby.leave.group");
}

function Ended({ title, text }: { title: string; text: string }) {
  return (
    <section class="page lobby-page" aria-labelledby="lobby-ended-title">
      <h1 id="lobby-ended-title">{title}</h1>
      <p class="notice" role="status">{text}</p>
      <p class="page-links lobby-back">
        <a class="button" href={href("/matematicky-poker/duel")}>{t("lobby.new.duel")}</a>
        <a class="button" href={href("/matematicky-poker/skupina")}>{t("lobby.new.group")}</a>
        <a href={href("/matematicky-poker")}>{t("lobby.back.mp")}</a>
      </p>
    </section>
  );
}
