// The engine worker: Pyodide running the pure klubovna packages, so offline tables (every
// game's, through klubovna.tables.local.LocalHost) and the functions a game offers the browser
// (engineCall: its BROWSER tables, klubovna.tables.browser; see client.ts) use the server's
// own Python. Everything comes from this origin (the service worker's precache when
// offline); never a CDN.
//
// Page -> worker: {id, op, args}. Worker -> page: {id, ok, result | error} answers,
// {event: "progress", value, stage, loaded?, total?} while loading and {event: "table",
// tableId, messages} when a deadline (hard mode) expires on the worker's own clock.
// A table's messages come for every person's seat at once (hot seat): {seat: [messages]}.
//
// Progress is real: the runtime's two big files (wasm, standard library) are counted byte by
// byte as they stream in (stage "python"), then come the moments Pyodide and we can name:
// the runtime's file system is ready and Python starts (Pyodide's fsInit hook, stage
// "start"), Python is up and the game's modules are imported (stage "rules"), ready. Python's
// own start has no finer signal, so the bar waits there with its stage said in words.
//
// Start-up: Python's own initialisation is most of Pyodide's load time (its standard library
// is source, compiled at every start), so the worker starts from a memory snapshot of the
// interpreter with klubovna imported, keyed by the Pyodide version and the Python sources:
// the one it kept in Cache Storage after an earlier start, else the build's own
// (/py/engine-<key>.bin, gzip, made in Node by build/snapshot.ts: a first visit starts from
// it too). A snapshot that fails to load is dropped and the worker starts the ordinary way
// (and keeps a snapshot of that start). The Python sources and the build's snapshot's key
// come in one response, /py/manifest.json (python.ts).
import type { PyodideInterface } from "pyodide";
import { PLUGIN_MODULES } from "virtual:plugin-modules";
import { HOME, importsFor, MANIFEST_PATH, shippedSnapshotPath, snapshotKey as sourcesKey, type Manifest, type Sources } from "./python";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const PYODIDE = "/pyodide/";
const SNAPSHOTS = "klubovna-engine-snapshot";

// Bytes the runtime downloads (wasm + stdlib), used when a response has no Content-Length.
const EXPECTED: Record<string, number> = { "pyodide.asm.wasm": 9_600_000, "python_stdlib.zip": 2_550_000 };
/** The build's snapshot (gzip) as measureDownloads names it, and its size about. */
const SHIPPED = "engine snapshot";
const SHIPPED_BYTES = 6_400_000;

/** The loading stages in order, with where each starts on the bar (0..1). The download gets
 *  most of the bar: on a real connection it is most of a first visit's wait. */
const STAGES = { python: 0.03, start: 0.6, rules: 0.88 } as const;
type Stage = keyof typeof STAGES | "ready";

const IMPORTS = importsFor(PLUGIN_MODULES);

/** The glue between JSON text and the Python API; no rule lives here. */
const GLUE = `
from klubovna.tables import browser
from klubovna.tables.local import LocalHost

_host = LocalHost()

def create(table_id, request, seed, key):
    return _host.create(table_id, request, int(seed), key)

def handle(table_id, seat, message, now, robots):
    return _host.handle_seat(table_id, int(seat), message, int(now), bool(robots))

def robot_moves(table_id, now):
    return _host.robot_moves(table_id, int(now))

def leave(table_id, seat, now):
    return _host.leave(table_id, int(seat), int(now))

def tick(now):
    return _host.tick(int(now))

def close(table_id):
    _host.close(table_id)

def export(table_id):
    return _host.export(table_id)

def restore(snapshot):
    return _host.restore(snapshot)

def replay(table_id, seat):
    return _host.replay(table_id, int(seat))

def next_deadline():
    due = _host.next_deadline()
    return -1 if due is None else due

def browser_call(game, name, args):
    # A function the game offers the browser (its BROWSER tables), by name; no other.
    return browser.call(game, name, args)
`;

interface Glue {
  create(tableId: string, request: string, seed: string, key: string): string;
  handle(tableId: string, seat: number, message: string, now: number, robots: boolean): string;
  robot_moves(tableId: string, now: number): string;
  leave(tableId: string, seat: number, now: number): string;
  tick(now: number): string;
  close(tableId: string): void;
  export(tableId: string): string;
  restore(snapshot: string): string;
  replay(tableId: string, seat: number): string;
  next_deadline(): number;
  browser_call(game: string, name: string, args: string): string;
  /** Where this start came from: the snapshot kept in Cache Storage, the build's, or none. */
  start: Start;
}

type Start = "cache" | "build" | "fresh";
type Request = { id: number; op: string; args: unknown[] };

function progress(value: number, stage: Stage, bytes?: { loaded: number; total: number }): void {
  scope.postMessage({ event: "progress", value, stage, ...bytes });
}

// ------------------------------------------------------------------ loading

interface Downloads {
  /** Count the download of `url` too (about `size` bytes), as `name`. */
  expect(name: string, url: string, size: number): void;
  /** Stop counting. */
  done(): void;
}

/** Counts the bytes of the runtime's big downloads to report real progress. */
function measureDownloads(from: number, to: number): Downloads {
  const original = scope.fetch.bind(scope);
  const loaded = new Map<string, number>();
  const total = new Map<string, number>(Object.entries(EXPECTED));
  const urls = new Map<string, string>(Object.keys(EXPECTED).map((name) => [name, name]));
  const report = () => {
    let done = 0;
    let all = 0;
    for (const [name, size] of total) {
      all += size;
      done += Math.min(size, loaded.get(name) ?? 0);
    }
    progress(from + ((to - from) * done) / all, "python", { loaded: done, total: all });
  };
  scope.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await original(input, init);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const name = [...urls].find(([ending]) => url.endsWith(ending))?.[1];
    if (name === undefined || !response.ok || response.body === null) return response;
    const length = Number(response.headers.get("content-length"));
    if (length > 0) total.set(name, length);
    const reader = response.body.getReader();
    const counted = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        loaded.set(name, (loaded.get(name) ?? 0) + value.byteLength);
        report();
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return {
    expect(name, url, size) {
      urls.set(url, name);
      total.set(name, size);
    },
    done() {
      scope.fetch = original;
    },
  };
}

/** The Python sources and the build's snapshot's key (python.ts, Manifest); a key that is no
 *  SHA-256 hex is none. */
async function fetchManifest(): Promise<Manifest> {
  const url = `/${MANIFEST_PATH}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const { snapshot, sources } = (await response.json()) as Manifest;
  return { snapshot: typeof snapshot === "string" && /^[0-9a-f]{64}$/.test(snapshot) ? snapshot : null, sources };
}

function writeSources(pyodide: PyodideInterface, sources: Sources): void {
  for (const [path, text] of sources) {
    const full = `${HOME}/${path}`;
    pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    pyodide.FS.writeFile(full, text);
  }
}

// ------------------------------------------------------------------ snapshots

/** The snapshot's name in Cache Storage: it is valid for this Pyodide and these Python files
 *  only. */
function cacheKey(hex: string): string {
  return `/engine-snapshot/${hex}`;
}

const canSnapshot = typeof caches !== "undefined" && typeof crypto?.subtle !== "undefined";

async function readSnapshot(key: string): Promise<ArrayBuffer | null> {
  if (!canSnapshot) return null;
  try {
    const found = await (await caches.open(SNAPSHOTS)).match(key);
    return found ? await found.arrayBuffer() : null;
  } catch {
    return null;
  }
}

/** The build's snapshot for these sources (build/snapshot.ts), unpacked; null when the build
 *  has none for them (the dev server, other sources) or it cannot be read. */
async function readShipped(hex: string, downloads: Downloads): Promise<Uint8Array | null> {
  if (typeof DecompressionStream === "undefined") return null;
  const url = `/${shippedSnapshotPath(hex)}`;
  try {
    downloads.expect(SHIPPED, url, SHIPPED_BYTES);
    const response = await fetch(url);
    const type = response.headers.get("content-type") ?? "";
    if (!response.ok || response.body === null || type.startsWith("text/")) return null;
    const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(unpacked).arrayBuffer());
  } catch {
    return null;
  }
}

/** Keep `snapshot` as the only one (older ones belong to older code). */
async function saveSnapshot(key: string, snapshot: Uint8Array): Promise<void> {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) if (new URL(old.url).pathname !== key) await cache.delete(old);
    await cache.put(key, new Response(snapshot as Uint8Array<ArrayBuffer>, { headers: { "content-type": "application/octet-stream" } }));
  } catch (error) {
    console.warn("engine snapshot not saved:", error);
  }
}

async function forgetSnapshots(): Promise<void> {
  try {
    await caches.delete(SNAPSHOTS);
  } catch {
    /* nothing to forget */
  }
}

// ------------------------------------------------------------------ loading

type Loader = typeof import("pyodide");

async function startPython(loader: Loader, extra: Record<string, unknown>): Promise<PyodideInterface> {
  const pyodide = await loader.loadPyodide({
    indexURL: PYODIDE,
    packageBaseUrl: PYODIDE, // never the CDN default; we load no packages anyway
    stdout: () => {},
    stderr: (text) => console.warn(text),
    // Downloaded and compiled, the file system is ready: Python starts now.
    fsInit: async () => progress(STAGES.start, "start"),
    ...extra,
  });
  progress(STAGES.rules, "rules");
  return pyodide;
}

/** Pyodide with klubovna imported: from the snapshot when there is a good one. */
async function startEngine(): Promise<{ pyodide: PyodideInterface; start: Start }> {
  progress(STAGES.python, "python");
  const downloads = measureDownloads(STAGES.python, STAGES.start);
  try {
    return await startFrom(downloads);
  } finally {
    downloads.done();
  }
}

/** The snapshot to start from for the key `hex`: the one kept in Cache Storage, else the
 *  build's. Both are asked for, under the build's key (the manifest's), while the runtime
 *  loads and the sources are hashed; only a key that matches the sources' own is used. */
async function startFrom(downloads: Downloads): Promise<{ pyodide: PyodideInterface; start: Start }> {
  const manifest = fetchManifest();
  const early = manifest.then(async ({ snapshot: built }) => {
    if (built === null) return null;
    const cached = await readSnapshot(canSnapshot ? cacheKey(built) : "");
    return { built, cached, shipped: cached === null ? readShipped(built, downloads) : null };
  });
  const [loader, { sources }, guess] = await Promise.all([
    import(/* @vite-ignore */ `${PYODIDE}pyodide.mjs`) as Promise<Loader>,
    manifest,
    early,
  ]);
  const hex = typeof crypto?.subtle !== "undefined" ? await sourcesKey(loader.version, IMPORTS, sources) : null;
  const key = canSnapshot && hex !== null ? cacheKey(hex) : "";
  const matches = guess !== null && guess.built === hex;
  const cached = matches ? guess.cached : await readSnapshot(key);
  const saved = cached ?? (matches ? await guess.shipped : null);
  if (saved !== null) {
    try {
      const pyodide = await startPython(loader, { _loadSnapshot: saved });
      writeSources(pyodide, sources); // for any module imported later
      pyodide.runPython(IMPORTS);
      // The build's is kept as the worker's own: the next start skips the unpacking.
      if (cached === null && canSnapshot) void saveSnapshot(key, new Uint8Array(saved));
      return { pyodide, start: cached === null ? "build" : "cache" };
    } catch (error) {
      console.warn("engine snapshot dropped:", error);
      await forgetSnapshots();
    }
  }
  const pyodide = await startPython(loader, canSnapshot ? { _makeSnapshot: true } : {});
  writeSources(pyodide, sources);
  pyodide.runPython(IMPORTS);
  if (canSnapshot) {
    try {
      const snapshot = pyodide.makeMemorySnapshot();
      void saveSnapshot(key, snapshot);
    } catch (error) {
      console.warn("engine snapshot not made:", error);
    }
  }
  return { pyodide, start: "fresh" };
}

async function load(): Promise<Glue> {
  const { pyodide, start } = await startEngine();
  progress(0.97, "rules");
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(GLUE, { globals: namespace });
  const glue: Glue = {
    create: namespace.get("create"),
    handle: namespace.get("handle"),
    robot_moves: namespace.get("robot_moves"),
    leave: namespace.get("leave"),
    tick: namespace.get("tick"),
    close: namespace.get("close"),
    export: namespace.get("export"),
    restore: namespace.get("restore"),
    replay: namespace.get("replay"),
    next_deadline: namespace.get("next_deadline"),
    browser_call: namespace.get("browser_call"),
    start,
  };
  progress(1, "ready");
  return glue;
}

let engine: Promise<Glue> | null = null;

function ready(): Promise<Glue> {
  engine ??= load().catch((error) => {
    engine = null; // a later request tries again (e.g. back online after a failed first visit)
    throw error;
  });
  return engine;
}

// ------------------------------------------------------------------ deadlines

let timer: ReturnType<typeof setTimeout> | null = null;

/** Arm one timer for the earliest deadline of every local table (hard mode). */
function schedule(py: Glue): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const due = py.next_deadline();
  if (due < 0) return;
  timer = setTimeout(() => {
    timer = null;
    runTick(py, Date.now());
  }, Math.max(0, due - Date.now()));
}

function runTick(py: Glue, now: number): Record<string, Record<string, unknown[]>> {
  const out = JSON.parse(py.tick(now)) as Record<string, Record<string, unknown[]>>;
  for (const [tableId, messages] of Object.entries(out)) {
    scope.postMessage({ event: "table", tableId, messages });
  }
  schedule(py);
  return out;
}

/** The computer players' moves held back by a `robotsApart` message, sent as a table event. */
function moveRobots(py: Glue, tableId: string): void {
  try {
    const out = JSON.parse(py.robot_moves(tableId, Date.now())) as Record<string, unknown[]> | unknown[];
    if (!Array.isArray(out) && Object.values(out).some((messages) => messages.length > 0)) {
      scope.postMessage({ event: "table", tableId, messages: out });
    }
    schedule(py);
  } catch (error) {
    console.warn("computer players' moves failed:", error);
  }
}

// ------------------------------------------------------------------ operations

const OPS: Record<string, (py: Glue, ...args: never[]) => unknown> = {
  load: (py) => ({ snapshot: py.start !== "fresh", start: py.start }),
  createTable(py, tableId: string, request: string, seed: number, key: string) {
    const reply = JSON.parse(py.create(tableId, request, String(seed), key));
    schedule(py);
    return reply;
  },
  /** One message of a person's seat: {seat: [messages]} for every person's seat, or an
   *  error list. With `robotsApart` the computer players move after the answer has gone,
   *  their messages coming as a table event: a slow one thinks while the person does. */
  handle(py, tableId: string, message: string, now?: number, seat = 0, robotsApart = false) {
    const messages = JSON.parse(py.handle(tableId, seat, message, now ?? Date.now(), !robotsApart));
    schedule(py);
    if (robotsApart) queue = queue.then(() => moveRobots(py, tableId));
    return messages;
  },
  /** A person leaves a hot-seat table for good: answers like handle. */
  leaveTable(py, tableId: string, seat: number, now?: number) {
    const messages = JSON.parse(py.leave(tableId, seat, now ?? Date.now()));
    schedule(py);
    return messages;
  },
  tick: (py, now?: number) => runTick(py, now ?? Date.now()),
  /** The table's snapshot (JSON text, kept as text for sessionStorage), or its error list. */
  exportTable: (py, tableId: string) => py.export(tableId),
  restoreTable(py, snapshot: string) {
    const reply = JSON.parse(py.restore(snapshot));
    schedule(py);
    return reply;
  },
  /** A finished table's replay from a person's seat (klubovna.tables.replay), or its
   *  {"t": "error"} message. */
  replayTable: (py, tableId: string, seat: number) => JSON.parse(py.replay(tableId, seat)),
  closeTable(py, tableId: string) {
    py.close(tableId);
    schedule(py);
    return null;
  },
  /** A function the game offers the browser (klubovna.tables.browser): its answer. A name
   *  the game does not offer, or any Python error, rejects with the error's own line (not
   *  the traceback). */
  engineCall(py, game: string, name: string, args: unknown[]) {
    try {
      return JSON.parse(py.browser_call(game, name, JSON.stringify(args)));
    } catch (error) {
      const lines = (error instanceof Error ? error.message : String(error)).trim().split("\n");
      throw new Error(lines[lines.length - 1]);
    }
  },
};

// Requests run one after another in arrival order (a table sees its messages in order).
let queue: Promise<unknown> = Promise.resolve();

scope.onmessage = (event: MessageEvent<Request>) => {
  const { id, op, args } = event.data;
  queue = queue.then(async () => {
    try {
      const fn = OPS[op];
      if (fn === undefined) throw new Error(`unknown operation: ${op}`);
      const py = await ready();
      const result = (fn as (py: Glue, ...rest: unknown[]) => unknown)(py, ...(args ?? []));
      scope.postMessage({ id, ok: true, result });
    } catch (error) {
      scope.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  });
};
