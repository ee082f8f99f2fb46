// Online Mathesso rooms (the room policy "table": 1–6 people, computer players take the empty
// seats at the start, a new game when the host says, seven idle days): the lobby descriptor
// made by the kit from the declared room (kit/room.tsx), and the running game, the same
// table screen with the people and their presence beside it.
import { BOTS, ROOMS } from "virtual:game-data/mathesso";
import { t } from "../../i18n";
import { formatCode } from "../../lobby/code";
import type { PlayProps } from "../../lobby/game";
import type { Lobby } from "../../lobby/types";
import { computerNames, PeopleSide, RoomEndLinks, roomGame, seatNames } from "../../kit/room";
import { room } from "../../kit/settings";
import { MaSession } from "./session";
import { Table } from "./Table";
import { levelName } from "./words";
import "./ma.css";

interface RoomSettings {
  seats: number;
  variant: string;
  cjv?: boolean;
  faktorial?: boolean;
  computer?: string;
}

type RoomLobby = Lobby<"table", RoomSettings>;

/** "Pico + CJV · 2 místa · počítač: Sovička". */
function settingsText(settings: RoomSettings): string {
  const addOns = [settings.cjv && "CJV", settings.faktorial && t("ma.addon.faktorial")].filter(Boolean);
  const parts = [[t(`ma.variant.${settings.variant}`), ...addOns].join(" + "), t("ma.online.seats.count", { count: settings.seats })];
  const level = settings.computer ? BOTS.indexOf(settings.computer) : -1;
  if (level >= 0) parts.push(t("ma.online.computer.short", { name: levelName(level) }));
  return parts.join(" · ");
}

export const MA_LOBBY = roomGame<MaSession, RoomLobby>({
  game: "ma",
  room: room(ROOMS, "table"),
  info: (settings) => settingsText(settings!),
  notes: (lobby) => {
    const computers = lobby.settings.seats - lobby.players.length;
    return computers > 0 ? <p class="hint">{t("ma.online.computers", { count: computers })}</p> : undefined;
  },
  session: (conn) => new MaSession(conn),
  Play: OnlineGame,
});

function OnlineGame({ session, lobby, banner, onLeave }: PlayProps<MaSession, RoomLobby>) {
  const view = session.view!;
  const people = new Set(lobby.players.flatMap((p) => (p.table_seat === null ? [] : [p.table_seat])));
  session.computer = (seat) => !people.has(seat);
  const level = lobby.settings.computer ? BOTS.indexOf(lobby.settings.computer) : -1;
  const computer = t("ma.computer", { level: level >= 0 ? levelName(level) : "" });
  const seats = view.players.length;
  return (
    <Table
      session={session}
      names={seatNames("ma", lobby, seats, computerNames(lobby, seats, computer))}
      here={(seat) => seat === view.seat}
      frame={{
        title: t("ma.online.kind"),
        info: `${settingsText(lobby.settings)} · ${t("ma.online.code", { code: formatCode(lobby.code) })}`,
        banner,
        side: <PeopleSide game="ma" lobby={lobby} over={view.over || lobby.status === "closed"} onLeave={onLeave} />,
        end: <RoomEndLinks game="ma" />,
      }}
    />
  );
}
