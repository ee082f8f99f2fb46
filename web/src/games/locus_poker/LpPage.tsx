// The page #/locus-poker: the setup until a game runs, then the table. Both modes run in the
// browser's engine worker (no server, offline too) and are saved apart in this browser
// (storage.ts), so each goes on where it was after a reload. Nothing in this game is hidden
// from either player, so on one device the screen passes from one person to the other at
// once (no hand-over screen). Against the computer the opponent's move shows after a short
// pause (session.ts), and a win over an opponent is noted in the browser's record.
import { useEffect, useRef, useState } from "preact/hooks";
import { BOTS } from "virtual:game-data/locus_poker";
import { t, useLang } from "../../i18n";
import { HotSeatTable, openHotSeat, openLocalTable, randomSeed, resumeHotSeat, resumeLocalTable } from "../../net/local";
import type { TableConnection, TableRequest } from "../../net/protocol";
import { ApiError } from "../../net/remote";
import { hashParams, seedParam } from "../../router";
import { LpSession } from "./session";
import { Setup } from "./Setup";
import { loadSetup, noteBeaten, saveSetup, slot, type LpSetup, type Mode } from "./storage";
import { Table } from "./Table";
import { errorText, localNames, opponentLevel, opponentName } from "./words";

const GAME = "locus-poker";
/** How long the player's own move stays on screen before the computer's shows (ms);
 *  `?pace=0` in the hash turns the pause off (the browser tests). */
const PACE = 900;

function pace(mode: Mode): number {
  if (mode !== "computer") return 0;
  const asked = hashParams().get("pace");
  return asked !== null && /^\d{1,5}$/.test(asked) ? Number(asked) : PACE;
}

interface Running {
  session: LpSession;
  mode: Mode;
  grid: string;
  /** The computer player (against the computer), else null. */
  bot: string | null;
  round: number;
  /** Kept for every next game, so the first player alternates from a random first one. */
  series: number;
}

/** The create request: against the computer it sits in seat 1. */
function request(setup: LpSetup, round: number, series: number): TableRequest {
  const asked: TableRequest = { game: GAME, seats: 2, grid: setup.grid, round, series };
  if (setup.mode === "computer") asked.robots = { "1": BOTS[setup.level] };
  return asked;
}

/** Who sits where in a saved game, from its create request. */
function seatsOf(snapshot: string): { bot: string | null; round: number; series: number; grid: string } | null {
  try {
    const data = JSON.parse(snapshot) as { request?: { round?: number; series?: number; grid?: string; robots?: Record<string, string> } };
    const bot = data.request?.robots?.["1"] ?? null;
    if (bot !== null && !BOTS.includes(bot)) return null;
    const round = data.request?.round ?? 1;
    return { bot, round, series: data.request?.series ?? randomSeed(), grid: data.request?.grid ?? "" };
  } catch {
    return null;
  }
}

/** Nothing is hidden in this game: a hot-seat table hands over to the next person at once. */
function passAtOnce(conn: TableConnection): () => void {
  if (!(conn instanceof HotSeatTable)) return () => {};
  return conn.onHandOver((state) => {
    if (state.next !== null) queueMicrotask(() => conn.reveal());
  });
}

function session(conn: TableConnection, mode: Mode): LpSession {
  const made = new LpSession(conn, pace(mode));
  const stop = passAtOnce(conn);
  const close = made.close.bind(made);
  made.close = () => {
    stop();
    close();
  };
  return made;
}

function resume(mode: Mode): Running | null {
  const table = slot(mode);
  const saved = table.load();
  if (!saved) return null;
  const seats = seatsOf(saved.snapshot);
  if (!seats || (seats.bot === null) !== (mode === "local")) {
    table.save(null);
    return null;
  }
  const conn = mode === "local" ? resumeHotSeat(saved, table.save) : resumeLocalTable(saved, table.save);
  return { session: session(conn, mode), mode, ...seats };
}

export function LpPage() {
  useLang();
  const [running, setRunning] = useState<Running | null>(() => resume(loadSetup().mode));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [backFromGame, setBackFromGame] = useState(false);
  const [firstWin, setFirstWin] = useState<string | null>(null);
  const [, refresh] = useState(0);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const current = running?.session;
  useEffect(() => () => current?.close(), [current]);
  useEffect(
    () =>
      current?.subscribe(() => {
        refresh((n) => n + 1); // the menu button goes at the end
        const view = current.view;
        // a win over the computer goes into this browser's record (once per opponent)
        if (running?.bot && view?.over && view.result?.winner === view.seat && noteBeaten(running.bot)) setFirstWin(running.bot);
        if (current.fatal && running) {
          setFailure(t("lp.start.failed", { message: errorText(current.fatal.code, current.fatal.message) }));
          slot(running.mode).save(null);
          setRunning(null);
        }
      }),
    [current],
  );

  /** Game `round` of a series (`series`: the one kept since its first game, none for a new one). */
  const open = async (setup: LpSetup, round: number, kept?: number) => {
    setBusy(true);
    setFailure(null);
    setFirstWin(null);
    const table = slot(setup.mode);
    const seed = seedParam();
    const series = kept ?? seed ?? randomSeed();
    const asked = request(setup, round, series);
    if (seed !== null) asked.seed = seed + round - 1;
    try {
      const conn: TableConnection = setup.mode === "local" ? await openHotSeat(asked, table.save) : await openLocalTable(asked, table.save);
      if (!mounted.current) return conn.close();
      const next = session(conn, setup.mode);
      next.start();
      const bot = setup.mode === "computer" ? BOTS[setup.level] : null;
      setRunning({ session: next, mode: setup.mode, grid: setup.grid, bot, round, series });
    } catch (error) {
      const message = error instanceof ApiError ? errorText(error.code, error.message) : error instanceof Error ? error.message : String(error);
      if (mounted.current) setFailure(t("lp.start.failed", { message }));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const start = (setup: LpSetup, fresh: boolean) => {
    saveSetup(setup);
    if (fresh) slot(setup.mode).save(null);
    const saved = resume(setup.mode);
    if (saved) setRunning(saved);
    else void open(setup, 1);
  };

  /** Back to the setup; the game stays saved (Start goes on with it). */
  const toMenu = () => {
    if (running) saveSetup({ ...loadSetup(), mode: running.mode });
    setRunning(null);
    setBackFromGame(true);
  };

  const toSetup = () => {
    if (running) slot(running.mode).save(null);
    setRunning(null);
    setBackFromGame(true);
  };

  if (running) {
    const names = localNames(running.bot);
    const level = running.bot === null ? -1 : opponentLevel(running.bot);
    const over = running.session.view?.over === true;
    return (
      <Table
        session={running.session}
        names={names}
        frame={{
          faces: running.bot === null ? undefined : [null, level],
          side: !over && (
            <section class="lp-menu" aria-label={t("lp.game.menu")}>
              <button type="button" class="chip" onClick={toMenu}>{t("lp.game.menu")}</button>
            </section>
          ),
          endNote: firstWin && <p class="lp-first-win">{t("lp.end.beaten", { name: opponentName(firstWin) })}</p>,
          end: (
            <>
              <button
                type="button"
                class="primary"
                onClick={() => {
                  running.session.close();
                  const grid = running.session.view?.grid ?? running.grid;
                  void open({ mode: running.mode, grid, level: Math.max(0, level) }, running.round + 1, running.series);
                }}
              >
                {t("lp.end.again")}
              </button>
              <button type="button" onClick={toSetup}>{t("lp.end.setup")}</button>
            </>
          ),
        }}
      />
    );
  }
  return (
    <Setup
      initial={loadSetup()}
      busy={busy}
      failure={failure}
      focusStart={backFromGame}
      saved={(mode) => slot(mode).load() !== null}
      onStart={start}
    />
  );
}
