// The one list of the club's games. Each entry gives the home page's card (and every game
// page's "Další hry" line), the game's pages by path, its catalogue and its online
// descriptor (the lobby pages' words and running screen). Everything of a game is a lazy
// import of its folder (games/<game>/), so its code and text load only when one of its
// pages first opens. This file is the only shared module that names a game's folder
// (tests/web/test_shared_imports.py). A new game is one entry here, its name and about text
// included; a game still coming has only its id, name and about text. Plug-in games
// (KLUBOVNA_PLUGINS at build time: web/build/plugin_games.ts) come after them.
import type { FunctionComponent } from "preact";
import { PLUGIN_GAMES } from "virtual:plugin-games";
import { addCatalogue, getLang, type Area, type Lang } from "./i18n";
import type { LobbyGame } from "./lobby/game";
import type { StatsCard } from "./profile/statsCard";
import type { ReplayView } from "./replay/types";

/** A page gets the values of its path's parameters. */
export type Page = FunctionComponent<{ params: Record<string, string> }>;

/** A text in both languages (the short ones a game's entry carries itself). */
export type Words = Record<Lang, string>;

export interface GameEntry {
  /** A short id (the home card's data-game, storage keys). */
  id: string;
  /** The engine's name in klubovna's registry, as the server's statistics name it. */
  engine?: string;
  name: Words;
  about: Words;
  /** The game's page; absent for a game still coming (no link anywhere). */
  play?: string;
  rules?: string;
  /** Where an online room is made (the navigation's "Online", the lobby's "new room"). */
  create?: string;
  /** The game's pages: path (":name" segments are parameters) -> its name in `pages()`. */
  routes?: Record<string, string>;
  pages?: () => Promise<Record<string, Page>>;
  /** The game's own texts, added to the catalogue before any of its pages shows. */
  catalogue?: () => Promise<Area>;
  /** Played from a code: the lobby pages at `${play}/hra/:code` are driven by this. */
  online?: () => Promise<LobbyGame>;
  /** Its own card on the profile page (with its catalogue); without one the profile shows
   *  every game's rows (games, wins, losses, draws). */
  card?: () => Promise<StatsCard>;
  /** A read-only render of one frame of its replay (replay/types.ts); with it the end
   *  screens show "Záznam hry" and shared replay links open (README, "How to add a game"). */
  replay?: () => Promise<ReplayView>;
}

export const GAMES: GameEntry[] = [
  {
    id: "mp",
    engine: "matematicky-poker",
    name: { cs: "Matematický poker", en: "Mathematical poker" },
    about: {
      cs: "Čísla 1–13 do pole 5×5, pokerové kombinace ve 12 liniích.",
      en: "Numbers 1–13 on a 5×5 board, poker combinations in 12 lines.",
    },
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
    card: () => import("./games/matematicky_poker/statsCard").then((m) => m.card),
    replay: () => import("./games/matematicky_poker/replay").then((m) => m.MpReplay),
  },
  {
    id: "kp",
    engine: "kostkovy-poker",
    name: { cs: "Kostkový poker", en: "Dice poker" },
    about: { cs: "Kostkový hold'em pro 2–6 hráčů se sázkami.", en: "Dice hold'em for 2–6 players with betting." },
    play: "/kostkovy-poker",
    rules: "/kostkovy-poker/pravidla",
    create: "/kostkovy-poker/stul",
    routes: {
      "/kostkovy-poker": "KpPage",
      "/kostkovy-poker/pravidla": "KpRulesPage",
      "/kostkovy-poker/stul": "OnlineCreate",
    },
    pages: () => import("./games/kostkovy_poker/pages"),
    catalogue: () => import("./games/kostkovy_poker/i18n").then((m) => m.kp),
    online: () => import("./games/kostkovy_poker/online").then((m) => m.KP_LOBBY),
    card: () => import("./games/kostkovy_poker/statsCard").then((m) => m.card),
    replay: () => import("./games/kostkovy_poker/Replay").then((m) => m.KpReplay),
  },
  {
    id: "zk",
    engine: "zoliky-s-kameny",
    name: { cs: "Žolíky s kameny", en: "Rummy with tiles" },
    about: {
      cs: "Rummikub proti počítači, na jednom zařízení i online.",
      en: "Rummikub against the computer, on one device and online.",
    },
    play: "/zoliky-s-kameny",
    rules: "/zoliky-s-kameny/pravidla",
    create: "/zoliky-s-kameny/online",
    routes: {
      "/zoliky-s-kameny": "ZkPage",
      "/zoliky-s-kameny/pravidla": "ZkRulesPage",
      "/zoliky-s-kameny/online": "ZkOnlineCreate",
    },
    pages: () => import("./games/zoliky_s_kameny/pages"),
    catalogue: () => import("./games/zoliky_s_kameny/i18n").then((m) => m.zk),
    online: () => import("./games/zoliky_s_kameny/online").then((m) => m.ZK_LOBBY),
    replay: () => import("./games/zoliky_s_kameny/replay").then((m) => m.ZkReplay),
  },
  {
    id: "lp",
    engine: "locus-poker",
    name: { cs: "Locus Poker", en: "Locus Poker" },
    about: {
      cs: "Karetní mřížka pro dva a sedm počítačových soupeřů.",
      en: "A card grid for two, and seven computer opponents.",
    },
    play: "/locus-poker",
    rules: "/locus-poker/pravidla",
    create: "/locus-poker/online",
    routes: {
      "/locus-poker": "LpPage",
      "/locus-poker/pravidla": "LpRulesPage",
      "/locus-poker/online": "LpOnlineCreate",
    },
    pages: () => import("./games/locus_poker/pages"),
    catalogue: () => import("./games/locus_poker/i18n").then((m) => m.lp),
    online: () => import("./games/locus_poker/online").then((m) => m.LP_LOBBY),
    replay: () => import("./games/locus_poker/replay").then((m) => m.LpReplay),
  },
  {
    id: "ma",
    engine: "mathesso",
    name: { cs: "Mathesso", en: "Mathesso" },
    about: {
      cs: "Matematické pexeso pro děti i celé rodiny.",
      en: "A mathematical memory game for children and families.",
    },
    play: "/mathesso",
    rules: "/mathesso/pravidla",
    create: "/mathesso/online",
    routes: {
      "/mathesso": "MaPage",
      "/mathesso/pravidla": "MaRulesPage",
      "/mathesso/online": "MaOnlineCreate",
    },
    pages: () => import("./games/mathesso/pages"),
    catalogue: () => import("./games/mathesso/i18n").then((m) => m.ma),
    online: () => import("./games/mathesso/online").then((m) => m.MA_LOBBY),
    replay: () => import("./games/mathesso/replay").then((m) => m.MaReplay),
  },
  // (each the default export of a plug-in folder's web/entry.ts, checked there as a GameEntry)
  ...(PLUGIN_GAMES as GameEntry[]),
];

/** `load`'s result once the game's catalogue is in too (its page's words are then there). */
export async function withCatalogue<T>(game: GameEntry, load: () => Promise<T>): Promise<T> {
  const [found, area] = await Promise.all([load(), game.catalogue?.()]);
  if (area) addCatalogue(area);
  return found;
}

/** A game's name in the current language. */
export function gameName(game: GameEntry): string {
  return game.name[getLang()];
}

/** The entry of the engine called `engine` (the server's name for a game). */
export function byEngine(engine: string): GameEntry | undefined {
  return GAMES.find((game) => game.engine === engine);
}

/** The games that can be played today, but `current`. */
export function otherGames(current: string): GameEntry[] {
  return GAMES.filter((game) => game.play !== undefined && game.id !== current);
}
