// The page #/kostkovy-poker: the setup until a game runs, then the table. The local game runs
// in the browser's engine worker (computer players included), so it needs no server and
// works offline; it survives a reload of the tab (its snapshot, see net/local.ts). With more
// than one person at the device it is a hot-seat game: the board is wrapped in <HandOver>,
// which hides it between two people's turns.
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import { HandOver } from "../../components/HandOver";
import { openHotSeat, openLocalTable, resumeHotSeat, resumeLocalTable } from "../../net/local";
import type { TableRequest } from "../../net/protocol";
import { ApiError } from "../../net/remote";
import { seedParam } from "../../router";
import { KpSession } from "./session";
import { Setup } from "./Setup";
import { BOT_NAMES, loadLocalGame, loadSetup, saveLocalGame, saveSetup } from "./storage";
import { Table } from "./Table";
import type { BotName, KpSetup } from "./types";
import { errorText, localNames, nameOf } from "./words";

interface Running {
  session: KpSession;
  /** The people (seats 0..people-1) and the computer players after them. */
  people: number;
  bots: BotName[];
}

/** Who sits where in a saved game, from its create request: the people first, then the
 *  computer players (as localRequest seats them); null when it is not such a game. */
function seatsOf(snapshot: string): { people: number; bots: BotName[] } | null {
  try {
    const data = JSON.parse(snapshot) as { request?: { seats?: number; robots?: Record<string, string> } };
    const seats = data.request?.seats ?? 0;
    const robots = data.request?.robots ?? {};
    const people = seats - Object.keys(robots).length;
    const bots = Array.from({ length: seats - people }, (_, i) => robots[String(people + i)] as BotName);
    return people >= 1 && bots.every((bot) => BOT_NAMES.includes(bot)) ? { people, bots } : null;
  } catch {
    return null;
  }
}

function resume(): Running | null {
  const saved = loadLocalGame();
  if (!saved) return null;
  const seats = seatsOf(saved.snapshot);
  if (!seats) {
    saveLocalGame(null);
    return null;
  }
  // The hello asks for the events so far: the log is rebuilt from them.
  const conn = seats.people > 1 ? resumeHotSeat(saved, saveLocalGame, true) : resumeLocalTable(saved, saveLocalGame, true);
  return { session: new KpSession(conn), ...seats };
}

/** The create request of a local table: the people's seats first, then the computer
 *  players. */
export function localRequest(setup: KpSetup): TableRequest {
  const robots: Record<string, string> = {};
  setup.bots.forEach((bot, i) => (robots[String(setup.people + i)] = bot));
  return { game: "kostkovy-poker", seats: setup.people + setup.bots.length, chips: setup.chips, seconds: null, robots };
}

export function KpPage() {
  useLang();
  const [running, setRunning] = useState<Running | null>(resume);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [backFromGame, setBackFromGame] = useState(false);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const session = running?.session;
  useEffect(() => () => session?.close(), [session]);
  // A resumed table the worker could not rebuild: back to the setup, saying why.
  useEffect(
    () =>
      session?.subscribe(() => {
        if (session.fatal) {
          setFailure(t("kp.start.failed", { message: errorText(session.fatal.code, session.fatal.message) }));
          saveLocalGame(null);
          setRunning(null);
        }
      }),
    [session],
  );

  const start = async (setup: KpSetup) => {
    saveSetup(setup);
    setBusy(true);
    setFailure(null);
    const request = localRequest(setup);
    const seed = seedParam();
    if (seed !== null) request.seed = seed;
    try {
      const conn = setup.people > 1 ? await openHotSeat(request, saveLocalGame) : await openLocalTable(request, saveLocalGame);
      if (!mounted.current) return conn.close(); // the player left while the table opened
      const next = new KpSession(conn);
      next.act({ type: "start" });
      setRunning({ session: next, people: setup.people, bots: setup.bots });
    } catch (error) {
      const message = error instanceof ApiError ? errorText(error.code, error.message) : error instanceof Error ? error.message : String(error);
      if (mounted.current) setFailure(t("kp.start.failed", { message }));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const toSetup = () => {
    saveLocalGame(null);
    setRunning(null);
    setBackFromGame(true);
  };

  if (running) {
    const names = localNames(running.people, running.bots);
    return (
      <HandOver connection={running.session.conn} name={(seat) => nameOf(names, seat)}>
        <Table
          session={running.session}
          names={names}
          onAgain={() => {
            saveLocalGame(null);
            setRunning(null);
            void start(loadSetup());
          }}
          onSetup={toSetup}
        />
      </HandOver>
    );
  }
  return <Setup initial={loadSetup()} busy={busy} failure={failure} focusStart={backFromGame} onStart={start} />;
}
