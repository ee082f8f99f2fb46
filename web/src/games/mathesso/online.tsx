// Online Mathesso rooms (the room policy "table": 1–6 people, computer players take the empty
// seats at the start, a new game when the host says, seven idle days): the lobby pages'
// words (lobby/game.tsx) and the running game, the same table screen with the people and
// their presence under it.
import { BOTS } from "virtual:game-data/mathesso";
import { t } from "../../i18n";
import { formatCode } from "../../lobby/code";
import type { LobbyGame, PlayProps } from "../../lobby/game";
import { Players } from "../../lobby/Players";
import type { Lobby } from "../../lobby/types";
import { href } from "../../router";
import { MaNav } from "./MaNav";
import { MaSession } from "./session";
import { Table } from "./Table";
import type { SeatNames } from "./types";
import { levelName } from "./words";
import "./ma.css";

export const GAME = "mathesso";

export interface RoomSettings {
  seats: number;
  variant: string;
  cjv?: boolean;
  faktorial?: boolean;
  computer?: string;
}

type RoomLobby = Lobby<"table", RoomSettings>;

/** "Pico + CJV · 2 místa · počítač: Sovička". */
export function settingsText(settings: RoomSettings): string {
  const addOns = [settings.cjv && "CJV", settings.faktorial && t("ma.addon.faktorial")].filter(Boolean);
  const parts = [[t(`ma.variant.${settings.variant}`), ...addOns].join(" + "), t("ma.online.seats.count", { count: settings.seats })];
  const level = settings.computer ? BOTS.indexOf(settings.computer) : -1;
  if (level >= 0) parts.push(t("ma.online.computer.short", { name: levelName(level) }));
  return parts.join(" · ");
}

export const MA_LOBBY: LobbyGame<MaSession, RoomLobby> = {
  id: GAME,
  title: () => t("ma.online.kind"),
  join: (summary) => ({
    title: t("ma.online.join.title"),
    info: settingsText(summary.settings),
    joined: t("ma.online.join.count", { count: summary.players, limit: summary.limit }),
  }),
  room: (lobby) => {
    const me = lobby.players.find((player) => player.seat === lobby.you);
    const host = lobby.players.find((player) => player.host)?.nickname ?? "";
    const count = lobby.players.length;
    const state = me?.host ? (count > 1 ? "ready" : "alone") : "wait";
    const computers = lobby.settings.seats - count;
    return {
      info: settingsText(lobby.settings),
      share: t("ma.online.share"),
      people: t("ma.online.people"),
      notes: computers > 0 ? <p class="hint">{t("ma.online.computers", { count: computers })}</p> : undefined,
      ready: { state, text: t(`ma.online.state.${state}`, { host }), canStart: true, warn: false },
      start: t("ma.online.start"),
    };
  },
  nav: () => <MaNav current="/mathesso/online" />,
  leave: () => t("ma.online.leave"),
  left: "ma.online.left",
  links: [["/mathesso/online", "ma.online.new"]],
  back: "ma.online.back",
  session: (conn) => new MaSession(conn),
  Play: OnlineGame,
};

function OnlineGame({ session, lobby, banner, onLeave }: PlayProps<MaSession, RoomLobby>) {
  const view = session.view!;
  const over = view.over || lobby.status === "closed";
  const people = new Set(lobby.players.flatMap((p) => (p.table_seat === null ? [] : [p.table_seat])));
  session.computer = (seat) => !people.has(seat);
  return (
    <Table
      session={session}
      names={tableNames(lobby, view.players.length)}
      here={(seat) => seat === view.seat}
      frame={{
        title: t("ma.online.kind"),
        info: `${settingsText(lobby.settings)} · ${t("ma.online.code", { code: formatCode(lobby.code) })}`,
        banner,
        side: (
          <section class="ma-people" aria-labelledby="ma-people-side">
            <h2 id="ma-people-side">{t("ma.online.people")}</h2>
            <Players lobby={lobby} />
            {!over && <button type="button" class="lobby-leave" onClick={onLeave}>{t("lobby.leave")}</button>}
          </section>
        ),
        end: (
          <>
            <a class="button primary" href={href("/mathesso/online")}>{t("ma.online.new")}</a>
            <a class="button" href={href("/mathesso")}>{t("ma.online.back")}</a>
          </>
        ),
      }}
    />
  );
}

/** Names by table seat: "Ty" for this person, the others' nicknames, the computer players
 *  in the seats nobody took. */
function tableNames(lobby: RoomLobby, seats: number): SeatNames {
  const level = lobby.settings.computer ? BOTS.indexOf(lobby.settings.computer) : -1;
  const computer = t("ma.computer", { level: level >= 0 ? levelName(level) : "" });
  let n = 0;
  const computers = seats - lobby.players.filter((p) => p.table_seat !== null).length;
  return Array.from({ length: seats }, (_, seat) => {
    const person = lobby.players.find((player) => player.table_seat === seat);
    if (person) return person.seat === lobby.you ? t("ma.you") : person.nickname;
    n++;
    return computers > 1 ? `${computer} ${n}` : computer;
  });
}
