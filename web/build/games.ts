// Each game's build data, taken from the engines themselves: a game folder that holds a
// `build_data.py` (web/src/games/<game>/build_data.py) gets the virtual module
// `virtual:game-data/<game>`, whose named exports are the keys of the one JSON object that
// file prints (run by the project's Python at build and dev time). A new game's folder is
// found by this scan: adding a game touches neither this file nor vite.config.ts.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";
import { pythonSources } from "./plugins.ts";

const WEB = resolve(import.meta.dirname, "..");
const ROOT = resolve(WEB, "..");
const GAMES = join(WEB, "src", "games");
const PREFIX = "virtual:game-data/";
const FILE = "build_data.py";

function python(): string {
  const venv = join(ROOT, ".venv", "bin", "python");
  return existsSync(venv) ? venv : "python3";
}

/** The game folders that declare build data, by folder name. */
export function gameDataFiles(): Map<string, string> {
  const folders = existsSync(GAMES) ? readdirSync(GAMES, { withFileTypes: true }) : [];
  return new Map(
    folders
      .filter((entry) => entry.isDirectory() && existsSync(join(GAMES, entry.name, FILE)))
      .map((entry) => [entry.name, join(GAMES, entry.name, FILE)]),
  );
}

/** The module's text: one export per key of what `file` prints (the build fails loudly when
 *  Python cannot give it, or gives anything but an object of identifiers). */
export function gameDataModule(file: string): string {
  const text = execFileSync(python(), [file], { cwd: ROOT, encoding: "utf8", env: { ...process.env, PYTHONPATH: ROOT } });
  const data = JSON.parse(text) as Record<string, unknown>;
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new Error(`${file}: print one JSON object`);
  const lines = [`const data = ${text.trim()};`];
  for (const key of Object.keys(data)) {
    if (!/^[A-Za-z_$][\w$]*$/.test(key)) throw new Error(`${file}: ${JSON.stringify(key)} is no export name`);
    lines.push(`export const ${key} = data[${JSON.stringify(key)}];`);
  }
  return `${lines.join("\n")}\n`;
}

/** `import { TABLES } from "virtual:game-data/matematicky_poker"`, for every game folder. */
export function gameData(): Plugin {
  return {
    name: "klubovna-game-data",
    resolveId(source) {
      return source.startsWith(PREFIX) && gameDataFiles().has(source.slice(PREFIX.length)) ? `\0${source}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const file = gameDataFiles().get(id.slice(1 + PREFIX.length))!;
      // Rebuilt when the file or any engine source changes (dev).
      this.addWatchFile(file);
      for (const source of pythonSources().values()) this.addWatchFile(source);
      return gameDataModule(file);
    },
  };
}
