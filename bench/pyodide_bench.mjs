// Pyodide side of the benchmark: loads Pyodide from web/node_modules (offline), copies the
// pure klubovna packages plus bench/random_games.py into it, runs run(seconds), prints one JSON line.
//
// Usage: node bench/pyodide_bench.mjs [seconds]   (from anywhere; paths are found from this file)
// Everything Python prints goes to stderr, so stdout carries only the JSON line.

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE_DIR = join(ROOT, "web", "node_modules", "pyodide");
const PURE_PACKAGES = ["core", "games", "bots", "tables"];
const SITE = "/klubovna_bench"; // folder inside Pyodide's filesystem put on sys.path

/** Every .py file under `dir` (recursive, skipping __pycache__), or [] if `dir` is missing. */
function pyFilesUnder(dir) {
  if (!existsSync(dir)) return [];
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

/** Host paths of the files to copy: klubovna/__init__.py, the pure packages, the workload. */
function sourceFiles() {
  const files = [join(ROOT, "klubovna", "__init__.py")];
  for (const pkg of PURE_PACKAGES) files.push(...pyFilesUnder(join(ROOT, "klubovna", pkg)));
  files.push(join(ROOT, "bench", "random_games.py"));
  return files.filter((path) => existsSync(path));
}

async function main() {
  const seconds = Number(process.argv[2] ?? "5");
  if (!(seconds > 0)) throw new Error(`seconds must be a positive number, got ${process.argv[2]}`);
  if (!existsSync(join(PYODIDE_DIR, "pyodide.mjs"))) {
    throw new Error(`Pyodide not found in ${PYODIDE_DIR}: run \`npm ci --prefix web\``);
  }

  const { loadPyodide } = await import(pathToFileURL(join(PYODIDE_DIR, "pyodide.mjs")).href);
  const toStderr = (line) => process.stderr.write(`${line}\n`);
  const loadStart = performance.now();
  const pyodide = await loadPyodide({
    indexURL: `${PYODIDE_DIR}/`,
    stdout: toStderr,
    stderr: toStderr,
  });
  const loadSeconds = (performance.now() - loadStart) / 1000;

  const copyStart = performance.now();
  const files = sourceFiles();
  for (const hostPath of files) {
    // klubovna/... keeps its package path; bench/random_games.py lands at the top level.
    const rel = hostPath.startsWith(join(ROOT, "klubovna"))
      ? relative(ROOT, hostPath)
      : relative(join(ROOT, "bench"), hostPath);
    const target = `${SITE}/${rel.split(/[\\/]/).join("/")}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, readFileSync(hostPath));
  }
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(SITE)})`);
  pyodide.runPython("import random_games");
  const importSeconds = (performance.now() - copyStart) / 1000;

  const figures = JSON.parse(
    pyodide.runPython(`import json, random_games; json.dumps(random_games.run(${seconds}))`),
  );
  const report = {
    ...figures,
    pyodide_version: pyodide.version,
    node: process.version,
    load_seconds: loadSeconds,
    copy_import_seconds: importSeconds,
    files_copied: files.length,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((error) => {
  process.stderr.write(`pyodide_bench: ${error?.stack ?? error}\n`);
  process.exit(1);
});
