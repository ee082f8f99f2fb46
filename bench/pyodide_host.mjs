// Pyodide for the benchmarks, in Node: loaded from web/node_modules (offline, nothing is
// downloaded), with the pure klubovna packages and one bench workload module copied into its
// filesystem and put on sys.path. Python's prints go to stderr, so stdout stays for the
// caller's one JSON line.

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE_DIR = join(ROOT, "web", "node_modules", "pyodide");
const SITE = "/klubovna_bench"; // the folder inside Pyodide's filesystem put on sys.path

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

function copy(pyodide, hostPath, target) {
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, readFileSync(hostPath));
}

/** Pyodide with klubovna/`packages`, `extra` files (paths from the repository's root) and
 *  bench/`workload` (a module name; null: none) importable, and how long loading and copying
 *  took. */
export async function pyodideWith(packages, workload, extra = []) {
  if (!existsSync(join(PYODIDE_DIR, "pyodide.mjs"))) {
    throw new Error(`Pyodide not found in ${PYODIDE_DIR}: run \`npm ci --prefix web\``);
  }
  const { loadPyodide } = await import(pathToFileURL(join(PYODIDE_DIR, "pyodide.mjs")).href);
  const toStderr = (line) => process.stderr.write(`${line}\n`);
  const loadStart = performance.now();
  const pyodide = await loadPyodide({ indexURL: `${PYODIDE_DIR}/`, stdout: toStderr, stderr: toStderr });
  const loadSeconds = (performance.now() - loadStart) / 1000;

  const copyStart = performance.now();
  const files = [join(ROOT, "klubovna", "__init__.py")];
  for (const pkg of packages) files.push(...pyFilesUnder(join(ROOT, "klubovna", pkg)));
  files.push(...extra.map((path) => join(ROOT, path)));
  for (const hostPath of files) copy(pyodide, hostPath, `${SITE}/${relative(ROOT, hostPath).split(/[\\/]/).join("/")}`);
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(SITE)})`);
  if (workload !== null) {
    const module = join(ROOT, "bench", `${workload}.py`);
    copy(pyodide, module, `${SITE}/${basename(module)}`);
    pyodide.runPython(`import ${workload}`);
  }
  const copySeconds = (performance.now() - copyStart) / 1000;
  return { pyodide, loadSeconds, copySeconds, filesCopied: files.length + (workload === null ? 0 : 1) };
}

/** Run `main`, or say what failed and exit 1. */
export function run(name, main) {
  main().catch((error) => {
    process.stderr.write(`${name}: ${error?.stack ?? error}\n`);
    process.exit(1);
  });
}
