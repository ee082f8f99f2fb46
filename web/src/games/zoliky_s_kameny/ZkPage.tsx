// The page #/zoliky-s-kameny: the setup until a game runs, then the table. Both modes run in
// the browser's engine worker (no server, offline too) and are saved apart in this browser
// (storage.ts), so each goes on where it was, unconfirmed edits included. On one device the
// board is wrapped in <HandOver>, which hides the rack between two people's turns (and before
// the first one's, so the first player is handed the device too). Against
// the computer its level may change during the game: the table is rebuilt from its snapshot
// with the other computer player in its seat, so the position stays.
import { useEffect, useRef, useState } from "preact/hooks";
import { BOTS } from "virtual:game-data/zoliky_s_kameny";
import { Dialog } from "../../components/Dialog";
import { HandOver } from "../../components/HandOver";
import { t, useLang } from "../../i18n";
import { openHotSeat, openLocalTable, resumeHotSeat, resumeLocalTable, type LocalTable } from "../../net/local";
import type { TableConnection, TableRequest } from "../../net/protocol";
import { ApiError } from "../../net/remote";
import { seedParam } from "../../router";
import { exportLocalTable } from "../../worker/client";
import { LevelPills } from "./Levels";
import { ZkSession } from "./session";
import { Setup } from "./Setup";
import { loadSetup, saveSetup, slot, type Mode, type ZkSetup } from "./storage";
import { Table } from "./Table";
import { errorText, levelName, localNames } from "./words";

const GAME = "zoliky-s-kameny";

interface Running {
  session: ZkSession;
  mode: Mode;
  people: number;
  /** The computer player (against the computer), else null. */
  bot: string | null;
  round: number;
}

/** The create request: against the computer it sits in seat 1. */
function request(setup: ZkSetup, round: number): TableRequest {
  if (setup.mode === "computer") return { game: GAME, seats: 2, round, robots: { "1": BOTS[setup.level] } };
  return { game: GAME, seats: setup.people, round };
}

/** Who sits where in a saved game, from its create request. */
function seatsOf(snapshot: string): { people: number; bot: string | null; round: number } | null {
  try {
    const data = JSON.parse(snapshot) as { request?: { seats?: number; round?: number; robots?: Record<string, string> } };
    const seats = data.request?.seats ?? 0;
    const bot = data.request?.robots?.["1"] ?? null;
    const round = data.request?.round ?? 1;
    if (bot !== null && !BOTS.includes(bot)) return null;
    return seats >= 2 ? { people: bot === null ? seats : 1, bot, round } : null;
  } catch {
    return null;
  }
}

function resume(mode: Mode): Running | null {
  const { table, turn } = slot(mode);
  const saved = table.load();
  if (!saved) return null;
  const seats = seatsOf(saved.snapshot);
  if (!seats || (seats.bot === null) !== (mode === "local")) {
    table.save(null);
    return null;
  }
  // on one device the first screen is a hand-over too: the rack shows to its player only
  const conn = mode === "local" ? resumeHotSeat(saved, table.save, false, true) : resumeLocalTable(saved, table.save);
  return { session: new ZkSession(conn, turn), mode, ...seats };
}

export function ZkPage() {
  useLang();
  const [running, setRunning] = useState<Running | null>(() => resume(loadSetup().mode));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [backFromGame, setBackFromGame] = useState(false);
  const [choosing, setChoosing] = useState<number | null>(null);
  const [, refresh] = useState(0);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const session = running?.session;
  useEffect(() => () => session?.close(), [session]);
  useEffect(
    () =>
      session?.subscribe(() => {
        refresh((n) => n + 1); // the level's button goes at the end of a round
        if (session.fatal && running) {
          setFailure(t("zk.start.failed", { message: errorText(session.fatal.code, session.fatal.message) }));
          slot(running.mode).table.save(null);
          setRunning(null);
        }
      }),
    [session],
  );

  const open = async (setup: ZkSetup, round: number) => {
    setBusy(true);
    setFailure(null);
    const { table, turn } = slot(setup.mode);
    turn.save(null);
    const asked = request(setup, round);
    const seed = seedParam();
    if (seed !== null) asked.seed = seed + round - 1;
    try {
      const conn: TableConnection = setup.mode === "local" ? await openHotSeat(asked, table.save, true) : await openLocalTable(asked, table.save);
      if (!mounted.current) return conn.close();
      const next = new ZkSession(conn, turn);
      next.start();
      const bot = setup.mode === "computer" ? BOTS[setup.level] : null;
      setRunning({ session: next, mode: setup.mode, people: setup.mode === "local" ? setup.people : 1, bot, round });
    } catch (error) {
      const message = error instanceof ApiError ? errorText(error.code, error.message) : error instanceof Error ? error.message : String(error);
      if (mounted.current) setFailure(t("zk.start.failed", { message }));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const start = (setup: ZkSetup, fresh: boolean) => {
    saveSetup(setup);
    if (fresh) slot(setup.mode).table.save(null);
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
    if (running) slot(running.mode).table.save(null);
    if (running) slot(running.mode).turn.save(null);
    setRunning(null);
    setBackFromGame(true);
  };

  /** The same position with the computer at `level`: its snapshot with the other player. */
  const changeLevel = async (level: number) => {
    setChoosing(null);
    if (!running || running.bot === null || BOTS[level] === running.bot) return;
    const conn = running.session.conn as LocalTable;
    const { table, turn } = slot("computer");
    const snapshot = JSON.parse(await exportLocalTable(conn.table)) as { request: { robots: Record<string, string> } };
    snapshot.request.robots = { "1": BOTS[level] };
    const saved = { key: table.load()?.key ?? "", snapshot: JSON.stringify(snapshot) };
    if (!saved.key) return;
    table.save(saved);
    saveSetup({ ...loadSetup(), mode: "computer", level });
    running.session.close();
    setRunning({ ...running, session: new ZkSession(resumeLocalTable(saved, table.save), turn), bot: BOTS[level] });
  };

  if (running) {
    const names = localNames(running.people, running.bot);
    const level = running.bot === null ? -1 : BOTS.indexOf(running.bot);
    const over = running.session.view?.over === true;
    const side = (
      <section class="zk-level-side" aria-label={t("zk.game.menu")}>
        {running.bot !== null && !over && (
          <p>
            {t("zk.level")}: <strong>{levelName(running.bot)}</strong>{" "}
            <button type="button" class="chip" onClick={() => setChoosing(level)}>{t("zk.level.change")}</button>
          </p>
        )}
        {!over && <button type="button" class="chip" onClick={toMenu}>{t("zk.game.menu")}</button>}
      </section>
    );
    return (
      <>
        <HandOver connection={running.session.conn} name={(seat) => names[seat]}>
          <Table
            session={running.session}
            names={names}
            hint
            frame={{
              side,
              people: running.mode === "local" ? Array.from({ length: running.people }, (_, seat) => seat) : undefined,
              end: (
                <>
                  <button
                    type="button"
                    class="primary"
                    onClick={() => {
                      running.session.close();
                      void open({ ...loadSetup(), mode: running.mode, people: running.people, level: Math.max(0, level) }, running.round + 1);
                    }}
                  >
                    {t("zk.end.again")}
                  </button>
                  <button type="button" onClick={toSetup}>{t("zk.end.setup")}</button>
                </>
              ),
            }}
          />
        </HandOver>
        {choosing !== null && (
          <Dialog title={t("zk.level.change")} onClose={() => setChoosing(null)}>
            <p>{t("zk.level.change.text")}</p>
            <LevelPills name="zk-level-change" value={choosing} onChoose={setChoosing} />
            <p class="zk-dialog-buttons">
              <button type="button" class="primary" onClick={() => void changeLevel(choosing)}>{t("zk.level.apply")}</button>
              <button type="button" onClick={() => setChoosing(null)}>{t("zk.level.cancel")}</button>
            </p>
          </Dialog>
        )}
      </>
    );
  }
  return (
    <Setup
      initial={loadSetup()}
      busy={busy}
      failure={failure}
      focusStart={backFromGame}
      saved={(mode) => slot(mode).table.load() !== null}
      onStart={start}
    />
  );
}
