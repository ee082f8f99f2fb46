// A game's online descriptor (lobby/game.tsx's LobbyGame) made from its declarations: its
// registry entry (the engine's name is the lobby's id, `create` the page of a new room), its
// declared room (how many people it needs before Start) and its catalogue's `<id>.online.*`
// words. A game gives only what is its own: the settings line, notes under the people, its
// session and its running screen. Also the running screen's shared parts: the people beside
// the table, and the names at the table by seat.
import type { ComponentChildren } from "preact";
import { t } from "../i18n";
import type { LobbyConnection } from "../lobby/connection";
import type { LobbyGame, LobbySession, PlayProps } from "../lobby/game";
import { Players } from "../lobby/Players";
import type { Lobby } from "../lobby/types";
import { href } from "../router";
import { GameNav, gameEntry } from "./GameNav";
import type { DeclaredRoom } from "./settings";

interface RoomDeclaration<S extends LobbySession, L extends Lobby> {
  /** The registry id, which is the catalogue's prefix too ("lp"). */
  game: string;
  room: DeclaredRoom;
  /** The settings in words (the room's and the join card's line under the heading). */
  info(settings: L["settings"] | undefined): string;
  /** More under the list of people (who takes the empty seats). */
  notes?(lobby: L): ComponentChildren;
  /** The leave dialog's catalogue key once the game runs (`<id>.online.leave`). */
  leave?: string;
  history?: boolean;
  session(conn: LobbyConnection): S;
  Play(props: PlayProps<S, L>): ReturnType<LobbyGame<S, L>["Play"]>;
}

export function roomGame<S extends LobbySession, L extends Lobby>(declared: RoomDeclaration<S, L>): LobbyGame<S, L> {
  const entry = gameEntry(declared.game);
  const key = (word: string) => `${declared.game}.online.${word}`;
  const create = entry.create!;
  return {
    id: entry.engine!,
    title: () => t(key("kind")),
    join: (summary) => ({
      title: t(key("join.title")),
      info: declared.info(summary.settings),
      joined: t(key("join.count"), { count: summary.players, limit: summary.limit }),
    }),
    room: (lobby) => {
      const me = lobby.players.find((player) => player.seat === lobby.you);
      const host = lobby.players.find((player) => player.host)?.nickname ?? "";
      const count = lobby.players.length;
      const state = me?.host ? (count > 1 ? "ready" : "alone") : "wait";
      return {
        info: declared.info(lobby.settings),
        share: t(key("share")),
        people: t(key("people")),
        notes: declared.notes?.(lobby),
        // A duel waits for its second person; a table's empty seats go to the computer.
        ready: { state, text: t(key(`state.${state}`), { host }), canStart: count >= declared.room.seats[0], warn: false },
        start: t(key("start")),
      };
    },
    nav: () => <GameNav game={declared.game} current={create} />,
    leave: () => t(declared.leave ?? key("leave")),
    left: key("left"),
    links: [[create, key("new")]],
    back: key("back"),
    history: declared.history,
    session: declared.session,
    Play: declared.Play,
  };
}

/** Beside the running table: the people and their presence, the game's `children`, and
 *  Leave while the game runs. */
export function PeopleSide({ game, lobby, over, onLeave, children }: {
  game: string;
  lobby: Lobby;
  over: boolean;
  onLeave: () => void;
  children?: ComponentChildren;
}) {
  return (
    <section class={`${game}-people`} aria-labelledby={`${game}-people-side`}>
      <h2 id={`${game}-people-side`}>{t(`${game}.online.people`)}</h2>
      <Players lobby={lobby} />
      {children}
      {!over && <button type="button" class="lobby-leave" onClick={onLeave}>{t("lobby.leave")}</button>}
    </section>
  );
}

/** At the end of an online game: a new room, back to the game's page. */
export function RoomEndLinks({ game }: { game: string }) {
  const entry = gameEntry(game);
  return (
    <>
      <a class="button primary" href={href(entry.create!)}>{t(`${game}.online.new`)}</a>
      <a class="button" href={href(entry.play!)}>{t(`${game}.online.back`)}</a>
    </>
  );
}

/** Each table seat's name: "Ty"/"Vy" (`<id>.you`) for this person, the others'
 *  nicknames, and `empty(seat)` for a seat no person took. */
export function seatNames(game: string, lobby: Lobby, seats: number, empty: (seat: number) => string): string[] {
  return Array.from({ length: seats }, (_, seat) => {
    const person = lobby.players.find((player) => player.table_seat === seat);
    if (!person) return empty(seat);
    return person.seat === lobby.you ? t(`${game}.you`) : person.nickname;
  });
}

/** The computer players' names in the seats no person took: `name`, numbered when more
 *  than one ("Klidný 1", "Klidný 2"). */
export function computerNames(lobby: Lobby, seats: number, name: string): (seat: number) => string {
  const taken = new Set(lobby.players.flatMap((p) => (p.table_seat === null ? [] : [p.table_seat])));
  const empty = Array.from({ length: seats }, (_, seat) => seat).filter((seat) => !taken.has(seat));
  return (seat) => (empty.length > 1 ? `${name} ${empty.indexOf(seat) + 1}` : name);
}
