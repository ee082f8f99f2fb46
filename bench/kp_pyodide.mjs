// Pyodide side of bench/kostkovy_poker.py: loads Pyodide from web/node_modules (offline, nothing
// is downloaded), copies the pure klubovna packages plus bench/kp_decisions.py into it, times
// Chytrý's decisions there and prints one JSON line (kp_decisions.run_json plus load figures).
//
// Usage: node bench/kp_pyodide.mjs COUNT SIMS KEEP_SIMS   (from anywhere)
// Everything Python prints goes to stderr, so stdout carries only the JSON line.

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE_DIR = join(ROOT, "web", "node_modules", "pyodide");
const PURE_PACKAGES = ["core", "games", "bots"];
const SITE = "/klubovna_kp_bench"; // folder inside Pyodide's filesystem put on sys.path

/** Every .py file under `dir` (recursive, skipping __pycache__). */
function pyFilesUnder(dir) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") found.push(...pyFilesUnder(path));
    } else if (name.endsWith(".py")) {
      found.push(path);
    }
  }
  return found;
}

async function main() {
  const [count, sims, keepSims] = process.argv.slice(2, 5).map(Number);
  for (const n of [count, sims, keepSims]) {
    if (!(Number.isInteger(n) && n > 0)) throw new Error(`usage: kp_pyodide.mjs COUNT SIMS KEEP_SIMS`);
  }
  if (!existsSync(join(PYODIDE_DIR, "pyodide.mjs"))) {
    throw new Error(`Pyodide not found in ${PYODIDE_DIR}: run \`npm ci --prefix web\``);
  }
  const { loadPyodide } = await import(pathToFileURL(join(PYODIDE_DIR, "pyodide.mjs")).href);
  const toStderr = (line) => process.stderr.write(`${line}\n`);
  const loadStart = performance.now();
  const pyodide = await loadPyodide({ indexURL: `${PYODIDE_DIR}/`, stdout: toStderr, stderr: toStderr });
  const loadSeconds = (performance.now() - loadStart) / 1000;

  const files = [join(ROOT, "klubovna", "__init__.py")];
  for (const pkg of PURE_PACKAGES) files.push(...pyFilesUnder(join(ROOT, "klubovna", pkg)));
  for (const hostPath of files) {
    const target = `${SITE}/${relative(ROOT, hostPath).split(/[\\/]/).join("/")}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, readFileSync(hostPath));
  }
  pyodide.FS.writeFile(`${SITE}/kp_decisions.py`, readFileSync(join(ROOT, "bench", "kp_decisions.py")));
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(SITE)})`);

  const runStart = performance.now();
  const figures = JSON.parse(
    pyodide.runPython(`import kp_decisions; kp_decisions.run_json(${count}, ${sims}, ${keepSims})`),
  );
  const report = {
    ...figures,
    pyodide_version: pyodide.version,
    node: process.version,
    load_seconds: loadSeconds,
    run_seconds: (performance.now() - runStart) / 1000,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((error) => {
  process.stderr.write(`kp_pyodide: ${error?.stack ?? error}\n`);
  process.exit(1);
});
