// The rules pages' tables, taken from the engines themselves: virtual modules whose content
// the project's Python prints at build (and dev) time. No combination is retyped in TypeScript.
// virtual:mp-tables holds Matematický poker's scoring tables; virtual:kp-tables Kostkový
// poker's value table and the table's fixed numbers (ante, keeping costs, bets, raises).
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

const KP_DIR = join(ROOT, "klubovna", "games", "kostkovy_poker");
const KP_ID = "virtual:kp-tables";
const KP_RESOLVED = `\0${KP_ID}`;

/** Prints {"lines": [{"name", "points", "example"}], "triples", "ante", "keepCosts",
 *  "betSizes", "maxRaises", "seats": [min, max], "chips": [min, default, max], "rolled"}. */
const KP_DUMP = [
  "import json",
  "from klubovna.games.kostkovy_poker import scoring, state",
  "from klubovna.bots.kostkovy_poker import BOTS",
  "print(json.dumps({'lines': [{'name': l.name, 'points': l.points, 'example': list(l.example)} "
    + "for l in scoring.VALUE_TABLE], 'triples': {str(k): v for k, v in scoring.TRIPLES.items()}, "
    + "'ante': state.ANTE, 'keepCosts': {str(k): v for k, v in state.KEEP_COSTS.items()}, "
    + "'betSizes': list(state.BET_SIZES.values()), 'maxRaises': state.MAX_RAISES, "
    + "'seats': [state.SEATS_MIN, state.SEATS_MAX], "
    + "'chips': [state.CHIPS_MIN, state.CHIPS_DEFAULT, state.CHIPS_MAX], 'rolled': state.ROLLED, "
    + "'bots': sorted(BOTS)}))",
].join("; ");

function python(): string {
  const venv = join(ROOT, ".venv", "bin", "python");
  return existsSync(venv) ? venv : "python3";
}

/** The engine's tables as JSON text (the build fails loudly when Python cannot give them). */
export function dumpTables(dump = DUMP): string {
  const text = execFileSync(python(), ["-c", dump], { cwd: ROOT, encoding: "utf8", env: { ...process.env, PYTHONPATH: ROOT } });
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

/** `import { LINES, KEEP_COSTS, ... } from "virtual:kp-tables"`. */
export function kpTables(): Plugin {
  return {
    name: "klubovna-kp-tables",
    resolveId(source) {
      return source === KP_ID ? KP_RESOLVED : undefined;
    },
    load(id) {
      if (id !== KP_RESOLVED) return undefined;
      for (const file of ["scoring.py", "state.py"]) this.addWatchFile(join(KP_DIR, file));
      const data = dumpTables(KP_DUMP);
      return [
        `const data = ${data};`,
        "export const LINES = data.lines;",
        "export const TRIPLES = data.triples;",
        "export const ANTE = data.ante;",
        "export const KEEP_COSTS = data.keepCosts;",
        "export const BET_SIZES = data.betSizes;",
        "export const MAX_RAISES = data.maxRaises;",
        "export const SEATS = data.seats;",
        "export const CHIPS = data.chips;",
        "export const ROLLED = data.rolled;",
        "export const BOTS = data.bots;",
        "",
      ].join("\n");
    },
  };
}
