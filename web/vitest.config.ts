// The unit tests of the pure TypeScript (src/**/*.test.ts), run once by `npm test` and by
// `make test`: node, no browser (a test that needs a DOM says so in its first line), and of
// the app's build only the plug-ins that make the modules the tested code imports (each
// game's build data and the nickname rules, printed by the project's Python).
import { defineConfig } from "vitest/config";
import { gameData } from "./build/games.ts";
import { nicknameData } from "./build/nicknames.ts";

export default defineConfig({
  plugins: [gameData(), nicknameData()],
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
    restoreMocks: true,
    unstubGlobals: true,
  },
});
