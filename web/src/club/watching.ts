// A friend's game to watch from their presence (issue #37, decision 0159): the app reports,
// beside the game it plays, the room's table while that game runs and the host lets people
// watch it; a friend's row links to #/sledovat/<table>. Only a hint: the watch page's socket
// still asks the room, and says so when the host turned watching off. Pure, for the tests.
import type { Lobby } from "../lobby/types";

/** A table id's shape (the server's secrets.token_urlsafe; club.py checks the same). */
const TABLE_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** The table a room's game may be watched at now, or null: while it runs (not between
 *  rounds) and the host lets people watch. */
export function watchTableOf(lobby: Pick<Lobby, "status" | "table" | "watchable" | "can_go_again"> | null): string | null {
  if (!lobby || lobby.status !== "playing" || lobby.can_go_again || lobby.watchable === false) return null;
  const table = lobby.table ?? null;
  return table && TABLE_ID.test(table) ? table : null;
}

/** The club socket's frame for what this person plays: the table only beside a game. */
export function playingFrame(game: string | null, watch: string | null): { t: "playing"; game: string | null; watch: string | null } {
  return { t: "playing", game, watch: game && watch && TABLE_ID.test(watch) ? watch : null };
}

/** The table a friend's game may be watched at, from their presence, or null. */
export function friendWatch(here: { online: boolean; playing: string | null; watch?: string | null }): string | null {
  const watch = here.watch ?? null;
  return here.online && here.playing && watch && TABLE_ID.test(watch) ? watch : null;
}
