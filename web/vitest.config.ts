// The unit tests of the pure TypeScript (src/**/*.test.ts), run once by `npm test` and by
// `make test`: node, no browser (a test that needs a DOM says so in its first line), and of
// the app's build only the plug-ins that make the modules the tested code imports (each
// game's build data and the nickname rules, printed by the project's Python; the plug-in
// games of KLUBOVNA_PLUGINS, none by default) and Preact's JSX.
import { defineConfig } from "vitest/config";
import { gameData } from "./build/games.ts";
import { nicknameData } from "./build/nicknames.ts";
import { pluginGames } from "./build/plugin_games.ts";

export default defineConfig({
  plugins: [gameData(), nicknameData(), pluginGames()],
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
    // Worker threads rather than child processes: the same isolation per file, ~3 s sooner
    // on this machine (8 s instead of 11), and `make test`'s Nim build waits for it.
    pool: "threads",
    restoreMocks: true,
    unstubGlobals: true,
  },
});
