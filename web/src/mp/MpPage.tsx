// The page #/matematicky-poker: the setup until a game runs, then the game screen. A server
// game survives a reload of the tab (its ticket is kept in sessionStorage), and so does a local
// one (its snapshot, see net/local.ts). A ranked game is
// started on the server only: without a server it says so instead of playing locally.
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { openTable } from "../net/open";
import { ApiError, ServerUnreachable, type CreatedTicket } from "../net/remote";
import type { TableRequest } from "../net/protocol";
import { useConsentGate } from "../privacy/ConsentDialog";
import { loadGameMeta, saveGameMeta, startServerGame, type GameMeta } from "../profile/games";
import { profileKey } from "../profile/store";
import { hashParams } from "../router";
import { Game, errorText } from "./Game";
import { GameSession, resumeLocalSession, resumeSession, ticketOf } from "./session";
import { Setup, type SetupKind } from "./Setup";
import { loadLocalTable, loadSetup, loadTable, saveSetup, saveTable } from "./storage";
import type { Setup as SetupChoice } from "./types";

/** Tests name the deck with #/matematicky-poker?seed=N; a normal server refuses it. */
function seedFromHash(): number | null {
  const seed = hashParams().get("seed");
  return seed !== null && /^\d{1,15}$/.test(seed) ? Number(seed) : null;
}

/** `message` is already in words when `code` is null. */
type Failure = { code: string | null; message: string; plain?: boolean } | null;

/** #/matematicky-poker?hra=zebricek opens the setup on the ranked game. */
function kindFromHash(): SetupKind {
  return hashParams().get("hra") === "zebricek" ? "ranked" : "solo";
}

export function MpPage() {
  useLang();
  const [meta, setMeta] = useState<GameMeta | null>(() => loadGameMeta(loadTable()?.ticket.table));
  const [session, setSession] = useState<GameSession | null>(() => {
    const saved = loadTable();
    if (!saved) {
      const local = loadLocalTable();
      return local ? resumeLocalSession(local) : null;
    }
    // A daily attempt resumes on its own page.
    if (loadGameMeta(saved.ticket.table)?.kind === "daily") return null;
    return resumeSession(saved);
  });
  const [kind, setKind] = useState<SetupKind>(() => (meta?.kind === "ranked" ? "ranked" : kindFromHash()));
  const gate = useConsentGate();
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

  const startRanked = async (setup: SetupChoice, seconds: number | null) => {
    const key = profileKey();
    if (!key) return setFailure({ code: null, message: t("ranked.needs.profile"), plain: true });
    setBusy(true);
    setFailure(null);
    try {
      const consent = await gate.ensure(key);
      if (consent === undefined || !mounted.current) return;
      const request: TableRequest = { game: "matematicky-poker", mode: setup.mode, table: "adjacent" };
      if (seconds !== null) request.seconds = seconds;
      const seed = seedFromHash();
      if (seed !== null) request.seed = seed;
      const started = await startServerGame(request, "ranked", consent);
      if (!mounted.current) return started.session.close();
      setMeta(started.meta);
      setSession(started.session);
    } catch (error) {
      if (error instanceof ServerUnreachable) setFailure({ code: null, message: t("ranked.needs.server"), plain: true });
      else if (error instanceof ApiError) setFailure({ code: error.code, message: error.message });
      else setFailure({ code: null, message: error instanceof Error ? error.message : String(error) });
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const start = async (setup: SetupChoice, seconds: number | null, chosen: SetupKind) => {
    saveSetup(setup);
    setKind(chosen);
    if (chosen === "ranked") return startRanked(setup, seconds);
    setBusy(true);
    setFailure(null);
    const request: TableRequest = { game: "matematicky-poker", mode: setup.mode, table: setup.table };
    if (seconds !== null) request.seconds = seconds;
    const seed = seedFromHash();
    if (seed !== null) request.seed = seed;
    try {
      const conn = await openTable(request);
      if (!mounted.current) return conn.close(); // the player left while the table opened
      const ticket = ticketOf(conn) as CreatedTicket | null;
      const solo: GameMeta | null = ticket ? { table: ticket.table, kind: "solo", recorded: ticket.recorded === true } : null;
      saveGameMeta(solo);
      setMeta(solo);
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
    saveGameMeta(null);
    setSession(null);
    setBackFromGame(true);
  };

  if (session) return <Game session={session} onAgain={again} meta={meta} />;
  const reason = failure && (failure.code ? errorText(failure.code, failure.message) : failure.message);
  return (
    <>
      <Setup
        initial={loadSetup()}
        busy={busy}
        failure={reason ? (failure?.plain ? reason : t("mp.start.failed", { message: reason })) : null}
        focusStart={backFromGame}
        initialKind={kind}
        onStart={start}
      />
      {gate.dialog}
    </>
  );
}
