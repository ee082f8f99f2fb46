// Online rooms of Locus Poker (the room policy "duel": two people, a new game when both
// agree, the first player alternating): the lobby descriptor made by the kit from the
// declared room (kit/room.tsx), and the running game, the same table screen with the people
// and their presence beside it. Reconnecting is the lobby connection's (net/socket.ts).
import { ROOMS } from "virtual:game-data/locus_poker";
import { t } from "../../i18n";
import { formatCode } from "../../lobby/code";
import type { PlayProps } from "../../lobby/game";
import type { Lobby } from "../../lobby/types";
import { PeopleSide, roomGame, seatNames } from "../../kit/room";
import { room } from "../../kit/settings";
import { LpSession } from "./session";
import { gridSize } from "./Setup";
import { Table } from "./Table";
import "./lp.css";

type RoomLobby = Lobby<"duel", { grid?: string }>;

function gridText(settings: { grid?: string } | undefined): string {
  const [cols, rows] = gridSize(settings?.grid ?? "6x6");
  return t("lp.grid.option", { cols, rows });
}

export const LP_LOBBY = roomGame<LpSession, RoomLobby>({
  game: "lp",
  room: room(ROOMS, "duel"),
  info: (settings) => t("lp.online.info", { grid: gridText(settings) }),
  session: (conn) => new LpSession(conn),
  Play: OnlineGame,
});

function OnlineGame({ session, lobby, banner, onLeave }: PlayProps<LpSession, RoomLobby>) {
  const view = session.view!;
  return (
    <Table
      session={session}
      names={seatNames("lp", lobby, 2, (seat) => t("lp.player", { n: seat + 1 }))}
      frame={{
        title: t("lp.online.kind"),
        info: `${t("lp.info", { cols: view.cols, rows: view.rows, left: view.chips_left.reduce((a, b) => a + b, 0) })} · ${t("lp.online.code", { code: formatCode(lobby.code) })}`,
        banner,
        side: <PeopleSide game="lp" lobby={lobby} over={view.over || lobby.status === "closed"} onLeave={onLeave} />,
      }}
    />
  );
}
