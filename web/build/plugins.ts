// Vite plugins that ship Python to the browser: the Pyodide runtime (self-hosted from the npm
// package, never a CDN), the pure klubovna packages the worker imports, the Python files of
// the plug-in games named in KLUBOVNA_PLUGINS (pluginModules), and the interpreter snapshot
// made from them (build/snapshot.ts; a build only, not the dev server). No app code here.
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { Plugin } from "vite";
import { MANIFEST_PATH, shippedSnapshotPath, type Manifest, type Sources } from "../src/worker/python.ts";
import { engineSnapshot } from "./snapshot.ts";

const WEB = resolve(import.meta.dirname, "..");
const ROOT = resolve(WEB, "..");
const PYODIDE_DIR = join(WEB, "node_modules", "pyodide");
const PYODIDE_FILES = [
  "pyodide.mjs",
  "pyodide.asm.mjs",
  "pyodide.asm.wasm",
  "python_stdlib.zip",
  "pyodide-lock.json",
];
/** The layers that run in the browser: standard library only (see the import contract). */
const PURE = ["core", "games", "bots", "tables"];

function pyFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === "__pycache__" ? [] : pyFiles(path);
      return name.endsWith(".py") ? [path] : [];
    });
}

/** A plug-in: a Python module that registers games of its own when imported, found under the
 *  repository (`tests.toy.nim` is tests/toy/nim/ or tests/toy/nim.py). */
export interface PluginModule {
  name: string;
  /** The package's folder (a module file: none). */
  folder: string | null;
  /** Its Python files with its parent packages' `__init__.py` (importing it runs them). */
  files: string[];
}

const MODULE_NAME = /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/;

/** The modules of KLUBOVNA_PLUGINS (comma-separated, as the server reads it), in order; the
 *  build fails on a name that is no module under the repository. */
export function pluginModules(setting = process.env.KLUBOVNA_PLUGINS ?? ""): PluginModule[] {
  const names = setting.split(",").map((name) => name.trim()).filter((name) => name !== "");
  return names.map((name) => {
    if (!MODULE_NAME.test(name)) throw new Error(`KLUBOVNA_PLUGINS: ${JSON.stringify(name)} is no module name`);
    const parts = name.split(".");
    const parents = parts.slice(0, -1).map((_, i) => join(ROOT, ...parts.slice(0, i + 1), "__init__.py")).filter(existsSync);
    const path = join(ROOT, ...parts);
    if (existsSync(join(path, "__init__.py"))) return { name, folder: path, files: [...parents, ...pyFiles(path)] };
    if (existsSync(`${path}.py`)) return { name, folder: null, files: [...parents, `${path}.py`] };
    throw new Error(`KLUBOVNA_PLUGINS: no module ${name} under ${ROOT}`);
  });
}

/** Every file the worker writes into Pyodide, by its path inside the package tree. */
export function pythonSources(): Map<string, string> {
  const files = [
    join(ROOT, "klubovna", "__init__.py"),
    ...PURE.flatMap((p) => pyFiles(join(ROOT, "klubovna", p))),
    ...pluginModules().flatMap((plugin) => plugin.files),
  ];
  return new Map(files.map((file) => [relative(ROOT, file).split("\\").join("/"), file]));
}

/** The sources' texts, by path, in the order the worker writes and hashes them. */
function sourceTexts(): Sources {
  return [...pythonSources()].map(([path, file]) => [path, readFileSync(file, "utf8")]);
}

function manifest(sources: Sources, snapshot: string | null): string {
  return JSON.stringify({ snapshot, sources } satisfies Manifest);
}

const TYPES: Record<string, string> = {
  ".mjs": "text/javascript",
  ".wasm": "application/wasm",
  ".zip": "application/zip",
  ".json": "application/json",
};

function contentType(name: string): string {
  const dot = name.lastIndexOf(".");
  return TYPES[name.slice(dot)] ?? "application/octet-stream";
}

/** `/pyodide/*` (the runtime) and `/py/manifest.json` (our packages' texts), in dev and build;
 *  the build's snapshot beside it. */
export function pythonInTheBrowser(): Plugin {
  return {
    name: "klubovna-python",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? "").split("?")[0];
        let file: string | undefined;
        let body: Buffer | string | undefined;
        if (url.startsWith("/pyodide/")) {
          const name = url.slice("/pyodide/".length);
          if (PYODIDE_FILES.includes(name)) file = join(PYODIDE_DIR, name);
        } else if (url === `/${MANIFEST_PATH}`) {
          body = manifest(sourceTexts(), null); // the dev server makes no snapshot
        }
        if (file === undefined && body === undefined) return next();
        res.setHeader("content-type", contentType(url));
        res.end(body ?? readFileSync(file!));
      });
    },
    async generateBundle() {
      for (const name of PYODIDE_FILES) {
        this.emitFile({ type: "asset", fileName: `pyodide/${name}`, source: readFileSync(join(PYODIDE_DIR, name)) });
      }
      // The interpreter with klubovna imported, for a first visit (build/snapshot.ts).
      const sources = sourceTexts();
      const { key, bytes } = await engineSnapshot(sources, pluginModules().map((plugin) => plugin.name));
      this.emitFile({ type: "asset", fileName: shippedSnapshotPath(key), source: bytes });
      this.emitFile({ type: "asset", fileName: MANIFEST_PATH, source: manifest(sources, key) });
    },
  };
}
