// The coach ("Trenér") after a free easy or hard game: the game's replay reviewed move by
// move in the engine worker (so it works offline), with real progress; then the summary
// line, and the replay stepper with the three costliest moves marked, the computer's cell
// outlined on each step's board and what that move lost. Estimates are the bot's (coach.py).
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import { plural } from "../../profile/format";
import { Replay } from "../../replay/Replay";
import { loadReplay } from "../../replay/api";
import type { ReplayData, ReplaySource, ReplayView, ReplayViewProps } from "../../replay/types";
import { review, type CoachMove, type CoachReview } from "./coach";
import { mpWords, placeText, ReplayFrame } from "./replay";
import type { MpView, ScoringTable } from "./types";

type Phase =
  | { phase: "loading" }
  | { phase: "reviewing"; done: number; count: number }
  | { phase: "done"; data: ReplayData; result: CoachReview }
  | { phase: "failed"; message: string };

interface Props {
  source: ReplaySource;
  table: ScoringTable;
  onClose: () => void;
}

/** Reviews already made, by game and table: a finished game's review never changes, and
 *  the coach opened again (after the replay, say) shows it at once instead of reviewing
 *  every move again. The newest few are kept. */
const reviewed = new Map<string, Extract<Phase, { phase: "done" }>>();
const REVIEWS_KEPT = 4;

function keep(key: string, done: Extract<Phase, { phase: "done" }>): void {
  reviewed.delete(key);
  reviewed.set(key, done);
  for (const old of reviewed.keys()) {
    if (reviewed.size <= REVIEWS_KEPT) break;
    reviewed.delete(old);
  }
}

export function Coach({ source, table, onClose }: Props) {
  useLang();
  const key = `${source.kind}:${source.tableId}:${table}`;
  const [state, setState] = useState<Phase>(() => reviewed.get(key) ?? { phase: "loading" });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    const known = reviewed.get(key);
    if (known) {
      setState(known);
      return;
    }
    let alive = true;
    void (async () => {
      try {
        const data = await loadReplay(source);
        const result = await review(data, table, (done, count) => {
          if (alive) setState({ phase: "reviewing", done, count });
        });
        const done = { phase: "done", data, result } as const;
        keep(key, done);
        if (alive) setState(done);
      } catch (error) {
        if (alive) setState({ phase: "failed", message: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => void (alive = false);
  }, [key]);

  return (
    <section class="panel mp-coach" aria-labelledby="mp-coach-title">
      <div class="mp-coach-head">
        <h2 id="mp-coach-title" ref={heading} tabIndex={-1}>{t("mp.coach.title")}</h2>
        <button type="button" class="chip" onClick={onClose}>{t("mp.coach.close")}</button>
      </div>
      <p class="mp-hint">{t("mp.coach.about")}</p>
      {state.phase === "failed" && <p class="mp-error" role="alert">{t("mp.coach.failed", { message: state.message })}</p>}
      {(state.phase === "loading" || state.phase === "reviewing") && <Progress state={state} />}
      {state.phase === "done" && <Reviewed data={state.data} result={state.result} />}
    </section>
  );
}

function Progress({ state }: { state: { phase: "loading" } | { phase: "reviewing"; done: number; count: number } }) {
  const label = state.phase === "loading" ? t("mp.coach.loading") : t("mp.coach.progress", { done: Math.min(state.done + 1, state.count), count: state.count });
  const value = state.phase === "reviewing" && state.count > 0 ? Math.round((100 * state.done) / state.count) : 0;
  return (
    <div class="mp-coach-progress">
      <p role="status">{label}</p>
      <div class="mp-coach-bar" role="progressbar" aria-label={t("mp.coach.title")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
        <span style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

function Reviewed({ data, result }: { data: ReplayData; result: CoachReview }) {
  const byStep = useMemo(() => new Map(result.moves.map((move) => [move.step, move])), [result]);
  // One component for the whole stepper (a new one each render would remount the board).
  const Frame = useMemo<ReplayView>(
    () => Object.assign(
      ({ view, step }: ReplayViewProps) => {
        const move = byStep.get(step);
        return <ReplayFrame view={view as MpView} outline={move && { best: move.best_cell, mine: move.cell }} />;
      },
      { words: mpWords },
    ),
    [byStep],
  );
  const total = Math.round(result.total);
  const first = result.costliest[0];
  // The stepper opens on the costliest move.
  const [step, setStep] = useState(first ?? 0);
  return (
    <>
      <p class="mp-coach-summary" role="status" data-total={result.total}>
        {total > 0 && first !== undefined
          ? plural("mp.coach.summary", total, { step: first })
          : t("mp.coach.summary.none")}
      </p>
      <p class="mp-coach-legend" aria-hidden="true">
        <span class="mp-coach-key best" /> {t("mp.coach.legend.best")}
        <span class="mp-coach-key mine" /> {t("mp.coach.legend.mine")}
      </p>
      <Replay data={data} view={Frame} marks={result.costliest} step={step} onStep={setStep}
        note={(at: number) => <MoveNote move={byStep.get(at)} />} />
    </>
  );
}

function MoveNote({ move }: { move: CoachMove | undefined }) {
  if (move === undefined) return null;
  // A joker is named as one: its value alone would read like a number drawn.
  const place = (cell: number, value: number) => placeText(cell, value, move.joker);
  const mine = place(move.cell, move.value);
  const loss = Math.round(move.loss);
  const best = place(move.best_cell, move.best_value);
  // The estimate's precision, never shown as "± 0" (a difference under half a point).
  const error = Math.max(1, Math.round(move.error));
  return (
    <p class="mp-coach-note" data-loss={move.loss} data-error={move.error}>
      {loss > 0
        ? plural("mp.coach.move.loss", loss, { mine, best, error })
        : move.error > 0
          ? t("mp.coach.move.close", { mine, best, error })
          : t("mp.coach.move.same", { mine })}
    </p>
  );
}
