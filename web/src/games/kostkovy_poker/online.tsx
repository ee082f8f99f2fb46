// Online Kostkový poker tables (docs/api.md, "Kostkový poker tables"): the lobby of kind
// "table" on the lobby pages (lobby/game.tsx) with its words and the table screen framed
// with the people, its settings in words, and the names at the table (the people by their
// table seat, the computer players in the seats nobody took).
import { t } from "../../i18n";
import { formatCode } from "../../lobby/code";
import type { LobbyGame, PlayProps } from "../../lobby/game";
import { Players } from "../../lobby/Players";
import type { Lobby } from "../../lobby/types";
import { href } from "../../router";
import { KpNav } from "./KpNav";
import { KpSession } from "./session";
import { Table } from "./Table";
import type { BotName, SeatNames } from "./types";
import { chips, tn } from "./words";
import "./kp.css";

export const GAME = "kostkovy-poker";

interface TableSettings {
  seats: number;
  chips: number;
  seconds: number;
  robots: BotName;
}

type TableLobby = Lobby<"table", TableSettings>;

export const KP_LOBBY: LobbyGame<KpSession, TableLobby> = {
  id: GAME,
  title: () => t("kp.online.kind"),
  join: (summary) => ({
    title: t("kp.online.join.title"),
    info: `${t("kp.title")} · ${settingsText(summary.settings)}`,
    joined: t("kp.online.join.count", { count: summary.players, limit: summary.limit }),
  }),
  room: (lobby) => {
    const me = lobby.players.find((player) => player.seat === lobby.you);
    const host = lobby.players.find((player) => player.host)?.nickname ?? "";
    const count = lobby.players.length;
    // Alone too the host may start: the computer takes the other seats.
    const state = me?.host ? (count > 1 ? "ready" : "alone") : "wait";
    const computers = lobby.limit - count;
    return {
      info: `${t("kp.title")} · ${settingsText(lobby.settings)}`,
      share: t("kp.online.share"),
      people: t("kp.online.people"),
      notes: (
        <>
          {computers > 0 && <p class="hint">{t("kp.online.bots", { count: computers, name: t(`kp.bot.${lobby.settings.robots}`) })}</p>}
          <p class="hint">{t("kp.online.timer", { seconds: lobby.settings.seconds })}</p>
        </>
      ),
      ready: { state, text: t(`kp.online.state.${state}`, { host }), canStart: true, warn: false },
      start: t("kp.online.start"),
    };
  },
  nav: () => <KpNav current="/kostkovy-poker/stul" />,
  leave: () => t("kp.online.leave.playing"),
  left: "kp.online.left",
  links: [["/kostkovy-poker/stul", "kp.online.new"]],
  back: "kp.online.back",
  history: true, // the log survives a reload
  session: (conn) => new KpSession(conn),
  Play: OnlineTable,
};

/** The running table: the same screen as solo, with the people and their presence beside it. */
function OnlineTable({ session, lobby, banner, onLeave }: PlayProps<KpSession, TableLobby>) {
  const view = session.view!;
  const over = view.game_over || lobby.status === "closed";
  return (
    <Table
      session={session}
      names={tableNames(lobby, view.players.length)}
      frame={{
        title: t("kp.online.kind"),
        info: `${t("kp.game.info", { hand: view.hand, chips: view.chips_at_start })} · ${formatCode(lobby.code)}`,
        banner,
        side: (
          <section class="kp-people" aria-labelledby="kp-people-side">
            <h2 id="kp-people-side">{t("kp.online.people")}</h2>
            <Players lobby={lobby} />
            <p class="hint">{settingsText(lobby.settings)}</p>
            {!over && <button type="button" class="lobby-leave" onClick={onLeave}>{t("lobby.leave")}</button>}
          </section>
        ),
        end: (
          <>
            <a class="button primary" href={href("/kostkovy-poker/stul")}>{t("kp.online.new")}</a>
            <a class="button" href={href("/kostkovy-poker")}>{t("kp.online.back")}</a>
          </>
        ),
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
 *  players ("Klidný 1", "Klidný 2") in the seats after the people. */
function tableNames(lobby: TableLobby, seats: number): SeatNames {
  const names: string[] = [];
  const bots: Array<BotName | null> = [];
  const people = new Map(lobby.players.filter((p) => p.table_seat !== null).map((p) => [p.table_seat!, p]));
  const computers = seats - people.size;
  let n = 0;
  for (let seat = 0; seat < seats; seat++) {
    const person = people.get(seat);
    if (person) {
      names.push(person.seat === lobby.you ? t("kp.you") : person.nickname);
      bots.push(null);
    } else {
      n++;
      const name = t(`kp.bot.${lobby.settings.robots}`);
      names.push(computers > 1 ? `${name} ${n}` : name);
      bots.push(lobby.settings.robots);
    }
  }
  return { names, bots };
}
