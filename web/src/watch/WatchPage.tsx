// #/sledovat/<table>: watching a room's table live (docs/api.md "Watching a table"; decision
// 0159), the same page for every game. The socket watches (watch/connection.ts); the latest
// view of no seat is drawn read-only by the game's replay view (its registry entry's `replay`,
// found by the view's engine name), after the view before it when that came, so the game can
// say what the last move did. Above it where the line stands: connecting, live, reconnecting,
// the end, or why nobody may watch. A polite live region tells each move in the game's words.
import { h } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { byEngine, gameName } from "../registry";
import { replayViewOf } from "../replay/ReplayButton";
import type { ReplayView } from "../replay/types";
import { href } from "../router";
import { WatchConnection } from "./connection";
import { watchedFrames, type Watched } from "./watch";
import "../components/game.css";
import "../lobby/lobby.css";
import "./watch.css";

type Loaded = { engine: string; view: ReplayView } | { engine: string; failed: true } | null;

export function WatchPage({ params }: { params: Record<string, string> }) {
  useLang();
  const table = params.table;
  const [conn, setConn] = useState<WatchConnection | null>(null);
  const [state, setState] = useState<Watched | null>(null);
  useEffect(() => {
    const made = new WatchConnection(table);
    setConn(made);
    setState(made.state);
    const off = made.subscribe(() => setState(made.state));
    return () => {
      off();
      made.close();
    };
  }, [table]);

  // The game's read-only view, with its catalogue, once a view names the game.
  const engine = state?.view?.game ?? null;
  const [loaded, setLoaded] = useState<Loaded>(null);
  useEffect(() => {
    if (!engine || loaded?.engine === engine) return;
    let live = true;
    replayViewOf(byEngine(engine)).then(
      (view) => live && setLoaded({ engine, view }),
      () => live && setLoaded({ engine, failed: true }),
    );
    return () => void (live = false);
  }, [engine]);

  const entry = engine ? byEngine(engine) : undefined;
  const link = state?.link ?? "connecting";
  const frames = state ? watchedFrames(state) : null;
  const gameView = loaded && "view" in loaded && loaded.engine === engine ? loaded.view : null;
  const said = useMoveWords(state, gameView);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <section class="page watch-page" aria-labelledby="watch-title" data-link={link}>
      <div class="mp-game-head">
        <h1 id="watch-title" ref={heading} tabIndex={-1}>
          {entry ? t("watch.title.game", { game: gameName(entry) }) : t("watch.title")}
        </h1>
        <p class="mp-info">{t("watch.lead")}</p>
      </div>
      <LinkState link={link} onRetry={() => conn?.retry()} />
      <p class="visually-hidden" aria-live="polite" aria-atomic="true">{said}</p>
      {loaded && "failed" in loaded && <p class="notice warn" role="alert">{t("watch.no_view")}</p>}
      {/* (a refused page shows no stale position: the game went on without it) */}
      {frames && gameView && (link !== "not_watchable" && link !== "unknown") && (
        <div class="watch-frame" data-version={state?.version ?? undefined} data-over={state?.view?.over ? "true" : "false"}>
          {h(gameView, { data: frames.data, step: frames.step, view: frames.data.frames[frames.step] })}
        </div>
      )}
      <p class="page-links watch-links">
        {entry?.play && <a class="button" href={href(entry.play)}>{t("watch.play", { game: gameName(entry) })}</a>}
        <a href={href("/")}>{t("watch.home")}</a>
      </p>
    </section>
  );
}

/** Where the line stands, in words: a live dot, a notice while reconnecting, or why the
 *  page shows nothing more (with "try again" where that may help). */
function LinkState({ link, onRetry }: { link: Watched["link"]; onRetry: () => void }) {
  if (link === "connecting") return <p class="watch-state status-line" role="status" data-state={link}>{t("watch.state.connecting")}</p>;
  if (link === "live") {
    return (
      <p class="watch-state watch-live" role="status" data-state={link}>
        <span class="watch-dot" aria-hidden="true" />
        {t("watch.state.live")}
      </p>
    );
  }
  if (link === "reconnecting") return <p class="watch-state notice warn" role="status" data-state={link}>{t("watch.state.reconnecting")}</p>;
  if (link === "over") return <p class="watch-state notice" role="status" data-state={link}>{t("watch.state.over")}</p>;
  return (
    <div class="watch-state notice warn" role="alert" data-state={link}>
      <h2>{t(`watch.${link}.title`)}</h2>
      <p>{t(`watch.${link}`)}</p>
      <button type="button" onClick={onRetry}>{t("watch.retry")}</button>
    </div>
  );
}

/** The last move in the game's words ("hráč 2: 7 do řádku 2, sloupce 3"), for the live
 *  region: said once per new step, when the game's view has words for it. */
function useMoveWords(state: Watched | null, view: ReplayView | null): string {
  const [said, setSaid] = useState("");
  const steps = state?.steps ?? 0;
  useEffect(() => {
    if (!state || !view?.words || steps === 0) return;
    const frames = watchedFrames(state);
    if (!frames || frames.step === 0) return;
    const move = frames.data.moves[0];
    const what = view.words(frames.data, 1);
    if (!what || move.seat === null) return;
    setSaid(t("replay.move.did", { who: t("replay.move.seat", { number: move.seat + 1 }), what }));
  }, [steps, view]);
  return said;
}
