// "Právě se hraje": the public rooms whose game runs and whose host lets people watch
// (GET /api/lobbies?status=playing; decision 0159), of every game, on the home page beside the
// open tables. Each says its game, kind and settings in the game's words, its host and how
// many play, and "Sledovat" opens the watch page of its table (#/sledovat/<table>). Asked for
// again every few seconds while the page is visible, as the open list is (OpenRooms.tsx).
import { t, useLang } from "../i18n";
import { plural } from "../profile/format";
import { byEngine, gameName } from "../registry";
import { href } from "../router";
import { watchPath } from "../watch/watch";
import { openRooms } from "./api";
import type { LobbyGame } from "./game";
import { roomWords, RoomsPanel, useDescriptors, useRoomList } from "./OpenRooms";
import type { OpenRoom } from "./types";
import "./open.css";
import "../watch/watch.css";

type Watchable = OpenRoom & { table: string };

/** The rooms of the list that can be watched now (a host may have turned watching off). */
export function watchable(rooms: OpenRoom[]): Watchable[] {
  return rooms.filter((room): room is Watchable => typeof room.table === "string" && room.table !== "");
}

export function PlayingRooms({ id = "playing-rooms" }: { id?: string }) {
  useLang();
  const { loaded, rooms, refresh } = useRoomList(async () => watchable(await openRooms(undefined, "playing")));
  const games = useDescriptors(rooms);
  return (
    <RoomsPanel id={id} cls="playing-rooms" words="playing" lead={t("playing.lead")}
      loaded={loaded} count={rooms.length} refresh={refresh}
      rows={rooms.map((room) => <PlayingRow key={room.code} room={room} game={games[room.game]} />)} />
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
