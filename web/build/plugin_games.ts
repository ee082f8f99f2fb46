// The web side of plug-in games (KLUBOVNA_PLUGINS, the Python modules the server imports too):
// `virtual:plugin-modules` names the modules for the engine worker, which imports them after
// klubovna's start-up so they register their games (their Python files are shipped under /py/
// by plugins.ts), and `virtual:plugin-games` is the default exports of their folders'
// `web/entry.ts` (each a GameEntry of src/registry.ts), appended to the registry's GAMES.
// Without KLUBOVNA_PLUGINS both are empty lists. A plug-in's web files live outside src/: they
// import the app's shared pieces as `@web/...` (src/...) and packages as src/ would.
import { existsSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { searchForWorkspaceRoot, type Plugin } from "vite";
import { pluginModules } from "./plugins.ts";

const WEB = resolve(import.meta.dirname, "..");
const SRC = join(WEB, "src");
const GAMES_ID = "virtual:plugin-games";
const MODULES_ID = "virtual:plugin-modules";
/** A plug-in package's web part: its folder's web/entry.ts. */
const ENTRY = join("web", "entry.ts");
const SHARED = "@web/";

/** The plug-in packages that have a web part: their web folders and entry files. */
export function pluginEntries(): Array<{ folder: string; entry: string }> {
  return pluginModules()
    .filter((plugin) => plugin.folder !== null && existsSync(join(plugin.folder, ENTRY)))
    .map((plugin) => ({ folder: join(plugin.folder!, "web"), entry: join(plugin.folder!, ENTRY) }));
}

/** A package's name ("preact/hooks"), not a path nor a `virtual:`, `data:`... id. */
function isBare(source: string): boolean {
  return !/^[./\0]/.test(source) && !/^[a-z]+:/i.test(source);
}

/** The two virtual modules, and the imports of the plug-ins' web files. */
export function pluginGames(): Plugin {
  const entries = pluginEntries();
  const within = (file: string | undefined) =>
    file !== undefined && entries.some(({ folder }) => file.split("?")[0].startsWith(folder + sep));
  return {
    name: "klubovna-plugin-games",
    // The dev server serves files outside web/ only when allowed.
    config: () => (entries.length ? { server: { fs: { allow: [searchForWorkspaceRoot(WEB), ...entries.map((e) => e.folder)] } } } : {}),
    resolveId(source, importer) {
      if (source === GAMES_ID || source === MODULES_ID) return `\0${source}`;
      if (!within(importer)) return undefined;
      // A plug-in's imports resolve as if from src/: its shared pieces, preact, the JSX runtime.
      if (source.startsWith(SHARED)) return this.resolve(join(SRC, source.slice(SHARED.length)), importer, { skipSelf: true });
      if (isBare(source)) return this.resolve(source, join(SRC, "main.tsx"), { skipSelf: true });
      return undefined;
    },
    load(id) {
      if (id === `\0${MODULES_ID}`) {
        return `export const PLUGIN_MODULES = ${JSON.stringify(pluginModules().map((plugin) => plugin.name))};\n`;
      }
      if (id !== `\0${GAMES_ID}`) return undefined;
      const imports = entries.map(({ entry }, i) => `import game${i} from ${JSON.stringify(entry)};\n`);
      return `${imports.join("")}export const PLUGIN_GAMES = [${entries.map((_, i) => `game${i}`).join(", ")}];\n`;
    },
  };
}
