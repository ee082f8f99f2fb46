// Nim's web part: a plug-in game's entry (web/build/plugin_games.ts appends it to the
// registry's GAMES when the build runs with KLUBOVNA_PLUGINS=tests.toy.nim). Its pages, text
// and online descriptor are lazy imports, as a built-in game's are.
import type { GameEntry } from "@web/registry";

export default {
  id: "nim",
  play: "/nim",
  routes: { "/nim": "NimPage", "/nim/stul": "NimOnlineCreate" },
  pages: () => import("./pages"),
  catalogue: () => import("./i18n").then((m) => m.nim),
  online: () => import("./online").then((m) => m.NIM_LOBBY),
  replay: () => import("./replay").then((m) => m.NimReplay),
  engine: "nim",
  name: { cs: "Nim", en: "Nim" },
  about: {
    cs: "Hromádky kamenů: kdo vezme poslední, vyhrává. Hra z testů.",
    en: "Heaps of stones: whoever takes the last one wins. A game from the tests.",
  },
} satisfies GameEntry;
