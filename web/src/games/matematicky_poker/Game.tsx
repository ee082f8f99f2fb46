// The game screen: the number in hand, the draw fallback, the hard-mode clock, kept jokers,
// the points preview switch, the board, notices, and the joker and end dialogs; at the end
// the replay ("Záznam hry") and, after a free game, the coach ("Trenér").
// Everything shown comes from the table's view; this sends actions and nothing else.
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { useSession } from "../../net/useSession";
import { useExpiring } from "../../components/useExpiring";
import { t, useLang } from "../../i18n";
import { errors } from "../../i18n/errors";
import { Board } from "./Board";
import { Countdown } from "../../components/Countdown";
import { EndDialog, JokerDialog, KeptDialog } from "./Dialogs";
import { Coach } from "./Coach";
import { ReplayButton } from "../../replay/ReplayButton";
import { byEngine } from "../../registry";
import type { GameSession } from "./session";
import type { Action } from "../../net/protocol";
import type { GameMeta } from "./serverGames";
import { href } from "../../router";
import { loadPreview, savePreview } from "./storage";
import type { MpView, PendingJoker } from "./types";
import "../../components/game.css";
import "./mp.css";

const MP = byEngine("matematicky-poker")!;
const NOTE_MS = 6000;
const ERROR_MS = 4000;
/** A recorded game refuses a placement less than 120 ms after its draw (`too_fast`): the
 *  move is sent once more on its own after this pause, and only a second refusal shows. */
const TOO_FAST_RETRY_MS = 150;

interface Props {
  session: GameSession;
  onAgain: () => void;
  /** Ranked and daily games: no preview switch, their own words at the end. */
  meta?: GameMeta | null;
  /** The end dialog's main button, when it does not start a new game here. */
  againLabel?: string;
  /** A duel or group game (src/lobby/) frames the same screen with its own parts. */
  frame?: GameFrame;
  /** The end dialog's line on the record, instead of the one made from `meta`. */
  record?: ComponentChildren;
  /** "Nová hra" while the game runs (the page asks first and leaves the game). */
  onLeave?: () => void;
  /** A free easy or hard game: the coach ("Trenér") is offered at its end. */
  coach?: boolean;
}

/** What a multi-seat game puts around the board: its title and info, a line above the
 *  board, more in the side panel, the live ranking beside it; whether this seat may draw.
 *  It shows the end itself, so the end dialog stays closed. */
export interface GameFrame {
  title: string;
  info: string;
  banner?: ComponentChildren;
  canDraw: boolean;
  side?: ComponentChildren;
  aside?: ComponentChildren;
}

/** An error's text: ours for a code we know, else the table's own message. */
export function errorText(code: string, message: string): string {
  return `mp.error.${code}` in errors.cs ? t(`mp.error.${code}`) : message;
}

export function Game({ session, onAgain, meta = null, againLabel, frame, record, onLeave, coach = false }: Props) {
  useLang();
  useSession(session);
  const view = session.view;

  const [previewOn, setPreviewOn] = useState(loadPreview);
  const [pending, setPending] = useState<PendingJoker | null>(null);
  const [keptPicker, setKeptPicker] = useState(false);
  const [endOpen, setEndOpen] = useState(false);
  const [coachOpen, setCoachOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  // A chosen joker value that no longer fits the view (its deadline passed, the game ended).
  useEffect(() => {
    if (!view || !pending) return;
    const gone = view.over
      || (pending.source === "hand" && view.hand?.kind !== "joker")
      || (pending.source === "kept" && view.kept_jokers === 0);
    if (gone) setPending(null);
  }, [view, pending]);
  useEffect(() => {
    if (view?.over) {
      setKeptPicker(false);
      if (!frame) setEndOpen(true);
    }
  }, [view?.over]);

  const note = useExpiring(session.note, NOTE_MS);
  // too_fast: resend the last move once, silently; hold further taps until it is judged.
  const lastMove = useRef<{ action: Action; retried: boolean } | null>(null);
  const retrying = useRef(false);
  const silenced = useRef(new Set<number>());
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const send = (action: Action) => {
    lastMove.current = { action, retried: false };
    session.act(action);
  };
  useEffect(
    () =>
      session.subscribe(() => {
        const failure = session.error;
        if (!failure || failure.code !== "too_fast" || silenced.current.has(failure.id)) return;
        const move = lastMove.current;
        if (!move || move.retried) return;
        move.retried = true;
        silenced.current.add(failure.id);
        retrying.current = true;
        retryTimer.current = setTimeout(() => {
          retrying.current = false;
          session.act(move.action);
        }, TOO_FAST_RETRY_MS);
      }),
    [session],
  );
  useEffect(() => () => clearTimeout(retryTimer.current), []);
  const shownError = session.error && silenced.current.has(session.error.id) ? null : session.error;
  const error = useExpiring(shownError, ERROR_MS);
  const serverOnly = meta?.kind === "ranked" || meta?.kind === "daily";

  const draw = useCallback(() => session.act({ type: "draw" }), [session]);
  const canDraw = frame?.canDraw ?? true;
  useEffect(() => {
    if (!canDraw) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "g" && event.key !== "G") return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (document.querySelector("dialog[open]")) return;
      const current = session.view;
      if (!current?.started || current.over) return;
      event.preventDefault();
      draw();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [session, draw, canDraw]);

  const togglePreview = () => {
    setPreviewOn(!previewOn);
    savePreview(!previewOn);
  };
  const closeKept = useCallback(() => setKeptPicker(false), []);
  const closeEnd = useCallback(() => setEndOpen(false), []);
  const closeCoach = useCallback(() => setCoachOpen(false), []);
  const [replayAsked, setReplayAsked] = useState(0);
  const source = view?.over ? session.replaySource() : null;
  // The coach, after a free game only (never during a game: only an end shows it).
  const coachButton = view?.over && coach && source && !coachOpen && (
    <button type="button" class="mp-coach-open" onClick={() => { setEndOpen(false); setCoachOpen(true); }}>
      {t("mp.coach.button")}
    </button>
  );
  const chooseValue = (source: PendingJoker["source"]) => (value: number) => {
    setKeptPicker(false);
    setPending({ source, value });
    // The dialog gives the focus back where it was; the first empty cell is where it's needed.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(".mp-cell.ready")?.focus());
  };
  const onCell = (cell: number) => {
    if (!view || session.busy || retrying.current) return;
    if (pending) {
      if (pending.source === "hand") send({ type: "joker", choice: "now", value: pending.value, cell });
      else send({ type: "kept_joker", value: pending.value, cell });
      setPending(null);
    } else if (view.hand?.kind === "number") {
      send({ type: "place", cell });
    }
  };

  const hard = view?.mode === "hard" && view.seconds !== null;
  const timer = (compact?: boolean) =>
    hard && view?.deadline != null && !view.over ? (
      <Countdown deadline={view.deadline} seconds={view.seconds!} offset={session.offset} compact={compact} />
    ) : null;
  const ready = !!view && !view.over && (pending !== null || view.hand?.kind === "number");
  const jokerDecision = !!view && view.hand?.kind === "joker" && !view.over && pending?.source !== "hand";

  return (
    <section class="page mp-game" aria-labelledby="mp-game-title">
      <div class="mp-game-head">
        <h1 id="mp-game-title" ref={heading} tabIndex={-1}>{frame?.title ?? t("mp.title")}</h1>
        {view && <p class="mp-info">{frame?.info ?? gameInfo(view, meta)}</p>}
      </div>
      {frame?.banner}
      {session.kind === "local" && !frame && <p class="notice warn mp-local">{t("mp.local")}</p>}
      {!view ? (
        <div class="mp-connecting">
          <p role="status">{t("mp.connecting")}</p>
          <p class="mp-error" role="status">{error && errorText(error.code, error.message)}</p>
        </div>
      ) : (
        <div class={`mp-play${frame?.aside ? " with-aside" : ""}`}>
          <div class="mp-side">
            <Hand view={view} />
            {timer()}
            {canDraw && (
              <button type="button" class="mp-draw" aria-keyshortcuts="G" onClick={draw} disabled={view.over}>
                {t("mp.draw")}
                <kbd aria-hidden="true">G</kbd>
              </button>
            )}
            <p class="mp-total">
              <span>{t("mp.total")}</span>
              <strong data-total={view.score.total}>{view.score.total}</strong>
            </p>
            {view.mode === "hard" && (
              <p class="mp-forfeited" data-forfeited={view.forfeited}>
                {t("mp.forfeited", { count: view.forfeited })}
              </p>
            )}
            {frame?.side}
            {onLeave && !view.over && (
              <button type="button" class="mp-leave" onClick={onLeave}>{t("mp.leave.button")}</button>
            )}
          </div>
          <div class="mp-main">
            <div class="mp-toolbar">
              <button
                type="button"
                class="chip mp-kept"
                disabled={view.kept_jokers === 0 || view.over}
                onClick={() => setKeptPicker(true)}
              >
                <span aria-hidden="true">★</span> {t("mp.kept", { count: view.kept_jokers })}
              </button>
              {!serverOnly && (
                <button type="button" class="chip mp-eye" aria-pressed={previewOn ? "true" : "false"} onClick={togglePreview}>
                  <EyeIcon open={previewOn} />
                  <span class="mp-eye-text">{t("mp.preview")}</span>
                </button>
              )}
            </div>
            {pending && (
              <div class="mp-pick">
                <span>{t("mp.pick.cell", { value: pending.value })}</span>
                <button type="button" class="chip" onClick={() => setPending(null)}>{t("mp.pick.cancel")}</button>
              </div>
            )}
            {/* One line is kept free for them; a longer message lies over the board, never moves it. */}
            <div class="mp-messages">
              <div class="mp-messages-stack">
                <p class="mp-note" role="status">{note && t(note.key, note.params)}</p>
                <p class="mp-error" role="status">{error && errorText(error.code, error.message)}</p>
              </div>
            </div>
            <Board view={view} ready={ready} showPreview={previewOn && !serverOnly} onCell={onCell} />
            {view.over && !endOpen && !frame && (
              <p class="mp-after">
                <button type="button" onClick={() => setEndOpen(true)}>{t("mp.end.show")}</button>
                {coachButton}
                <button type="button" class="primary" onClick={onAgain}>{againLabel ?? t("mp.end.again")}</button>
              </p>
            )}
          </div>
          {frame?.aside && <div class="mp-aside">{frame.aside}</div>}
        </div>
      )}
      {/* The replay stays mounted under the coach (hidden), so that "Záznam hry" asked with the
          coach open closes the coach and opens it: one of the two shows, the one asked last. */}
      {view?.over && !frame && (
        <div class="mp-replay-place" hidden={coachOpen}>
          <ReplayButton entry={MP} source={source} asked={replayAsked} />
        </div>
      )}
      {view?.over && coach && coachOpen && source && <Coach source={source} table={view.table} onClose={closeCoach} />}
      {jokerDecision && (
        <JokerDialog
          onKeep={() => send({ type: "joker", choice: "keep" })}
          onValue={chooseValue("hand")}
          timer={timer(true)}
        />
      )}
      {keptPicker && !jokerDecision && <KeptDialog onValue={chooseValue("kept")} onClose={closeKept} />}
      {view?.over && endOpen && (
        <EndDialog
          view={view}
          kind={session.kind}
          onClose={closeEnd}
          onAgain={onAgain}
          againLabel={againLabel}
          record={record ?? (meta ? <EndRecord view={view} meta={meta} /> : undefined)}
          more={<>
            {coachButton}
            {!frame && source && (
              <button type="button" class="mp-replay-open"
                onClick={() => { setEndOpen(false); setCoachOpen(false); setReplayAsked((n) => n + 1); }}>
                {t("replay.button")}
              </button>
            )}
          </>}
        />
      )}
    </section>
  );
}

function gameInfo(view: MpView, meta: GameMeta | null): string {
  const params = { mode: t(`mp.mode.${view.mode}`), table: t(`mp.table.${view.table}`), seconds: view.seconds ?? 0 };
  const info = t(view.mode === "hard" ? "mp.game.info.hard" : "mp.game.info", params);
  if (meta?.kind === "ranked") return t("ranked.info", { info });
  if (meta?.kind === "daily") return [t("daily.title"), ...(meta.replay ? [t("daily.replay.label")] : []), info].join(" · ");
  return info;
}

/** What became of a ranked or daily result, said plainly at the end. */
function EndRecord({ view, meta }: { view: MpView; meta: GameMeta }) {
  if (meta.kind === "daily") return <>{t(meta.replay || !meta.recorded ? "daily.end.replay" : "daily.end.recorded")}</>;
  if (meta.kind !== "ranked") {
    return <>{t("mp.end.recorded")} {t(meta.recorded ? "ranked.end.stats" : "mp.end.anonymous")}</>;
  }
  const filled = view.board.filter((value) => value !== null).length;
  const fate = filled < 25 ? "ranked.end.incomplete" : meta.consent === false ? "ranked.end.private" : "ranked.end.board";
  return (
    <>
      {t("mp.end.recorded")} {t(fate)}{" "}
      <a href={href("/matematicky-poker/zebricek")}>{t("ranked.end.link")}</a>
    </>
  );
}

function Hand({ view }: { view: MpView }) {
  const hand = view.over ? null : view.hand;
  const label = hand === null
    ? t("mp.hand.aria.none")
    : hand.kind === "joker"
      ? t("mp.hand.aria.joker")
      : t("mp.hand.aria.number", { value: hand.value });
  return (
    <div class="mp-hand" aria-live="polite" aria-atomic="true">
      <span class="visually-hidden">{label}</span>
      <span class="mp-hand-label" aria-hidden="true">{t("mp.hand.label")}</span>
      <span class={`mp-hand-value${hand?.kind === "joker" ? " joker" : ""}`} aria-hidden="true" data-hand={hand?.kind === "number" ? hand.value : hand ? "joker" : ""}>
        {hand === null ? t("mp.hand.none") : hand.kind === "joker" ? `★ ${t("mp.hand.joker")}` : hand.value}
      </span>
    </div>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg class="mp-eye-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" stroke-width="2" />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" stroke-width="2" />
      {!open && <path d="M4 4l16 16" stroke="currentColor" stroke-width="2" />}
    </svg>
  );
}
