// Matematický poker's duel and group lobbies (lobby/game.tsx): their words, what the room
// waits for, and the game that runs (MultiGame over a GameSession).
import { t } from "../../../i18n";
import { GameSession } from "../session";
import { kindName, settingsInfo } from "./words";
import type { LobbyGame, RoomWords } from "../../../lobby/game";
import { MultiGame } from "./MultiGame";
import type { LobbyState } from "./types";

export const MP_LOBBY: LobbyGame<GameSession, LobbyState> = {
  id: "matematicky-poker",
  title: (lobby) => (lobby ? kindName(lobby.kind) : t("lobby.code")),
  join: (summary) => ({
    title: t("lobby.join.to", { kind: kindName(summary.kind) }),
    info: settingsInfo(summary.settings),
    joined: t(`lobby.join.count.${summary.kind}`, { count: summary.players, limit: summary.limit }),
  }),
  room: (lobby) => ({
    info: settingsInfo(lobby.settings) + (lobby.kind === "group" && !lobby.dealer_plays ? ` · ${t("lobby.dealer.deals")}` : ""),
    share: t(`lobby.share.${lobby.kind}`),
    people: t("lobby.players"),
    host: t(lobby.kind === "group" ? (lobby.dealer_plays ? "lobby.role.dealer" : "lobby.role.dealer.only") : "lobby.role.host"),
    ready: readiness(lobby),
    start: t(`lobby.start.${lobby.kind}`),
  }),
  leave: (lobby) => {
    if (lobby.kind === "duel") return t("lobby.leave.duel");
    const me = lobby.players.find((player) => player.seat === lobby.you);
    return t(me?.host ? "lobby.leave.dealer" : "lobby.leave.group");
  },
  left: "lobby.left",
  links: [
    ["/matematicky-poker/duel", "lobby.new.duel"],
    ["/matematicky-poker/skupina", "lobby.new.group"],
  ],
  back: "lobby.back.mp",
  computer: "/matematicky-poker?hra=pocitac",
  session: (conn) => new GameSession(conn, null),
  Play: MultiGame,
};

/** What the room waits for, in one word for the catalogue, and whether Start may go. */
function readiness(lobby: LobbyState): RoomWords["ready"] {
  const me = lobby.players.find((player) => player.seat === lobby.you);
  const hostPlayer = lobby.players.find((player) => player.host);
  const ready = (state: string, canStart: boolean, warn: boolean) =>
    ({ state, text: t(`lobby.state.${state}`, { host: hostPlayer?.nickname ?? "" }), canStart, warn });
  const others = lobby.players.filter((player) => player.seat !== lobby.you);
  const iHost = me?.host === true;
  if (lobby.kind === "duel") {
    const opponent = others[0];
    if (!opponent) return ready("duel.alone", false, false);
    if (!opponent.connected) return ready(iHost ? "duel.gone" : "host.gone", false, true);
    return ready(iHost ? "duel.ready" : "duel.wait", true, false);
  }
  if (!iHost) {
    if (hostPlayer && !hostPlayer.connected) return ready("host.gone.group", false, true);
    return ready("group.wait", false, false);
  }
  if (others.length === 0) return lobby.dealer_plays ? ready("group.solo", true, false) : ready("group.alone", false, false);
  return ready("group.ready", true, false);
}
