// The page #/mathesso: the setup until a game runs, then the table. The game runs in the
// browser's engine worker (no server, offline too), 1–6 players on this device, people and
// computer players, and is saved in this browser (storage.ts), so a reload goes on with it.
// Nothing on a Mathesso table is one player's secret, so with several people the screen
// passes from one to the next at once (no hand-over screen): the big name says whose turn.
import { useEffect, useRef, useState } from "preact/hooks";
import { BOTS } from "virtual:game-data/mathesso";
import { t, useLang } from "../../i18n";
import { HotSeatTable, openHotSeat, resumeHotSeat } from "../../net/local";
import type { TableRequest } from "../../net/protocol";
import { ApiError } from "../../net/remote";
import { seedParam } from "../../router";
import { MaSession } from "./session";
import { Setup } from "./Setup";
import { loadNames, loadSetup, localGame, saveNames, saveSetup, type MaSetup } from "./storage";
import { Table } from "./Table";
import { errorText, namesOf } from "./words";

const GAME = "mathesso";

interface Running {
  session: MaSession;
  names: string[];
  computers: Set<number>;
}

/** The create request: the setup's rows are the seats, computer players named in `robots`. */
function request(setup: MaSetup): TableRequest {
  const robots: Record<string, string> = {};
  setup.players.forEach((player, seat) => {
    if (player.level !== null) robots[String(seat)] = BOTS[player.level];
  });
  const asked: TableRequest = { game: GAME, seats: setup.players.length, variant: setup.variant, robots };
  // (an add-on is named only when it is on: a variant without it refuses the setting)
  if (setup.cjv) asked.cjv = true;
  if (setup.faktorial) asked.faktorial = true;
  return asked;
}

/** The computer players' seats of a saved game, from its create request. */
function computersOf(snapshot: string): { seats: number; computers: Set<number> } | null {
  try {
    const data = JSON.parse(snapshot) as { request?: { game?: string; seats?: number; robots?: Record<string, string> } };
    const seats = data.request?.seats ?? 0;
    const robots = data.request?.robots ?? {};
    if (data.request?.game !== GAME || seats < 1 || !Object.values(robots).every((bot) => BOTS.includes(bot))) return null;
    return { seats, computers: new Set(Object.keys(robots).map(Number)) };
  } catch {
    return null;
  }
}

/** With nothing secret on the table the next person's seat is shown at once. */
function passOn(session: MaSession): () => void {
  const conn = session.conn;
  if (!(conn instanceof HotSeatTable)) return () => {};
  return conn.onHandOver((state) => {
    if (state.next !== null) queueMicrotask(() => conn.reveal());
  });
}

function resume(): Running | null {
  const saved = localGame.load();
  if (!saved) return null;
  const seats = computersOf(saved.snapshot);
  if (!seats) {
    localGame.save(null);
    return null;
  }
  const stored = loadNames();
  const names = stored?.length === seats.seats ? stored : Array.from({ length: seats.seats }, (_, i) => t("ma.player", { n: i + 1 }));
  const conn = resumeHotSeat(saved, localGame.save);
  return { session: new MaSession(conn, (seat) => seats.computers.has(seat)), names, computers: seats.computers };
}

export function MaPage() {
  useLang();
  const [running, setRunning] = useState<Running | null>(resume);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [backFromGame, setBackFromGame] = useState(false);
  const [, refresh] = useState(0);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const session = running?.session;
  useEffect(() => () => session?.close(), [session]);
  useEffect(() => (session ? passOn(session) : undefined), [session]);
  useEffect(() => {
    let over = session?.view?.over === true;
    return session?.subscribe(() => {
      // the way back to the menu goes at the end
      if (over !== (session.view?.over === true)) refresh((n) => n + 1);
      over = session.view?.over === true;
      if (session.fatal) {
        setFailure(t("ma.start.failed", { message: errorText(session.fatal.code, session.fatal.message) }));
        localGame.save(null);
        setRunning(null);
      }
    });
  }, [session]);

  const open = async (setup: MaSetup) => {
    setBusy(true);
    setFailure(null);
    const asked = request(setup);
    const seed = seedParam();
    if (seed !== null) asked.seed = seed;
    try {
      const conn = await openHotSeat(asked, localGame.save);
      if (!mounted.current) return conn.close();
      const computers = new Set(setup.players.flatMap((p, seat) => (p.level === null ? [] : [seat])));
      const names = namesOf(setup.players);
      saveNames(names);
      const next = new MaSession(conn, (seat) => computers.has(seat));
      next.start();
      setRunning({ session: next, names, computers });
    } catch (error) {
      const message = error instanceof ApiError ? errorText(error.code, error.message) : error instanceof Error ? error.message : String(error);
      if (mounted.current) setFailure(t("ma.start.failed", { message }));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const start = (setup: MaSetup, fresh: boolean) => {
    saveSetup(setup);
    if (fresh) localGame.save(null);
    const saved = resume();
    if (saved) setRunning(saved);
    else void open(setup);
  };

  /** Back to the setup; the game stays saved (Start goes on with it). */
  const toMenu = () => {
    setRunning(null);
    setBackFromGame(true);
  };

  if (running) {
    const over = running.session.view?.over === true;
    return (
      <Table
        session={running.session}
        names={running.names}
        here={(seat) => !running.computers.has(seat)}
        frame={{
          side: !over && <button type="button" class="chip ma-menu" onClick={toMenu}>{t("ma.menu")}</button>,
          end: (
            <>
              <button
                type="button"
                class="primary"
                onClick={() => {
                  running.session.close();
                  localGame.save(null);
                  setRunning(null);
                  void open(loadSetup());
                }}
              >
                {t("ma.end.again")}
              </button>
              <button
                type="button"
                onClick={() => {
                  localGame.save(null);
                  setRunning(null);
                  setBackFromGame(true);
                }}
              >
                {t("ma.end.setup")}
              </button>
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
      saved={localGame.load() !== null}
      onStart={start}
    />
  );
}
