// The rules page's scoring tables, taken from the engine itself: a virtual module whose content
// the project's Python prints at build (and dev) time. No combination is retyped in TypeScript.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";

const WEB = resolve(import.meta.dirname, "..");
const ROOT = resolve(WEB, "..");
const SCORING = join(ROOT, "klubovna", "games", "matematicky_poker", "scoring.py");
const MODULE_ID = "virtual:mp-tables";
const RESOLVED_ID = `\0${MODULE_ID}`;

/** Prints {"tables": [{"id", "rows": [{"name", "points", "example"}]}], "diagonalBonus"}. */
const DUMP = [
  "import json",
  "from klubovna.games.matematicky_poker.scoring import TABLES, DIAGONAL_BONUS",
  "print(json.dumps({'tables': [{'id': table, 'rows': [{'name': c.name, 'points': c.points, "
    + "'example': list(c.example)} for c in rows]} for table, rows in TABLES.items()], "
    + "'diagonalBonus': DIAGONAL_BONUS}))",
].join("; ");

function python(): string {
  const venv = join(ROOT, ".venv", "bin", "python");
  return existsSync(venv) ? venv : "python3";
}

/** The engine's tables as JSON text (the build fails loudly when Python cannot give them). */
export function dumpTables(): string {
  const text = execFileSync(python(), ["-c", DUMP], { cwd: ROOT, encoding: "utf8", env: { ...process.env, PYTHONPATH: ROOT } });
  JSON.parse(text); // fail here, not in the browser, on anything but JSON
  return text.trim();
}

/** `import { TABLES, DIAGONAL_BONUS } from "virtual:mp-tables"`. */
export function mpTables(): Plugin {
  return {
    name: "klubovna-mp-tables",
    resolveId(source) {
      return source === MODULE_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(SCORING);
      const data = dumpTables();
      return `const data = ${data};\nexport const TABLES = data.tables;\nexport const DIAGONAL_BONUS = data.diagonalBonus;\n`;
    },
  };
}
