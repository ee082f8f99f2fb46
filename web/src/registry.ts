// The one list of the club's games: the home page's cards and every game page's "Další hry"
// line come from it. A new game is one line here (with its name and about text in
// i18n/common.ts, "game.<id>.name"/".about"); `play` is left out while it is not built yet.
export interface GameEntry {
  /** The catalogue id: "game.<id>.name", "game.<id>.about". */
  id: string;
  /** The game's page; absent for a game still coming (no link anywhere). */
  play?: string;
  rules?: string;
}

export const GAMES: GameEntry[] = [
  { id: "mp", play: "/matematicky-poker", rules: "/matematicky-poker/pravidla" },
  { id: "kp", play: "/kostkovy-poker", rules: "/kostkovy-poker/pravidla" },
  { id: "zk" },
  { id: "lp" },
  { id: "ms" },
];

/** The games that can be played today, but `current`. */
export function otherGames(current: string): GameEntry[] {
  return GAMES.filter((game) => game.play !== undefined && game.id !== current);
}
