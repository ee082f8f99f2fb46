// "Právě se hraje": the public rooms whose game runs and whose host lets people watch
// (GET /api/lobbies?status=playing; decision 0159), of every game, on the home page beside the
// open tables. Each says its game, kind and settings in the game's words, its host and how
// many play, and "Sledovat" opens the watch page of its table (#/sledovat/<table>). Asked for
// again every few seconds while the page is visible, as the open list is (OpenRooms.tsx).
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { plural, problemText } from "../profile/format";
import { byEngine, gameName } from "../registry";
import { href } from "../router";
import { ServerUnreachable } from "../net/remote";
import { watchPath } from "../watch/watch";
import { openRooms } from "./api";
import type { LobbyGame } from "./game";
import { POLL_MS, roomWords, useDescriptors, usePolling } from "./OpenRooms";
import type { OpenRoom } from "./types";
import "./open.css";
import "../watch/watch.css";

type Watchable = OpenRoom & { table: string };

type Loaded =
  | { state: "loading" }
  | { state: "ok"; rooms: Watchable[] }
  | { state: "offline" }
  | { state: "failed"; message: string };

/** The rooms of the list that can be watched now (a host may have turned watching off). */
export function watchable(rooms: OpenRoom[]): Watchable[] {
  return rooms.filter((room): room is Watchable => typeof room.table === "string" && room.table !== "");
}

export function PlayingRooms({ id = "playing-rooms" }: { id?: string }) {
  useLang();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const refresh = usePolling(async () => {
    try {
      const rooms = watchable(await openRooms(undefined, "playing"));
      if (mounted.current) setLoaded({ state: "ok", rooms });
    } catch (error) {
      if (!mounted.current) return;
      setLoaded(error instanceof ServerUnreachable ? { state: "offline" } : { state: "failed", message: problemText(error) });
    }
  }, POLL_MS);

  const rooms = loaded.state === "ok" ? loaded.rooms : [];
  const games = useDescriptors(rooms);

  return (
    <section class="panel playing-rooms" aria-labelledby={`${id}-title`} aria-busy={loaded.state === "loading" ? "true" : undefined}>
      <h2 id={`${id}-title`}>{t("playing.title")}</h2>
      <p class="hint">{t("playing.lead")}</p>
      {loaded.state === "loading" && <p class="status-line" role="status">{t("playing.loading")}</p>}
      {(loaded.state === "offline" || loaded.state === "failed") && (
        <div class="notice warn" role="status">
          <p>{loaded.state === "offline" ? t("playing.offline") : t("playing.failed", { message: loaded.message })}</p>
          <button type="button" onClick={refresh}>{t("open.retry")}</button>
        </div>
      )}
      {loaded.state === "ok" && rooms.length === 0 && <p class="open-empty">{t("playing.empty")}</p>}
      {rooms.length > 0 && (
        <>
          <p class="visually-hidden" role="status">{plural("playing.count", rooms.length)}</p>
          <ul class="open-list">
            {rooms.map((room) => <PlayingRow key={room.code} room={room} game={games[room.game]} />)}
          </ul>
        </>
      )}
    </section>
  );
}

function PlayingRow({ room, game }: { room: Watchable; game: LobbyGame | null | undefined }) {
  const entry = byEngine(room.game);
  const name = entry ? gameName(entry) : room.game;
  const [kind, info] = roomWords(room, game);
  return (
    <li class="open-room playing-room" data-code={room.code} data-game={room.game} data-table={room.table}>
      <div class="open-room-text">
        <p class="open-room-title">
          <strong class="open-room-game">{name}</strong>
          {/* (a kind that says the game's name again, "Locus Poker online", is left out) */}
          {!kind.includes(name) && <span class="open-room-kind">{kind}</span>}
        </p>
        {info && <p class="open-room-info">{info}</p>}
        <p class="open-room-host">
          <span>{t("playing.host")} <span class="nickname">{room.host.nickname}</span></span>
          <span class="open-room-players">{plural("playing.players", room.players)}</span>
        </p>
      </div>
      <a
        class="button primary open-room-go"
        href={href(watchPath(room.table))}
        aria-label={t("playing.watch.label", { nickname: room.host.nickname, kind: kind.includes(name) ? name : `${name}, ${kind}` })}
      >
        {t("playing.watch")}
      </a>
    </li>
  );
}
