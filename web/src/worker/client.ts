// The page's side of the engine worker (Pyodide running the pure klubovna packages).
// The worker starts on demand (a local table, scoring in the helper pages) and, so that
// offline play is ready quickly, once the page is idle after load; never before the first
// paint. Loading shows in the header (EngineStatus) and as the performance measure
// "klubovna:engine-load".
import type { Action, ClientMessage, ErrorMessage, ServerMessage } from "../net/protocol";
import { ReplayError, type ReplayData } from "../replay/types";

/** What the worker is loading: the Python runtime's files, Python starting, the game's
 *  modules (see engine.worker.ts). */
export type EngineStage = "python" | "start" | "rules";
const STAGE_ORDER: EngineStage[] = ["python", "start", "rules"];

export interface EngineState {
  phase: "idle" | "loading" | "ready" | "failed";
  /** 0..1 while loading; it only grows. */
  progress: number;
  /** While loading: the stage, and while the runtime downloads, its bytes so far and in all. */
  stage?: EngineStage;
  bytes?: { loaded: number; total: number };
  error?: string;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type WorkerMessage =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: string }
  | { event: "progress"; value: number; stage: EngineStage | "ready"; loaded?: number; total?: number }
  | { event: "table"; tableId: string; messages: BySeat };

/** A local table's messages for every person's seat (hot seat), by seat number. */
export type BySeat = Record<string, ServerMessage[]>;
/** The host's answer to a new or restored table: its id and the seats of people at this
 *  device (every seat but the computer players'). */
export type Created = { t: "created"; table: string; people: number[] };

let state: EngineState = { phase: "idle", progress: 0 };
const stateListeners = new Set<(state: EngineState) => void>();
let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();
/** Each local table's listeners, one per person's seat (one seat, or all of a hot seat). */
const tableListeners = new Map<string, Map<number, (messages: ServerMessage[]) => void>>();
let loading: Promise<void> | null = null;

function setState(next: EngineState): void {
  state = next;
  stateListeners.forEach((listener) => listener(state));
}

export function engineState(): EngineState {
  return state;
}

/** Subscribe to engine state changes; returns the unsubscribe function. */
export function onEngineState(listener: (state: EngineState) => void): () => void {
  stateListeners.add(listener);
  return () => void stateListeners.delete(listener);
}

function fail(message: string): void {
  for (const { reject } of pending.values()) reject(new Error(message));
  pending.clear();
  worker?.terminate();
  worker = null;
  loading = null;
  setState({ phase: "failed", progress: 0, error: message });
}

function startWorker(): Worker {
  if (worker !== null) return worker;
  const created = new Worker(new URL("./engine.worker.ts", import.meta.url), { type: "module", name: "klubovna-engine" });
  created.onmessage = (event: MessageEvent<WorkerMessage>) => {
    const data = event.data;
    if ("event" in data) {
      if (data.event === "progress") {
        if (state.phase === "loading") setState(loadingState(state, data));
      } else {
        deliverBySeat(data.tableId, data.messages);
      }
      return;
    }
    const waiting = pending.get(data.id);
    if (waiting === undefined) return;
    pending.delete(data.id);
    if (data.ok) waiting.resolve(data.result);
    else waiting.reject(new Error(data.error));
  };
  created.onerror = (event) => {
    event.preventDefault();
    fail(event.message || "the engine worker stopped");
  };
  worker = created;
  return created;
}

/** The next loading state: progress and stage never go back (a snapshot that fails to load
 *  makes the worker start again the ordinary way); bytes belong to the download only. */
function loadingState(
  current: EngineState,
  event: { value: number; stage: EngineStage | "ready"; loaded?: number; total?: number },
): EngineState {
  const known = STAGE_ORDER.indexOf(current.stage ?? "python");
  const stage = event.stage === "ready" ? "rules" : STAGE_ORDER[Math.max(known, STAGE_ORDER.indexOf(event.stage))];
  const bytes = stage === "python" && event.loaded !== undefined && event.total !== undefined
    ? { loaded: event.loaded, total: event.total }
    : stage === "python" ? current.bytes : undefined;
  return { phase: "loading", progress: Math.max(current.progress, event.value), stage, bytes };
}

function rpc<T>(op: string, ...args: unknown[]): Promise<T> {
  const target = startWorker();
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    target.postMessage({ id, op, args });
  });
}

/** Start the worker and load Pyodide + klubovna (idempotent); resolves when ready. */
export function loadEngine(): Promise<void> {
  if (loading !== null) return loading;
  performance.mark("klubovna:engine-start");
  setState({ phase: "loading", progress: 0, stage: "python" });
  const attempt: Promise<void> = rpc<{ snapshot: boolean; start: string }>("load").then(
    ({ snapshot, start }) => {
      try {
        // detail.snapshot: whether the worker started from a memory snapshot, detail.start from
        // which: "cache" (its own, kept after an earlier start), "build" (the build's, a
        // first visit) or "fresh" (none) (bench/web.py).
        performance.measure("klubovna:engine-load", { start: "klubovna:engine-start", detail: { snapshot, start } });
      } catch {
        /* an old browser without User Timing Level 3: no figure, same engine */
      }
      setState({ phase: "ready", progress: 1 });
    },
    (error: Error) => {
      if (loading === attempt) loading = null; // the next call tries again
      setState({ phase: "failed", progress: 0, error: error.message });
      throw error;
    },
  );
  loading = attempt;
  return attempt;
}

/** An operation in the worker, after the engine is loaded. */
async function call<T>(op: string, ...args: unknown[]): Promise<T> {
  await loadEngine();
  return rpc<T>(op, ...args);
}

/** `name(...args)` of the functions the game called `game` offers the browser (its `BROWSER`
 *  tables, klubovna.tables.browser), run in the worker, its answer as JSON (a tuple comes as
 *  a list). A name the game does not offer, or a Python error, rejects with its message.
 *  A game's folder calls it through `engineCaller`, typed by its generated `Browser`. */
export function engineCall(game: string, name: string, ...args: unknown[]): Promise<unknown> {
  return call("engineCall", game, name, args);
}

type Parameters_<F> = F extends (...args: infer A) => unknown ? A : never;
type Answer<F> = F extends (...args: never[]) => infer R ? R : never;

/** The functions `game` offers the browser, typed by its generated `Browser` interface
 *  (web/build/wire_types.py), e.g. `engineCaller<Browser>("zoliky-s-kameny")("judge", codes)`. */
export function engineCaller<B>(game: string) {
  return <K extends keyof B & string>(name: K, ...args: Parameters_<B[K]>): Promise<Answer<B[K]>> =>
    engineCall(game, name, ...args) as Promise<Answer<B[K]>>;
}

// ------------------------------------------------------------------ local tables (net/local.ts)

/** Create a table in the worker: `{"t": "created"}` or the engine's error message. */
export function createLocalTable(
  tableId: string,
  request: string,
  seed: number,
  key: string,
): Promise<Created | ErrorMessage> {
  return call("createTable", tableId, request, seed, key);
}

/** A local table as JSON text (its request, seed, key hash and log), to restore it after a
 *  reload; a JSON list with an error message if the worker has no such table. */
export function exportLocalTable(tableId: string): Promise<string> {
  return call("exportTable", tableId);
}

/** Rebuild a table from exportLocalTable's text: answers like createLocalTable. */
export function restoreLocalTable(snapshot: string): Promise<Created | ErrorMessage> {
  return call("restoreTable", snapshot);
}

/** The replay of a finished local table from a person's `seat` (klubovna.tables.local
 *  LocalHost.replay); rejects with a ReplayError (`not_over`, `bad_seat`, `unknown_table`). */
export async function localReplay(tableId: string, seat = 0): Promise<ReplayData> {
  const answer = await call<(ReplayData & { t: "replay" }) | ErrorMessage>("replayTable", tableId, seat);
  if (answer.t === "error") throw new ReplayError(answer.code, answer.message);
  return answer;
}

/** Hand every seat but `except` its messages (through its listener); a seat nobody
 *  listens to yet gets them with its hello. */
function deliverBySeat(tableId: string, bySeat: BySeat, except?: number): void {
  const listeners = tableListeners.get(tableId);
  for (const [seat, messages] of Object.entries(bySeat)) {
    if (Number(seat) !== except && messages.length > 0) listeners?.get(Number(seat))?.(messages);
  }
}

/** The sender's messages of an answer; the other seats' go to their listeners. */
function forSeat(tableId: string, seat: number, answer: BySeat | ServerMessage[]): ServerMessage[] {
  if (Array.isArray(answer)) return answer; // an error list: no such table or seat
  deliverBySeat(tableId, answer, seat);
  return answer[String(seat)] ?? [];
}

/** One client message of a person's `seat` (0 unless hot seat) to a local table: the
 *  messages it causes for that seat; every other person's seat gets its own through its
 *  listener (onLocalTable). */
export async function sendToLocalTable(
  tableId: string,
  message: ClientMessage,
  seat = 0,
  robotsApart = false,
): Promise<ServerMessage[]> {
  const answer = await call<BySeat | ServerMessage[]>("handle", tableId, JSON.stringify(message), Date.now(), seat, robotsApart);
  return forSeat(tableId, seat, answer);
}

/** A person's `seat` leaves a hot-seat table for good (the game's leave policy says what it
 *  becomes): its last messages; the other seats get theirs through their listeners. */
export async function leaveLocalTable(tableId: string, seat: number): Promise<ServerMessage[]> {
  const answer = await call<BySeat | ServerMessage[]>("leaveTable", tableId, seat, Date.now());
  return forSeat(tableId, seat, answer);
}

/** Messages for `seat` (0 unless hot seat) that its own messages did not cause: a deadline
 *  expired, another person's seat acted. */
export function onLocalTable(tableId: string, listener: (messages: ServerMessage[]) => void, seat = 0): () => void {
  let seats = tableListeners.get(tableId);
  if (seats === undefined) tableListeners.set(tableId, (seats = new Map()));
  seats.set(seat, listener);
  return () => {
    if (seats.get(seat) === listener) seats.delete(seat);
  };
}

/** A seat's connection closes; the table goes once no seat listens to it any more. */
export function closeLocalTable(tableId: string, seat = 0): void {
  const seats = tableListeners.get(tableId);
  seats?.delete(seat);
  if (seats !== undefined && seats.size > 0) return;
  tableListeners.delete(tableId);
  if (worker !== null) void rpc("closeTable", tableId).catch(() => {});
}

// ------------------------------------------------------------------ server reachability

let serverDown = false;
const serverListeners = new Set<() => void>();

/** Say whether the last request to the server got an answer (drives the offline badge). */
export function reportServer(reachable: boolean): void {
  if (serverDown === !reachable) return;
  serverDown = !reachable;
  serverListeners.forEach((listener) => listener());
}

/** True when the browser says it is offline or the last server request failed. */
export function isOffline(): boolean {
  return serverDown || (typeof navigator !== "undefined" && navigator.onLine === false);
}

export function onOfflineChange(listener: () => void): () => void {
  serverListeners.add(listener);
  addEventListener("online", listener);
  addEventListener("offline", listener);
  return () => {
    serverListeners.delete(listener);
    removeEventListener("online", listener);
    removeEventListener("offline", listener);
  };
}

// ------------------------------------------------------------------ preload

/** A game's setup is on screen (every game's Setup calls this): the person will most likely
 *  start a game, so the engine loads now, while they read the setup, instead of when they
 *  press start. It starts once the setup has painted and the page is idle (at the latest
 *  300 ms later), so it never delays the page; the worker does its work off the page's
 *  thread. Unlike the idle preload below it does not wait for the service worker: a first
 *  visit that cannot install it (or is still installing it) loads too. Nothing when the
 *  browser asks to save data; idempotent (one engine a tab). */
export function preloadEngine(): void {
  if (state.phase !== "idle" || preloadAsked) return;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  preloadAsked = true;
  const run = () => void loadEngine().catch(() => {}); // the header shows a failure
  if ("requestIdleCallback" in window) requestIdleCallback(run, { timeout: 300 });
  else setTimeout(run, 50);
}

let preloadAsked = false;


/** Load the engine once the page is idle after load (and, in production, once the service
 *  worker is active, so the runtime is downloaded once, into its precache). */
function preloadWhenIdle(): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const start = () => {
    const run = () => void loadEngine().catch(() => {}); // the header shows a failure
    if ("requestIdleCallback" in window) requestIdleCallback(run, { timeout: 3000 });
    else setTimeout(run, 200);
  };
  const afterLoad = () => {
    if (import.meta.env.PROD && "serviceWorker" in navigator) void navigator.serviceWorker.ready.then(start);
    else start();
  };
  if (document.readyState === "complete") afterLoad();
  else addEventListener("load", afterLoad, { once: true });
}

if (typeof window !== "undefined") {
  addEventListener("online", () => reportServer(true));
  preloadWhenIdle();
  // Browser tests set `__klubovnaTest` before the page loads to call the real functions.
  exposeForTests({ engineState, loadEngine, engineCall });
}

/** Add functions to `window.__klubovna` when a browser test asked for it (never otherwise). */
export function exposeForTests(functions: Record<string, unknown>): void {
  const page = window as unknown as { __klubovnaTest?: boolean; __klubovna?: Record<string, unknown> };
  if (page.__klubovnaTest) page.__klubovna = { ...page.__klubovna, ...functions };
}

export type { Action };
