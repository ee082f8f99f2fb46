// One lobby with this browser's seat: the socket and the game's session over it, and what to
// show — the room before the start, the running game (the game's own screen), the end —
// plus the line's state (reconnecting, taken over by another tab) and leaving; while the game
// runs, its watchers (Watchers.tsx: how many, the link for them, the host's switch).
import { useEffect, useRef, useState } from "preact/hooks";
import { setWatch } from "../club/presence";
import { watchTableOf } from "../club/watching";
import { t, useLang } from "../i18n";
import { ConfirmDialog } from "../profile/ConfirmDialog";
import { formatCode } from "./code";
import { LobbyConnection } from "./connection";
import { GameLinks, type LobbyGame, type LobbySession } from "./game";
import { NextRound } from "./NextRound";
import { RatingChanges } from "./RatingChanges";
import { Chat } from "./Chat";
import { Room } from "./Room";
import { forgetSeat, type SavedSeat } from "./seats";
import { Watchers, WatchersNote, watchersOf } from "./Watchers";
import { daysText } from "../mygames/time";
import { noteRoom } from "../push/offer";

interface Props {
  game: LobbyGame;
  seat: SavedSeat;
  /** The seat no longer opens the lobby (a key the server refuses): back to joining. */
  onLost: (why: string) => void;
}

export function LobbyScreen({ game, seat, onLost }: Props) {
  useLang();
  const [conn] = useState(() => new LobbyConnection(seat, game.history === true));
  // Each round of the room is a new table: its own session (the line stays the same).
  const current = useRef<{ round: number | null; session: LobbySession } | null>(null);
  current.current ??= { round: null, session: game.session(conn.forRound()) };
  const session = current.current.session;
  const [, refresh] = useState(0);
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const again = () => refresh((n) => n + 1);
    const now = current.current!;
    let unsubscribe = now.session.subscribe(again);
    const unwatch = conn.watch(() => {
      const round = conn.lobby?.round ?? null;
      if (round !== null && now.round !== null && round !== now.round) {
        // The next round began: its views (which come after this lobby message) go to a
        // fresh session, and the last round's screen goes.
        unsubscribe();
        now.session.close();
        now.session = game.session(conn.forRound());
        unsubscribe = now.session.subscribe(again);
      }
      now.round = round ?? now.round;
      again();
    });
    again();
    return () => {
      unwatch();
      unsubscribe();
      now.session.close();
      conn.close();
    };
  }, []);
  useEffect(() => {
    if (conn.link === "bad_key") onLost(t("lobby.lost.key"));
    else if (conn.link === "unknown" || conn.link === "left") forgetSeat(seat.code);
  }, [conn.link]);

  const lobby = conn.lobby;
  // Friends may watch this game from its presence while it runs and the host lets them
  // (club/watching.ts; LobbyPage reports the game).
  const watchTable = watchTableOf(lobby);
  useEffect(() => setWatch(watchTable), [watchTable]);
  useEffect(() => () => setWatch(null), []);
  useEffect(() => noteRoom(lobby), [lobby]); // a turn-based room: notifications may be offered
  const askLeave = () => setLeaving(true);
  const me = lobby?.players.find((player) => player.seat === lobby.you);
  const leaveDialog = leaving && lobby && (
    <ConfirmDialog
      title={t("lobby.leave.title")}
      text={lobby.status === "waiting" ? t(me?.host ? "lobby.leave.host" : "lobby.leave.waiting") : game.leave(lobby)}
      confirm={t("lobby.leave")}
      onConfirm={() => {
        setLeaving(false);
        conn.leave();
      }}
      onCancel={() => setLeaving(false)}
    />
  );
  const ended = (title: string, text: string) => (
    <section class="page lobby-page" aria-labelledby="lobby-ended-title">
      <h1 id="lobby-ended-title">{title}</h1>
      <p class="notice" role="status">{text}</p>
      <GameLinks game={game} />
    </section>
  );

  if (conn.link === "unknown") return ended(t("lobby.unknown.title"), t("lobby.unknown", { code: formatCode(seat.code) }));
  if (conn.link === "left") return ended(t("lobby.left.title"), t(game.left));
  if (conn.link === "bad_key") return null;
  if (conn.link === "taken_over") {
    return (
      <section class="page lobby-page" aria-labelledby="lobby-taken-title">
        <h1 id="lobby-taken-title">{game.title(lobby)}</h1>
        <div class="notice warn lobby-taken" role="alert">
          <p>{t("lobby.taken")}</p>
          <button type="button" class="primary" onClick={() => conn.takeBack()}>{t("lobby.taken.back")}</button>
        </div>
      </section>
    );
  }
  // Over the game: the line's state, and how many watch it (every game shows its banner).
  const watched = watchersOf(lobby) > 0;
  const days = lobby?.days_per_move ?? null;
  const banner = (conn.link === "reconnecting" || watched || days !== null) && (
    <>
      {conn.link === "reconnecting" && <p class="notice warn lobby-link-state" role="status">{t("lobby.reconnecting")}</p>}
      {days !== null && <p class="notice lobby-turns-note">{t("turns.note", { days: daysText(days) })}</p>}
      {watched && <WatchersNote lobby={lobby} />}
    </>
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
        <Room game={game} conn={conn} lobby={lobby} banner={banner} onLeave={askLeave} />
        <div class="page room-chat-page"><Chat conn={conn} lobby={lobby} /></div>
        {leaveDialog}
      </>
    );
  }
  if (session.view) {
    return (
      <>
        <game.Play key={lobby.round} session={session} lobby={lobby} seat={seat} banner={banner} onLeave={askLeave} />
        <Watchers conn={conn} lobby={lobby} />
        <RatingChanges lobby={lobby} />
        <NextRound conn={conn} lobby={lobby} />
        <div class="page room-chat-page"><Chat conn={conn} lobby={lobby} /></div>
        {leaveDialog}
      </>
    );
  }
  if (lobby.status === "closed") {
    // Closed before any game ran (the host left the room), or after a game this seat never saw.
    const outcome = lobby.outcome ?? "finished";
    const never = lobby.players.every((player) => player.table_seat === null);
    const key = never && (outcome === "dealer_left" || outcome === "host_left") ? `lobby.outcome.${outcome}.waiting` : `lobby.outcome.${outcome}`;
    return ended(game.title(lobby), t(key));
  }
  return (
    <section class="page lobby-page" aria-labelledby="lobby-start-title">
      <h1 id="lobby-start-title">{game.title(lobby)}</h1>
      {banner}
      <p class="status-line" role="status">{t("lobby.starting")}</p>
    </section>
  );
}
