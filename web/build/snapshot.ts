// The engine's interpreter snapshot, made at build time in Node (issue #34, item 6): Pyodide
// started, the Python sources written where the worker writes them and klubovna imported
// (the worker's own import text), then its memory taken, gzipped and shipped as
// /py/engine-<key>.bin. A first visit starts from it instead of starting Python itself (most
// of a cold start: Pyodide's standard library is source, compiled at every start). The key
// is the worker's own snapshot key, so a worker whose sources differ never loads it. Kept in
// node_modules/.cache by key: a build with the same sources reuses it.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { HOME, importsFor, snapshotKey, type Sources } from "../src/worker/python.ts";

const WEB = resolve(import.meta.dirname, "..");
const PYODIDE_DIR = join(WEB, "node_modules", "pyodide");
const CACHE = join(WEB, "node_modules", ".cache", "klubovna-snapshot");

/** The gzipped snapshot and its key for these sources and plug-ins. */
export async function engineSnapshot(sources: Sources, plugins: readonly string[]): Promise<{ key: string; bytes: Buffer }> {
  const pyodide = await import("pyodide");
  const imports = importsFor(plugins);
  const key = await snapshotKey(pyodide.version, imports, sources);
  const cached = join(CACHE, `${key}.bin`);
  if (existsSync(cached)) return { key, bytes: readFileSync(cached) };
  const py = await pyodide.loadPyodide({
    indexURL: `${PYODIDE_DIR}/`,
    packageBaseUrl: `${PYODIDE_DIR}/`,
    stdout: () => {},
    stderr: (text) => console.warn(text),
    _makeSnapshot: true,
  } as Parameters<typeof pyodide.loadPyodide>[0]);
  for (const [path, text] of sources) {
    const full = `${HOME}/${path}`;
    py.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    py.FS.writeFile(full, text);
  }
  py.runPython(imports);
  const bytes = gzipSync(py.makeMemorySnapshot(), { level: 6 });
  // Only the newest is kept: older ones belong to older sources.
  if (existsSync(CACHE)) for (const old of readdirSync(CACHE)) rmSync(join(CACHE, old), { force: true });
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(cached, bytes);
  return { key, bytes };
}
