// The page #/matematicky-poker: the setup until a game runs, then the game screen. The
// unfinished game belongs to the device (storage.ts): the tab that plays it goes straight
// back into it after a reload; any other tab offers it first ("Pokračovat v rozehrané hře"),
// and declining leaves it as "Nová hra" during the game does. A ranked game is started on the
// server only: without a server it says so instead of playing locally; without a profile it
// explains why and offers to create one. A duel against the computer is always a local table
// (the engine worker seats the computer: variant "duel", seat 1 a robot), so it plays offline.
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import { openTable } from "../../net/open";
import { openLocalTable } from "../../net/local";
import { ApiError, ServerUnreachable, type CreatedTicket } from "../../net/remote";
import type { TableRequest } from "../../net/protocol";
import { useConsentGate } from "../../privacy/ConsentDialog";
import { loadGameMeta, saveGameMeta, startServerGame, type GameMeta } from "./serverGames";
import { profileKey } from "../../profile/store";
import { hashParams, seedParam } from "../../router";
import type { SavedLocalTable } from "../../storage";
import { LeaveDialog } from "./Dialogs";
import { Game, errorText } from "./Game";
import { RankedProfileDialog } from "./RankedProfile";
import {
  GameSession,
  abandonSaved,
  playedElsewhere,
  resumeLocalSession,
  resumeSession,
  tableIdOf,
  ticketOf,
} from "./session";
import { Setup, type ResumeOffer, type SetupKind } from "./Setup";
import { ComputerDuel } from "./ComputerDuel";
import {
  DEFAULT_SETUP,
  claim,
  claimed,
  computerLevel,
  loadLocalTable,
  loadSetup,
  loadTable,
  localTableId,
  saveLocalTable,
  saveSetup,
  saveTable,
  setupOf,
  type SavedTable,
  type SetupFields,
} from "./storage";
import type { Level, Setup as SetupChoice } from "./types";

/** `message` is already in words when `code` is null. */
type Failure = { code: string | null; message: string; plain?: boolean } | null;

/** #/matematicky-poker?hra=zebricek opens the setup on the ranked game, ?hra=pocitac on the
 *  duel against the computer. */
function kindFromHash(): SetupKind {
  const asked = hashParams().get("hra");
  return asked === "zebricek" ? "ranked" : asked === "pocitac" ? "computer" : "solo";
}

/** The unfinished game of this device, as the page finds it when it opens. */
type Unfinished =
  | { where: "remote"; table: string; saved: SavedTable; meta: GameMeta | null; computer: null }
  | { where: "local"; table: string; saved: SavedLocalTable; meta: null; computer: Level | null };

function findUnfinished(): Unfinished | null {
  const saved = loadTable();
  if (saved) {
    const meta = loadGameMeta(saved.ticket.table);
    // A daily attempt resumes on its own page.
    return meta?.kind === "daily" ? null : { where: "remote", table: saved.ticket.table, saved, meta, computer: null };
  }
  const local = loadLocalTable();
  const table = local && localTableId(local);
  return local && table ? { where: "local", table, saved: local, meta: null, computer: computerLevel(local) } : null;
}

function resume(found: Unfinished): GameSession {
  claim(found.table);
  return found.where === "remote" ? resumeSession(found.saved) : resumeLocalSession(found.saved, found.computer !== null);
}

/** Forget the unfinished game of this device (after it ended, was left or declined). */
function forget(): void {
  saveTable(null);
  saveLocalTable(null);
  saveGameMeta(null);
  claim(null);
}

export function MpPage() {
  useLang();
  const [found] = useState(findUnfinished);
  // This tab's own game (a reload): straight back in. Any other: offered first.
  const [session, setSession] = useState<GameSession | null>(() => (found && claimed(found.table) ? resume(found) : null));
  const [offer, setOffer] = useState<Unfinished | null>(() => (found && !claimed(found.table) ? found : null));
  const [elsewhere, setElsewhere] = useState(false);
  const [meta, setMeta] = useState<GameMeta | null>(() => found?.meta ?? null);
  /** The running game is a duel against the computer at this level. */
  const [computer, setComputer] = useState<Level | null>(() => (session && found?.computer) || null);
  const [kind, setKind] = useState<SetupKind>(() =>
    meta?.kind === "ranked" ? "ranked" : found?.computer ? "computer" : kindFromHash());
  const gate = useConsentGate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const [backFromGame, setBackFromGame] = useState(false);
  /** The leave confirmation: for the running game, or for the offered one. */
  const [confirm, setConfirm] = useState(false);
  const [needsProfile, setNeedsProfile] = useState<(() => void) | null>(null);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  useEffect(() => {
    if (!offer) return;
    let alive = true;
    void playedElsewhere(offer.table).then((open) => alive && setElsewhere(open));
    return () => void (alive = false);
  }, [offer]);

  useEffect(() => () => session?.close(), [session]);
  // A resumed table the server no longer knows: back to the setup, saying why.
  useEffect(
    () =>
      session?.subscribe(() => {
        if (session.fatal) {
          setFailure({ code: session.fatal.code, message: session.fatal.message });
          claim(null);
          setSession(null);
        }
      }),
    [session],
  );

  /** A table that would not open: the server's error code and words, or the failure's own. */
  const showFailure = (error: unknown) => {
    if (error instanceof ApiError) setFailure({ code: error.code, message: error.message });
    else setFailure({ code: null, message: error instanceof Error ? error.message : String(error) });
  };

  const startRanked = async (setup: SetupChoice, seconds: number | null) => {
    const key = profileKey();
    if (!key) {
      setNeedsProfile(() => () => void startRanked(setup, seconds));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const consent = await gate.ensure(key);
      if (consent === undefined || !mounted.current) return;
      const request: TableRequest = { game: "matematicky-poker", mode: setup.mode, table: "adjacent" };
      if (seconds !== null) request.seconds = seconds;
      const seed = seedParam();
      if (seed !== null) request.seed = seed;
      forget();
      const started = await startServerGame(request, "ranked", consent);
      if (!mounted.current) return started.session.close();
      claim(started.meta.table);
      setMeta(started.meta);
      setSession(started.session);
    } catch (error) {
      if (error instanceof ServerUnreachable) setFailure({ code: null, message: t("ranked.needs.server"), plain: true });
      else showFailure(error);
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  /** A duel against the computer: a local table whatever the network, seat 1 the robot. */
  const startComputer = async (setup: SetupChoice, seconds: number | null) => {
    const level = setup.level ?? "lehky";
    setBusy(true);
    setFailure(null);
    const request: TableRequest = { game: "matematicky-poker", mode: setup.mode, table: setup.table, variant: "duel", robots: { "1": level } };
    if (seconds !== null) request.seconds = seconds;
    const seed = seedParam();
    if (seed !== null) request.seed = seed;
    try {
      forget();
      const conn = await openLocalTable(request, saveLocalTable, { robotsApart: true });
      if (!mounted.current) return conn.close();
      claim(conn.table);
      setMeta(null);
      setComputer(level);
      const next = new GameSession(conn, null);
      next.act({ type: "start" });
      setSession(next);
    } catch (error) {
      showFailure(error);
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const startNew = async (setup: SetupChoice, seconds: number | null, chosen: SetupKind) => {
    saveSetup(setup);
    setKind(chosen);
    // (A next duel against the computer keeps the finished one on screen until it opens: it
    // would show as a plain game meanwhile.)
    if (chosen !== "computer") setComputer(null);
    if (chosen === "ranked") return startRanked(setup, seconds);
    if (chosen === "computer") return startComputer(setup, seconds);
    setBusy(true);
    setFailure(null);
    const request: TableRequest = { game: "matematicky-poker", mode: setup.mode, table: setup.table };
    if (seconds !== null) request.seconds = seconds;
    const seed = seedParam();
    if (seed !== null) request.seed = seed;
    try {
      forget();
      const conn = await openTable(request, saveLocalTable);
      if (!mounted.current) return conn.close(); // the player left while the table opened
      const ticket = ticketOf(conn) as CreatedTicket | null;
      const solo: GameMeta | null = ticket ? { table: ticket.table, kind: "solo", recorded: ticket.recorded === true } : null;
      saveGameMeta(solo);
      claim(tableIdOf(conn));
      setMeta(solo);
      const next = new GameSession(conn, ticket ? { ticket, lastSeq: 0 } : null);
      next.act({ type: "start" });
      setSession(next);
    } catch (error) {
      showFailure(error);
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  // A new game while another one is offered declines it (the offer says so): it is left first.
  const start = async (setup: SetupChoice, seconds: number | null, chosen: SetupKind) => {
    if (offer && !elsewhere) {
      setBusy(true);
      await discardOffered(offer);
      if (!mounted.current) return;
    }
    await startNew(setup, seconds, chosen);
  };

  const discardOffered = async (offered: Unfinished) => {
    if (offered.where === "remote") await abandonSaved(offered.saved);
    forget();
    if (mounted.current) setOffer(null);
  };

  const backToSetup = () => {
    forget();
    setSession(null);
    setBackFromGame(true);
  };

  /** "Nová hra" confirmed: the running game is left (recorded as unfinished), or the offered
   *  one is; then back to the setup (or on to the new game asked for). */
  const leave = async () => {
    setConfirm(false);
    setBusy(true);
    try {
      if (session) {
        await session.leave();
        if (mounted.current) backToSetup();
      } else if (offer) {
        await discardOffered(offer);
      }
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const continueOffered = () => {
    if (!offer) return;
    setMeta(offer.meta);
    setComputer(offer.computer);
    setKind(offer.meta?.kind === "ranked" ? "ranked" : offer.computer ? "computer" : kind);
    setSession(resume(offer));
    setOffer(null);
  };

  const leaveDialog = confirm && (
    <LeaveDialog
      outcome={leaveOutcome(session ? { where: session.kind, meta } : offer ? { where: offer.where, meta: offer.meta } : null)}
      onLeave={() => void leave()}
      onStay={() => setConfirm(false)}
    />
  );

  if (session && computer) {
    const again = () => {
      const setup = { ...loadSetup(), level: computer };
      void startNew(setup, setup.mode === "hard" ? Number(setup.seconds) : null, "computer");
    };
    return (
      <>
        <ComputerDuel session={session} level={computer} onAgain={again} onSetup={backToSetup}
          onLeave={busy ? undefined : () => setConfirm(true)} />
        {leaveDialog}
      </>
    );
  }
  if (session) {
    return (
      <>
        <Game session={session} onAgain={backToSetup} onLeave={busy ? undefined : () => setConfirm(true)} meta={meta}
          coach={meta === null || meta.kind === "solo"} />
        {leaveDialog}
      </>
    );
  }
  const reason = failure && (failure.code ? errorText(failure.code, failure.message) : failure.message);
  const resumeOffer: ResumeOffer | null = offer && {
    setup: offer.where === "local" ? localSetup(offer.saved) : loadSetup(),
    ranked: offer.meta?.kind === "ranked",
    computer: offer.computer,
    local: offer.where === "local",
    outcome: leaveOutcome(offer),
    elsewhere,
    busy,
    onContinue: continueOffered,
    onDiscard: () => setConfirm(true),
  };
  return (
    <>
      <Setup
        initial={loadSetup()}
        busy={busy}
        failure={reason ? (failure?.plain ? reason : t("mp.start.failed", { message: reason })) : null}
        focusStart={backFromGame}
        initialKind={kind}
        resume={resumeOffer}
        onStart={(setup, seconds, chosen) => void start(setup, seconds, chosen)}
      />
      {leaveDialog}
      {needsProfile && (
        <RankedProfileDialog
          onCreated={() => {
            const next = needsProfile;
            setNeedsProfile(null);
            next();
          }}
          onClose={() => setNeedsProfile(null)}
        />
      )}
      {gate.dialog}
    </>
  );
}

/** What leaving a game does to it, for the confirmation's words. */
export type LeaveOutcome = "recorded" | "ranked" | "anonymous" | "local";

function leaveOutcome(game: { where: "remote" | "local"; meta: GameMeta | null } | null): LeaveOutcome {
  if (!game || game.where === "local") return "local";
  if (game.meta?.kind === "ranked") return "ranked";
  return game.meta?.recorded ? "recorded" : "anonymous";
}

/** The setup of a local game, read from its snapshot (its request), for the offer's words. */
function localSetup(saved: SavedLocalTable): SetupChoice {
  const fallback = loadSetup();
  try {
    const data = JSON.parse(saved.snapshot) as { request?: unknown };
    const request = (typeof data.request === "string" ? JSON.parse(data.request) : data.request) as SetupFields | null;
    // The request's own defaults (easy, adjacent) where it names none; seconds as last set up.
    return setupOf(request ?? {}, { ...DEFAULT_SETUP, seconds: fallback.seconds });
  } catch {
    return fallback;
  }
}
