// The page #/matematicky-poker: the setup until a game runs, then the game screen. A server
// game survives a reload of the tab (its ticket is kept in sessionStorage).
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { openTable } from "../net/open";
import { ApiError } from "../net/remote";
import type { TableRequest } from "../net/protocol";
import { hashParams } from "../router";
import { Game, errorText } from "./Game";
import { GameSession, resumeSession, ticketOf } from "./session";
import { Setup } from "./Setup";
import { loadSetup, loadTable, saveSetup, saveTable } from "./storage";
import type { Setup as SetupChoice } from "./types";

/** Tests name the deck with #/matematicky-poker?seed=N; a normal server refuses it. */
function seedFromHash(): number | null {
  const seed = hashParams().get("seed");
  return seed !== null && /^\d{1,15}$/.test(seed) ? Number(seed) : null;
}

type Failure = { code: string | null; message: string } | null;

export function MpPage() {
  useLang();
  const [session, setSession] = useState<GameSession | null>(() => {
    const saved = loadTable();
    return saved ? resumeSession(saved) : null;
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const [backFromGame, setBackFromGame] = useState(false);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  useEffect(() => () => session?.close(), [session]);
  // A resumed table the server no longer knows: back to the setup, saying why.
  useEffect(
    () =>
      session?.subscribe(() => {
        if (session.fatal) {
          setFailure({ code: session.fatal.code, message: session.fatal.message });
          setSession(null);
        }
      }),
    [session],
  );

  const start = async (setup: SetupChoice, seconds: number | null) => {
    saveSetup(setup);
    setBusy(true);
    setFailure(null);
    const request: TableRequest = { game: "matematicky-poker", mode: setup.mode, table: setup.table };
    if (seconds !== null) request.seconds = seconds;
    const seed = seedFromHash();
    if (seed !== null) request.seed = seed;
    try {
      const conn = await openTable(request);
      if (!mounted.current) return conn.close(); // the player left while the table opened
      const ticket = ticketOf(conn);
      const next = new GameSession(conn, ticket ? { ticket, lastSeq: 0 } : null);
      next.act({ type: "start" });
      setSession(next);
    } catch (error) {
      if (error instanceof ApiError) setFailure({ code: error.code, message: error.message });
      else setFailure({ code: null, message: error instanceof Error ? error.message : String(error) });
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const again = () => {
    saveTable(null);
    setSession(null);
    setBackFromGame(true);
  };

  if (session) return <Game session={session} onAgain={again} />;
  const reason = failure && (failure.code ? errorText(failure.code, failure.message) : failure.message);
  return (
    <Setup
      initial={loadSetup()}
      busy={busy}
      failure={reason ? t("mp.start.failed", { message: reason }) : null}
      focusStart={backFromGame}
      onStart={start}
    />
  );
}
