// The page of a game played in this browser (the engine worker: no server, offline too),
// whatever the game: its set-up until a game runs, then its table. Each mode's game is saved
// apart (the game's slots), so a reload goes on where it was; a saved game the worker can
// no longer rebuild (a fatal error) goes back to the set-up, saying why. The game declares
// what is its own (game.ts); this file is the rest.
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { HotSeatTable, openHotSeat, openLocalTable, randomSeed, resumeHotSeat, resumeLocalTable } from "../net/local";
import type { TableConnection } from "../net/protocol";
import { ApiError } from "../net/remote";
import { freshId } from "../net/session";
import { seedParam } from "../router";
import type { PlayControls, PlayGame, Running } from "./game";
import { numberOf, requestOf, roundSeed } from "./request";
import type { PlaySession } from "./session";

/** A running game and how to let go of it (its session, and the hand-over watch). */
type Held<Seats, Session> = Running<Seats, Session> & { release(): void };

/** Nothing is hidden on the table: a hot-seat table hands over to the next person at once. */
function passAtOnce(conn: TableConnection): () => void {
  if (!(conn instanceof HotSeatTable)) return () => {};
  return conn.onHandOver((state) => {
    if (state.next !== null) queueMicrotask(() => conn.reveal());
  });
}

function hold<S, Seats, Session extends PlaySession<unknown>>(
  game: PlayGame<S, Seats, Session>,
  conn: TableConnection,
  mode: string,
  seats: Seats,
  round: number,
  series: number,
): Held<Seats, Session> {
  const session = game.session(conn, seats, mode);
  const stop = game.table?.passAtOnce ? passAtOnce(conn) : () => {};
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    stop();
    session.close();
  };
  return { id: freshId(), session, mode, seats, round, series, release };
}

/** The mode `setup` plays (a game of one mode: "local"). */
function modeOf<S>(game: PlayGame<S, unknown, PlaySession<unknown>>, setup: S): string {
  return game.modeOf?.(setup) ?? "local";
}

/** The game saved under `mode`, rebuilt in the worker; null when there is none (a saved
 *  game that is not one of `mode` is forgotten). */
function resume<S, Seats, Session extends PlaySession<unknown>>(game: PlayGame<S, Seats, Session>, mode: string): Held<Seats, Session> | null {
  const slot = game.slot(mode);
  const saved = slot.load();
  if (!saved) return null;
  const request = requestOf(saved.snapshot);
  const seats = request?.game === game.id ? game.seatsOf(request, mode) : null;
  if (!request || seats === null) {
    slot.save(null);
    return null;
  }
  const { handFirst = false, history = false } = game.table ?? {};
  const conn = game.hotSeat(seats) ? resumeHotSeat(saved, slot.save, history, handFirst) : resumeLocalTable(saved, slot.save, history);
  return hold(game, conn, mode, seats, numberOf(request, "round", 1), numberOf(request, "series", randomSeed()));
}

export function PlayPage<S, Seats, Session extends PlaySession<unknown>>({ game }: { game: PlayGame<S, Seats, Session> }) {
  useLang();
  const [running, setRunning] = useState<Held<Seats, Session> | null>(() => resume(game, modeOf(game, game.setup.load())));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [backFromGame, setBackFromGame] = useState(false);
  const [, refresh] = useState(0);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  useEffect(() => running?.release, [running]);
  useEffect(() => {
    if (!running) return;
    const session = running.session;
    let over = game.over(session);
    return session.subscribe(() => {
      // the menu button goes at the end
      if (over !== game.over(session)) refresh((n) => n + 1);
      over = game.over(session);
      if (session.fatal) {
        setFailure(t(game.words.failed, { message: game.errorText(session.fatal.code, session.fatal.message) }));
        game.slot(running.mode).save(null);
        setRunning(null);
      }
    });
  }, [running]);

  /** Open game `round` of a series (`kept`: the series kept since its first game). */
  const open = async (setup: S, round: number, kept?: number) => {
    setBusy(true);
    setFailure(null);
    const mode = modeOf(game, setup);
    const slot = game.slot(mode);
    slot.save(null);
    const seed = seedParam();
    const series = kept ?? seed ?? randomSeed();
    const asked = game.request(setup, round, series);
    if (seed !== null) asked.seed = roundSeed(seed, round);
    try {
      const read = game.seatsOf(asked, mode);
      if (read === null) throw new Error(`not a ${mode} game: ${JSON.stringify(asked)}`);
      const seats = game.opened ? game.opened(setup, read) : read;
      const { handFirst = false } = game.table ?? {};
      const conn = game.hotSeat(seats) ? await openHotSeat(asked, slot.save, handFirst) : await openLocalTable(asked, slot.save);
      if (!mounted.current) return conn.close(); // the player left while the table opened
      const next = hold(game, conn, mode, seats, round, series);
      next.session.start();
      setRunning(next);
    } catch (error) {
      const message = error instanceof ApiError ? game.errorText(error.code, error.message) : error instanceof Error ? error.message : String(error);
      if (mounted.current) setFailure(t(game.words.failed, { message }));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const start = (setup: S, fresh = false) => {
    game.setup.save(setup);
    const mode = modeOf(game, setup);
    if (fresh) game.slot(mode).save(null);
    const saved = resume(game, mode);
    if (saved) setRunning(saved);
    else void open(setup, 1);
  };

  if (running) {
    const leave = (forget: boolean) => {
      if (forget) game.slot(running.mode).save(null);
      else if (game.withMode) game.setup.save(game.withMode(game.setup.load(), running.mode));
      setRunning(null);
      setBackFromGame(true);
    };
    const again = () => {
      running.release();
      setRunning(null);
      const setup = game.again(running);
      if (game.rounds) void open(setup, running.round + 1, running.series);
      else void open(setup, 1);
    };
    const controls: PlayControls = {
      menu: () => leave(false),
      again,
      toSetup: () => leave(true),
      end: (
        <>
          <button type="button" class="primary" onClick={again}>{t(game.words.again)}</button>
          <button type="button" onClick={() => leave(true)}>{t(game.words.setup)}</button>
        </>
      ),
      reopen: () => {
        running.release();
        setRunning(resume(game, running.mode));
      },
    };
    return <game.Table key={running.id} running={running} controls={controls} />;
  }
  return (
    <game.Setup
      initial={game.setup.load()}
      busy={busy}
      failure={failure}
      focusStart={backFromGame}
      saved={(mode) => game.slot(mode).load() !== null}
      onStart={start}
    />
  );
}
