// One online table with this browser's seat: the lobby socket and the Kostkový poker session
// over it, and what to show — the room before the start, the table (the same screen as solo,
// framed with the people and their presence), the end ranking — plus the line's state
// (reconnecting, taken over by another tab) and leaving.
import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { formatCode } from "../lobby/code";
import { LobbyConnection } from "../lobby/connection";
import { Players } from "../lobby/Players";
import { forgetSeat, type SavedSeat } from "../lobby/seats";
import type { LobbyState } from "../lobby/types";
import { ConfirmDialog } from "../profile/ConfirmDialog";
import { href } from "../router";
import { settingsText, tableNames, type TableLobby } from "./online";
import { OnlineRoom } from "./OnlineRoom";
import { KpSession } from "./session";
import { Table } from "./Table";

interface Props {
  seat: SavedSeat;
  /** The seat no longer opens the table (a key the server refuses): back to joining. */
  onLost: (why: string) => void;
}

export function OnlineScreen({ seat, onLost }: Props) {
  useLang();
  const [conn] = useState(() => new LobbyConnection(seat));
  const [session] = useState(() => new KpSession(conn));
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

  const lobby = conn.lobby as unknown as TableLobby | null;
  const view = session.view;
  const me = lobby?.players.find((player) => player.seat === lobby.you);
  const leaveText = !lobby || lobby.status !== "waiting"
    ? t("kp.online.leave.playing")
    : t(me?.host ? "lobby.leave.host" : "lobby.leave.waiting");
  const leaveDialog = leaving && lobby && (
    <ConfirmDialog
      title={t("lobby.leave.title")}
      text={leaveText}
      confirm={t("lobby.leave")}
      onConfirm={() => {
        setLeaving(false);
        conn.leave();
      }}
      onCancel={() => setLeaving(false)}
    />
  );

  if (conn.link === "unknown") return <Ended title={t("lobby.unknown.title")} text={t("lobby.unknown", { code: formatCode(seat.code) })} />;
  if (conn.link === "left") return <Ended title={t("lobby.left.title")} text={t("kp.online.left")} />;
  if (conn.link === "bad_key") return null;
  if (conn.link === "taken_over") {
    return (
      <section class="page lobby-page" aria-labelledby="kp-taken-title">
        <h1 id="kp-taken-title">{t("kp.online.kind")}</h1>
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
      <section class="page lobby-page" aria-labelledby="kp-wait-title">
        <h1 id="kp-wait-title">{formatCode(seat.code)}</h1>
        {banner}
        <p class="status-line" role="status">{t("lobby.connecting")}</p>
      </section>
    );
  }
  if (lobby.status === "waiting") {
    return (
      <>
        <OnlineRoom conn={conn} lobby={lobby} banner={banner} onLeave={() => setLeaving(true)} />
        {leaveDialog}
      </>
    );
  }
  if (view) {
    const over = view.game_over || lobby.status === "closed";
    return (
      <>
        <Table
          session={session}
          names={tableNames(lobby, view.players.length)}
          frame={{
            title: t("kp.online.kind"),
            info: `${t("kp.game.info", { hand: view.hand, chips: view.chips_at_start })} · ${formatCode(lobby.code)}`,
            banner,
            side: (
              <section class="kp-people" aria-labelledby="kp-people-side">
                <h2 id="kp-people-side">{t("kp.online.people")}</h2>
                <Players lobby={lobby as unknown as LobbyState} />
                <p class="hint">{settingsText(lobby.settings)}</p>
                {!over && <button type="button" class="lobby-leave" onClick={() => setLeaving(true)}>{t("lobby.leave")}</button>}
              </section>
            ),
            end: (
              <>
                <a class="button primary" href={href("/kostkovy-poker/stul")}>{t("kp.online.new")}</a>
                <a class="button" href={href("/kostkovy-poker")}>{t("kp.online.back")}</a>
              </>
            ),
          }}
        />
        {leaveDialog}
      </>
    );
  }
  if (lobby.status === "closed") {
    const outcome = lobby.outcome ?? "finished";
    const key = outcome === "host_left" ? "lobby.outcome.host_left.waiting" : `lobby.outcome.${outcome}`;
    return <Ended title={t("kp.online.kind")} text={t(key)} />;
  }
  return (
    <section class="page lobby-page" aria-labelledby="kp-start-title">
      <h1 id="kp-start-title">{t("kp.online.kind")}</h1>
      {banner}
      <p class="status-line" role="status">{t("lobby.starting")}</p>
    </section>
  );
}

function Ended({ title, text }: { title: string; text: string }) {
  return (
    <section class="page lobby-page" aria-labelledby="kp-ended-title">
      <h1 id="kp-ended-title">{title}</h1>
      <p class="notice" role="status">{text}</p>
      <p class="page-links lobby-back">
        <a class="button" href={href("/kostkovy-poker/stul")}>{t("kp.online.new")}</a>
        <a href={href("/kostkovy-poker")}>{t("kp.online.back")}</a>
      </p>
    </section>
  );
}
