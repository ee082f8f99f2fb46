// The page #/kostkovy-poker: the setup until a game runs, then the table. The solo game runs
// in the browser's engine worker (computer players included), so it needs no server and
// works offline; it survives a reload of the tab (its snapshot, see net/local.ts).
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import { openLocalTable, resumeLocalTable } from "../../net/local";
import type { TableRequest } from "../../net/protocol";
import { ApiError } from "../../net/remote";
import { hashParams } from "../../router";
import { KpSession } from "./session";
import { Setup } from "./Setup";
import { BOT_NAMES, loadLocalGame, loadSetup, saveLocalGame, saveSetup } from "./storage";
import { Table } from "./Table";
import type { BotName, KpSetup } from "./types";
import { errorText, soloNames } from "./words";

/** Tests name the dice with #/kostkovy-poker?seed=N. */
function seedFromHash(): number | null {
  const seed = hashParams().get("seed");
  return seed !== null && /^\d{1,15}$/.test(seed) ? Number(seed) : null;
}

interface Running {
  session: KpSession;
  /** The computer players by seat (seat 1 first). */
  bots: BotName[];
}

/** The computer players of a saved game, from its create request. */
function botsOf(snapshot: string): BotName[] | null {
  try {
    const data = JSON.parse(snapshot) as { request?: { seats?: number; robots?: Record<string, string> } };
    const seats = data.request?.seats ?? 0;
    const robots = data.request?.robots ?? {};
    const bots = Array.from({ length: seats - 1 }, (_, i) => robots[String(i + 1)] as BotName);
    return bots.every((bot) => BOT_NAMES.includes(bot)) ? bots : null;
  } catch {
    return null;
  }
}

function resume(): Running | null {
  const saved = loadLocalGame();
  if (!saved) return null;
  const bots = botsOf(saved.snapshot);
  if (!bots) {
    saveLocalGame(null);
    return null;
  }
  // The hello asks for the events so far: the log is rebuilt from them.
  return { session: new KpSession(resumeLocalTable(saved, saveLocalGame, true)), bots };
}

/** The create request of a solo table: seat 0 is the person, the rest computer players. */
export function soloRequest(setup: KpSetup): TableRequest {
  const robots: Record<string, string> = {};
  setup.bots.forEach((bot, i) => (robots[String(i + 1)] = bot));
  return { game: "kostkovy-poker", seats: setup.bots.length + 1, chips: setup.chips, seconds: null, robots };
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
    const request = soloRequest(setup);
    const seed = seedFromHash();
    if (seed !== null) request.seed = seed;
    try {
      const conn = await openLocalTable(request, saveLocalGame);
      if (!mounted.current) return conn.close(); // the player left while the table opened
      const next = new KpSession(conn);
      next.act({ type: "start" });
      setRunning({ session: next, bots: setup.bots });
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
    return (
      <Table
        session={running.session}
        names={soloNames(running.bots)}
        onAgain={() => {
          saveLocalGame(null);
          setRunning(null);
          void start(loadSetup());
        }}
        onSetup={toSetup}
      />
    );
  }
  return <Setup initial={loadSetup()} busy={busy} failure={failure} focusStart={backFromGame} onStart={start} />;
}
