// Online rooms of Žolíky s kameny (the room policy "duel": two people, a new round when both
// agree, seven idle days): the lobby pages' words (lobby/game.tsx) and the running round,
// the same table screen with the people and their presence beside it. No hint online.
import { t } from "../../i18n";
import { formatCode } from "../../lobby/code";
import { GameLinks, type LobbyGame, type PlayProps } from "../../lobby/game";
import { Players } from "../../lobby/Players";
import type { Lobby } from "../../lobby/types";
import { ZkSession } from "./session";
import { Table } from "./Table";
import type { SeatNames } from "./types";
import { ZkNav } from "./ZkNav";
import "./zk.css";

export const GAME = "zoliky-s-kameny";

type RoomLobby = Lobby<"duel", Record<string, never>>;

export const ZK_LOBBY: LobbyGame<ZkSession, RoomLobby> = {
  id: GAME,
  title: () => t("zk.online.kind"),
  join: (summary) => ({
    title: t("zk.online.join.title"),
    info: t("zk.online.info"),
    joined: t("zk.online.join.count", { count: summary.players, limit: summary.limit }),
  }),
  room: (lobby) => {
    const me = lobby.players.find((player) => player.seat === lobby.you);
    const host = lobby.players.find((player) => player.host)?.nickname ?? "";
    const full = lobby.players.length >= lobby.limit;
    const state = me?.host ? (full ? "ready" : "alone") : "wait";
    return {
      info: t("zk.online.info"),
      share: t("zk.online.share"),
      people: t("zk.online.people"),
      ready: { state, text: t(`zk.online.state.${state}`, { host }), canStart: full, warn: false },
      start: t("zk.online.start"),
    };
  },
  nav: () => <ZkNav current="/zoliky-s-kameny/online" />,
  leave: () => t("zk.online.leave"),
  left: "zk.online.left",
  links: [["/zoliky-s-kameny/online", "zk.online.new"]],
  back: "zk.online.back",
  session: (conn) => new ZkSession(conn),
  Play: OnlineRound,
};

function OnlineRound({ session, lobby, banner, onLeave }: PlayProps<ZkSession, RoomLobby>) {
  const view = session.view!;
  const over = view.over || lobby.status === "closed";
  // The other person left: the round ended without points, and a room of one has no next
  // round (the server offers none: lobby can_go_again); a new room is the way on.
  const alone = view.over && view.result?.reason === "left";
  return (
    <Table
      session={session}
      names={tableNames(lobby, view.players.length)}
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
        side: (
          <section class="zk-people" aria-labelledby="zk-people-side">
            <h2 id="zk-people-side">{t("zk.online.people")}</h2>
            <Players lobby={lobby} />
            {!over && <button type="button" class="lobby-leave" onClick={onLeave}>{t("lobby.leave")}</button>}
          </section>
        ),
      }}
    />
  );
}

/** Names by table seat: "Vy" for this person, the other's nickname. */
function tableNames(lobby: RoomLobby, seats: number): SeatNames {
  return Array.from({ length: seats }, (_, seat) => {
    const person = lobby.players.find((player) => player.table_seat === seat);
    if (!person) return t("zk.player", { n: seat + 1 });
    return person.seat === lobby.you ? t("zk.you") : person.nickname;
  });
}
