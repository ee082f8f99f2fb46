// A game's small navigation (play, online, rules, its rating board; then the other games),
// made from its registry entry: its `play`, `create` and `rules` paths, named by its
// catalogue's `<id>.nav.play`, `<id>.nav.online` and `<id>.nav.rules` (the whole as
// `<id>.nav`), and for a game played online its rating board (routes.ts), "Hodnocení".
import { PageNav } from "../components/PageNav";
import { GAMES, type GameEntry } from "../registry";

/** The registry entry with this id (a game's kit page names its own: a missing one is a bug). */
export function gameEntry(id: string): GameEntry {
  const found = GAMES.find((game) => game.id === id);
  if (!found) throw new Error(`no game ${id}`);
  return found;
}

/** [path, catalogue key] of the game's pages in its navigation. */
export function navLinks(game: GameEntry): Array<[string, string]> {
  const pages: Array<[string | undefined, string]> = [[game.play, "play"], [game.create, "online"], [game.rules, "rules"]];
  const links = pages.flatMap(([path, word]) => (path ? [[path, `${game.id}.nav.${word}`] as [string, string]] : []));
  if (game.online && game.play && game.engine) links.push([`${game.play}/hodnoceni`, "rating.board.nav"]);
  return links;
}

export function GameNav({ game, current }: { game: string; current: string }) {
  return <PageNav game={game} label={`${game}.nav`} links={navLinks(gameEntry(game))} current={current} />;
}
