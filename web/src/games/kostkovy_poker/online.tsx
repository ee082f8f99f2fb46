// Online Kostkový poker tables (docs/api.md, "Kostkový poker tables"): the lobby descriptor
// made by the kit from the declared room (kit/room.tsx) and the table screen framed with the
// people, its settings in words, and the names at the table (the people by their table seat,
// the computer players in the seats nobody took).
import { ROOMS } from "virtual:game-data/kostkovy_poker";
import { t } from "../../i18n";
import { computerNames, PeopleSide, RoomEndLinks, roomGame, seatNames } from "../../kit/room";
import { room } from "../../kit/settings";
import { formatCode } from "../../lobby/code";
import type { PlayProps } from "../../lobby/game";
import type { Lobby } from "../../lobby/types";
import { KpSession } from "./session";
import { Table } from "./Table";
import type { BotName, SeatNames } from "./types";
import { chips, tn } from "./words";
import "./kp.css";

interface TableSettings {
  seats: number;
  chips: number;
  seconds: number;
  robots: BotName;
}

type TableLobby = Lobby<"table", TableSettings>;

export const KP_LOBBY = roomGame<KpSession, TableLobby>({
  game: "kp",
  room: room(ROOMS, "table"),
  info: (settings) => `${t("kp.title")} · ${settingsText(settings!)}`,
  notes: (lobby) => {
    const computers = lobby.limit - lobby.players.length;
    return (
      <>
        {computers > 0 && <p class="hint">{t("kp.online.bots", { count: computers, name: t(`kp.bot.${lobby.settings.robots}`) })}</p>}
        <p class="hint">{t("kp.online.timer", { seconds: lobby.settings.seconds })}</p>
      </>
    );
  },
  leave: "kp.online.leave.playing",
  history: true, // the log survives a reload
  session: (conn) => new KpSession(conn),
  Play: OnlineTable,
});

/** The running table: the same screen as solo, with the people and their presence beside it. */
function OnlineTable({ session, lobby, banner, onLeave }: PlayProps<KpSession, TableLobby>) {
  const view = session.view!;
  return (
    <Table
      session={session}
      names={tableNames(lobby, view.players.length)}
      frame={{
        title: t("kp.online.kind"),
        info: `${t("kp.game.info", { hand: view.hand, chips: view.chips_at_start })} · ${formatCode(lobby.code)}`,
        banner,
        side: (
          <PeopleSide game="kp" lobby={lobby} over={view.game_over || lobby.status === "closed"} onLeave={onLeave}>
            <p class="hint">{settingsText(lobby.settings)}</p>
          </PeopleSide>
        ),
        end: <RoomEndLinks game="kp" />,
      }}
    />
  );
}

/** "4 místa · 20 žetonů · 30 s na tah · počítač: Klidný". */
function settingsText(settings: TableSettings): string {
  return [
    tn("kp.seats", settings.seats),
    chips(settings.chips),
    t("kp.online.seconds.short", { seconds: settings.seconds }),
    t("kp.online.robots.short", { name: t(`kp.bot.${settings.robots}`) }),
  ].join(" · ");
}

/** Names by table seat: "Ty" for this person, the others' nicknames, and the computer
 *  players ("Klidný 1", "Klidný 2") in the seats nobody took. */
function tableNames(lobby: TableLobby, seats: number): SeatNames {
  const robot = lobby.settings.robots;
  const names = seatNames("kp", lobby, seats, computerNames(lobby, seats, t(`kp.bot.${robot}`)));
  const taken = new Set(lobby.players.flatMap((p) => (p.table_seat === null ? [] : [p.table_seat])));
  return { names, bots: names.map((_, seat) => (taken.has(seat) ? null : robot)) };
}
