// Online Kostkový poker tables (docs/api.md, "Kostkový poker tables"): the lobby's shapes
// for kind "table", its settings in words, and the names at the table (the people by their
// table seat, the computer players in the seats nobody took).
import { t } from "../i18n";
import type { LobbyPlayer, LobbyStatus, Outcome } from "../lobby/types";
import type { BotName, SeatNames } from "./types";
import { chips, tn } from "./words";

export const GAME = "kostkovy-poker";

export interface TableSettings {
  seats: number;
  chips: number;
  seconds: number;
  robots: BotName;
}

/** The `lobby` of a {"t": "lobby"} message for a table. */
export interface TableLobby {
  code: string;
  kind: "table";
  status: LobbyStatus;
  outcome: Outcome;
  limit: number;
  settings: TableSettings;
  you: number;
  players: LobbyPlayer[];
}

/** GET /api/lobbies/{code} of a table. */
export interface TableSummary {
  code: string;
  game?: string;
  kind: string;
  status: LobbyStatus;
  settings: TableSettings;
  players: number;
  limit: number;
}

/** "4 místa · 20 žetonů · 30 s na tah · počítač: Klidný". */
export function settingsText(settings: TableSettings): string {
  return [
    tn("kp.seats", settings.seats),
    chips(settings.chips),
    t("kp.online.seconds.short", { seconds: settings.seconds }),
    t("kp.online.robots.short", { name: t(`kp.bot.${settings.robots}`) }),
  ].join(" · ");
}

/** Names by table seat: "Ty" for this person, the others' nicknames, and the computer
 *  players ("Klidný 1", "Klidný 2") in the seats after the people. */
export function tableNames(lobby: TableLobby, seats: number): SeatNames {
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
