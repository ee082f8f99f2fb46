// What the engine worker runs to make klubovna importable, and the name of an interpreter
// snapshot made after it: shared by the worker (engine.worker.ts) and the build
// (build/snapshot.ts), which makes the same snapshot in Node so that a first visit starts
// from it too. Standard JS only (no DOM, no Node): both sides import it.

/** Where the worker writes the Python sources in Pyodide's file system. */
export const HOME = "/home/pyodide";

/** Makes klubovna importable and imports it, then the plug-ins of KLUBOVNA_PLUGINS at build
 *  time (each registers its games on import; module names the build checked); creates no JS
 *  object (the snapshot is taken right after this). */
export function importsFor(plugins: readonly string[]): string {
  return `
import sys, importlib
if "${HOME}" not in sys.path:
    sys.path.insert(0, "${HOME}")
importlib.invalidate_caches()
import json
import klubovna.tables.local
import klubovna.tables.browser
# every registered game's engine and bots (the registry imports them)
import klubovna.tables.registry
${plugins.map((name) => `import ${name}\n`).join("")}`;
}

export type Sources = Array<[path: string, text: string]>;

/** The snapshot's key: it is valid for this Pyodide, these imports and these Python files
 *  only (SHA-256, hex). */
export async function snapshotKey(version: string, imports: string, sources: Sources): Promise<string> {
  const text = [`pyodide ${version}`, imports, ...sources.flatMap(([path, body]) => [path, body])].join("\0");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The one file a worker fetches for its Python (build/plugins.ts writes it, the dev server
 *  answers it): every source in the order the worker writes and hashes them, and the key of
 *  the build's snapshot (null in dev), so the worker can ask for that snapshot before it has
 *  hashed the sources. One request, not one per file: a start made ~120 of them. */
export const MANIFEST_PATH = "py/manifest.json";

export interface Manifest {
  snapshot: string | null;
  sources: Sources;
}

/** The build's own snapshot for `key` (gzip; absent in dev and for other sources). */
export function shippedSnapshotPath(key: string): string {
  return `py/engine-${key}.bin`;
}
