// Online rooms of Žolíky s kameny (the room policy "duel": two people, a new round when both
// agree, seven idle days): the lobby descriptor made by the kit from the declared room
// (kit/room.tsx), and the running round, the same table screen with the people and their
// presence beside it. No hint online.
import { ROOMS } from "virtual:game-data/zoliky_s_kameny";
import { t } from "../../i18n";
import { formatCode } from "../../lobby/code";
import { GameLinks, type PlayProps } from "../../lobby/game";
import type { Lobby } from "../../lobby/types";
import { PeopleSide, roomGame, seatNames } from "../../kit/room";
import { room } from "../../kit/settings";
import { ZkSession } from "./session";
import { Table } from "./Table";
import "./zk.css";

type RoomLobby = Lobby<"duel", Record<string, never>>;

export const ZK_LOBBY = roomGame<ZkSession, RoomLobby>({
  game: "zk",
  room: room(ROOMS, "duel"),
  info: () => t("zk.online.info"),
  session: (conn) => new ZkSession(conn),
  Play: OnlineRound,
});

function OnlineRound({ session, lobby, banner, onLeave }: PlayProps<ZkSession, RoomLobby>) {
  const view = session.view!;
  // The other person left: the round ended without points, and a room of one has no next
  // round (the server offers none: lobby can_go_again); a new room is the way on.
  const alone = view.over && view.result?.reason === "left";
  return (
    <Table
      session={session}
      names={seatNames("zk", lobby, view.players.length, (seat) => t("zk.player", { n: seat + 1 }))}
      frame={{
        title: t("zk.online.kind"),
        info: `${t("zk.info", { round: view.round, pool: view.pool })} · ${t("zk.online.code", { code: formatCode(lobby.code) })}`,
        banner,
        end: alone && (
          <>
            <p class="zk-alone" role="status">{t("zk.online.alone")}</p>
            <GameLinks game={ZK_LOBBY} />
          </>
        ),
        side: <PeopleSide game="zk" lobby={lobby} over={view.over || lobby.status === "closed"} onLeave={onLeave} />,
      }}
    />
  );
}
