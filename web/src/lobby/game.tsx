// What the lobby pages (join card, room, a seat's screen, new-lobby form) need of a game: its
// id (the route), the words and links that differ, and its session and screen while it runs.
// Each game has one, its online descriptor (registry.ts): games/<game>/online.tsx.
import type { ComponentChildren, VNode } from "preact";
import { t } from "../i18n";
import { href } from "../router";
import type { LobbyConnection } from "./connection";
import type { SavedSeat } from "./seats";
import type { Lobby, LobbySummary } from "./types";

/** A game running over the lobby socket; `view` stays null until the first view. */
export interface LobbySession {
  view: unknown;
  subscribe(listener: () => void): () => void;
  close(): void;
}

/** What the room says and offers before the start. */
export interface RoomWords {
  /** The settings line under the heading. */
  info: string;
  /** Under the code: whom to send it. */
  share: string;
  /** The heading of the list of people. */
  people: string;
  /** The host's tag in that list (default "hostitel"). */
  host?: string;
  /** More under the list (who takes the empty seats). */
  notes?: ComponentChildren;
  /** What the room waits for (`state` goes to data-state), and whether Start may go. */
  ready: { state: string; text: string; canStart: boolean; warn: boolean };
  start: string;
}

export interface PlayProps<S, L> {
  session: S;
  lobby: L;
  seat: SavedSeat;
  banner: ComponentChildren;
  onLeave: () => void;
}

// Methods, not function fields: TypeScript then lets a game's own session and lobby types
// stand in for the general ones the pages work with.
export interface LobbyGame<S extends LobbySession = LobbySession, L extends Lobby = Lobby> {
  id: string;
  /** The lobby as a heading ("Duel 1v1", "Stůl online"); before the first lobby message too. */
  title(lobby: L | null): string;
  /** The join card's heading, settings line and how many have joined. */
  join(summary: LobbySummary<L["settings"]>): { title: string; info: string; joined: string };
  room(lobby: L): RoomWords;
  /** The game's own navigation above the room. */
  nav?(): ComponentChildren;
  /** The leave dialog's text once the game runs. */
  leave(lobby: L): string;
  /** The catalogue key of what the page says after leaving. */
  left: string;
  /** New games as [path, catalogue key], and the key of the link back to the game's page. */
  links: Array<[string, string]>;
  back: string;
  /** Where the game is played against the computer (quick pairing offers it after a long
   *  wait); the game's page, `/${id}`, by default. */
  computer?: string;
  /** Whether the first view should bring the game's events so far (the screen rebuilds
   *  its story from them after a reload). */
  history?: boolean;
  session(conn: LobbyConnection): S;
  /** The seat's running game, once the session has a view. */
  Play(props: PlayProps<S, L>): VNode | null;
}

/** The links a lobby page ends with: new games (unless `backOnly`), back to the game. */
export function GameLinks({ game, backOnly = false }: { game: LobbyGame; backOnly?: boolean }) {
  return (
    <p class="page-links lobby-back">
      {!backOnly && game.links.map(([path, key]) => <a key={path} class="button" href={href(path)}>{t(key)}</a>)}
      <a href={href(`/${game.id}`)}>{t(game.back)}</a>
    </p>
  );
}
