// The one list of the club's games. Each entry gives the home page's card (and every game
// page's "Další hry" line), the game's pages by path, its catalogue and its online
// descriptor (the lobby pages' words and running screen). Everything of a game is a lazy
// import of its folder (games/<game>/), so its code and text load only when one of its
// pages first opens. This file is the only shared module that names a game's folder
// (tests/web/test_shared_imports.py). A new game is one entry here, with its name and about
// text in i18n/common.ts ("game.<id>.name"/".about"); a game still coming has only its id.
// Plug-in games (KLUBOVNA_PLUGINS at build time: web/build/plugin_games.ts) come after them.
import type { FunctionComponent } from "preact";
import { PLUGIN_GAMES } from "virtual:plugin-games";
import { getLang, t, type Area, type Lang } from "./i18n";
import type { LobbyGame } from "./lobby/game";

/** A page gets the values of its path's parameters. */
export type Page = FunctionComponent<{ params: Record<string, string> }>;

export interface GameEntry {
  /** The catalogue id: "game.<id>.name", "game.<id>.about". */
  id: string;
  /** The game's page; absent for a game still coming (no link anywhere). */
  play?: string;
  rules?: string;
  /** The game's pages: path (":name" segments are parameters) -> its name in `pages()`. */
  routes?: Record<string, string>;
  pages?: () => Promise<Record<string, Page>>;
  /** The game's own texts, added to the catalogue before any of its pages shows. */
  catalogue?: () => Promise<Area>;
  /** Played from a code: the lobby pages at `${play}/hra/:code` are driven by this. */
  online?: () => Promise<LobbyGame>;
  /** The name and about text per language, when the entry has them itself (a plug-in game;
   *  the others' are in i18n/common.ts). */
  names?: Record<Lang, { name: string; about: string }>;
}

export const GAMES: GameEntry[] = [
  {
    id: "mp",
    play: "/matematicky-poker",
    rules: "/matematicky-poker/pravidla",
    routes: {
      "/matematicky-poker": "MpPage",
      "/matematicky-poker/pravidla": "RulesPage",
      "/matematicky-poker/vyber-cisel": "NumberPicker",
      "/matematicky-poker/tabulka": "ManualTable",
      "/matematicky-poker/zebricek": "LeaderboardPage",
      "/matematicky-poker/denni-vyzva": "DailyPage",
      "/matematicky-poker/duel": "DuelPage",
      "/matematicky-poker/skupina": "GroupPage",
    },
    pages: () => import("./games/matematicky_poker/pages"),
    catalogue: () => import("./games/matematicky_poker/i18n").then((m) => m.catalogue),
    online: () => import("./games/matematicky_poker/lobby/online").then((m) => m.MP_LOBBY),
  },
  {
    id: "kp",
    play: "/kostkovy-poker",
    rules: "/kostkovy-poker/pravidla",
    routes: {
      "/kostkovy-poker": "KpPage",
      "/kostkovy-poker/pravidla": "KpRulesPage",
      "/kostkovy-poker/stul": "OnlineCreate",
    },
    pages: () => import("./games/kostkovy_poker/pages"),
    catalogue: () => import("./games/kostkovy_poker/i18n").then((m) => m.kp),
    online: () => import("./games/kostkovy_poker/online").then((m) => m.KP_LOBBY),
  },
  { id: "zk" },
  { id: "lp" },
  { id: "ms" },
  // (each the default export of a plug-in folder's web/entry.ts, checked there as a GameEntry)
  ...(PLUGIN_GAMES as GameEntry[]),
];

/** A game's name or about text in the current language. */
export function gameText(game: GameEntry, text: "name" | "about"): string {
  return game.names?.[getLang()][text] ?? t(`game.${game.id}.${text}`);
}

/** The games that can be played today, but `current`. */
export function otherGames(current: string): GameEntry[] {
  return GAMES.filter((game) => game.play !== undefined && game.id !== current);
}
