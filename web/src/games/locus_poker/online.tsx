// Online rooms of Locus Poker (the room policy "duel": two people, a new game when both
// agree, the first player alternating): the lobby pages' words (lobby/game.tsx) and the
// running game, the same table screen with the people and their presence beside it.
// Reconnecting is the lobby connection's (net/socket.ts): the screen only shows its views.
import { t } from "../../i18n";
import { formatCode } from "../../lobby/code";
import type { LobbyGame, PlayProps } from "../../lobby/game";
import { Players } from "../../lobby/Players";
import type { Lobby } from "../../lobby/types";
import { LpNav } from "./LpNav";
import { LpSession } from "./session";
import { gridSize } from "./Setup";
import { Table } from "./Table";
import type { SeatNames } from "./types";
import "./lp.css";

export const GAME = "locus-poker";

type RoomLobby = Lobby<"duel", { grid?: string }>;

function gridText(settings: { grid?: string } | undefined): string {
  const [cols, rows] = gridSize(settings?.grid ?? "6x6");
  return t("lp.grid.option", { cols, rows });
}

export const LP_LOBBY: LobbyGame<LpSession, RoomLobby> = {
  id: GAME,
  title: () => t("lp.online.kind"),
  join: (summary) => ({
    title: t("lp.online.join.title"),
    info: t("lp.online.info", { grid: gridText(summary.settings) }),
    joined: t("lp.online.join.count", { count: summary.players, limit: summary.limit }),
  }),
  room: (lobby) => {
    const me = lobby.players.find((player) => player.seat === lobby.you);
    const host = lobby.players.find((player) => player.host)?.nickname ?? "";
    const full = lobby.players.length >= lobby.limit;
    const state = me?.host ? (full ? "ready" : "alone") : "wait";
    return {
      info: t("lp.online.info", { grid: gridText(lobby.settings) }),
      share: t("lp.online.share"),
      people: t("lp.online.people"),
      ready: { state, text: t(`lp.online.state.${state}`, { host }), canStart: full, warn: false },
      start: t("lp.online.start"),
    };
  },
  nav: () => <LpNav current="/locus-poker/online" />,
  leave: () => t("lp.online.leave"),
  left: "lp.online.left",
  links: [["/locus-poker/online", "lp.online.new"]],
  back: "lp.online.back",
  session: (conn) => new LpSession(conn),
  Play: OnlineGame,
};

function OnlineGame({ session, lobby, banner, onLeave }: PlayProps<LpSession, RoomLobby>) {
  const view = session.view!;
  const over = view.over || lobby.status === "closed";
  return (
    <Table
      session={session}
      names={tableNames(lobby)}
      frame={{
        title: t("lp.online.kind"),
        info: `${t("lp.info", { cols: view.cols, rows: view.rows, left: view.chips_left.reduce((a, b) => a + b, 0) })} · ${t("lp.online.code", { code: formatCode(lobby.code) })}`,
        banner,
        side: (
          <section class="lp-people" aria-labelledby="lp-people-side">
            <h2 id="lp-people-side">{t("lp.online.people")}</h2>
            <Players lobby={lobby} />
            {!over && <button type="button" class="lobby-leave" onClick={onLeave}>{t("lobby.leave")}</button>}
          </section>
        ),
      }}
    />
  );
}

/** Names by table seat: "Vy" for this person, the other's nickname. */
function tableNames(lobby: RoomLobby): SeatNames {
  return [0, 1].map((seat) => {
    const person = lobby.players.find((player) => player.table_seat === seat);
    if (!person) return t("lp.player", { n: seat + 1 });
    return person.seat === lobby.you ? t("lp.you") : person.nickname;
  });
}
