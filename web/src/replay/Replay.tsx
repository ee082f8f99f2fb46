// The stepper of every game's replay: the game's read-only render of the frame at `step`,
// buttons ⏮ ◀ ▶ ⏭, a slider, "Tah 3 z 25" (aria-live), ←/→/Home/End on the whole stepper,
// the moves as a list of steps. `marks` (a coach's costliest moves, say) are highlighted on
// the slider's track and in the list. Step n shows frames[n]: the view after move n (0: the
// start). Controlled with `step` + `onStep`, else it keeps its own step.
import { h, type ComponentChildren } from "preact";
import { useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import type { ReplayData, ReplayMove, ReplayView } from "./types";
import "./replay.css";

interface Props {
  data: ReplayData;
  view: ReplayView;
  marks?: number[];
  step?: number;
  onStep?: (step: number) => void;
  /** Words under the frame for a step (a coach's note). */
  note?: (step: number) => ComponentChildren;
}

/** ⏮ ◀ ▶ ⏭ drawn (not every font has the first and the last). */
function icon(path: string) {
  return (
    <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}
const ICONS = {
  first: icon("M3 2h2v12H3zM14 2v12L6 8z"),
  prev: icon("M12 2v12L4 8z"),
  next: icon("M4 2v12l8-6z"),
  last: icon("M11 2h2v12h-2zM2 2v12l8-6z"),
};

/** The list shows every move up to this many; a longer game shows those around the step. */
const LIST_ALL = 300;
const LIST_AROUND = 60;

/** Move `index` (1-based step) in the list: who made it, and what it did when the game's
 *  view has words for it ("ty: 7 do řádku 2, sloupce 3"). */
function moveText(data: ReplayData, move: ReplayMove, index: number, view: ReplayView): string {
  if (move.kind === "tick" || move.seat === null) return t("replay.move.tick");
  const name = move.seat === data.seat ? t("replay.move.you") : seatName(data, move.seat);
  if (move.kind === "leave") return t("replay.move.leave", { who: name });
  const words = view.words?.(data, index);
  return words ? t("replay.move.did", { who: name, what: words }) : name;
}

/** Seat `seat`'s name: the one the screen gave (ReplayData.names), else "Hráč n". */
function seatName(data: ReplayData, seat: number): string {
  return data.names?.[seat] ?? t("replay.move.seat", { number: seat + 1 });
}

export function stepLabel(step: number, total: number): string {
  return step === 0 ? t("replay.start", { total }) : t("replay.step", { step, total });
}

export function Replay({ data, view, marks = [], step: given, onStep, note }: Props) {
  useLang();
  const total = data.moves.length;
  const [own, setOwn] = useState(0);
  const step = Math.max(0, Math.min(total, given ?? own));
  const go = (next: number) => {
    const to = Math.max(0, Math.min(total, next));
    setOwn(to);
    onStep?.(to);
  };
  const here = useRef<HTMLElement>(null);
  // A button at its end disables itself: focus moves to the stepper (whose keys still work)
  // instead of dropping to the page.
  const press = (next: number) => {
    go(next);
    if (next <= 0 || next >= total) here.current?.focus();
  };
  const marked = new Set(marks.filter((mark) => mark >= 0 && mark <= total));
  const onKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    if (target instanceof HTMLInputElement) return; // the slider has these keys itself
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: total }[event.key];
    if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    go(to);
  };
  const from = total <= LIST_ALL ? 1 : Math.max(1, step - LIST_AROUND);
  const to = total <= LIST_ALL ? total : Math.min(total, step + LIST_AROUND);
  const label = stepLabel(step, total);
  return (
    <section ref={here} class="replay" aria-label={t("replay.stepper")} tabIndex={0} onKeyDown={onKey} data-step={step}>
      <div class="replay-frame">{h(view, { data, step, view: data.frames[step] })}</div>
      {note && <div class="replay-note">{note(step)}</div>}
      <div class="replay-controls">
        <button type="button" aria-label={t("replay.first")} title={t("replay.first")} disabled={step === 0} onClick={() => press(0)}>{ICONS.first}</button>
        <button type="button" aria-label={t("replay.prev")} title={t("replay.prev")} disabled={step === 0} onClick={() => press(step - 1)}>{ICONS.prev}</button>
        <p class="replay-step" aria-live="polite" aria-atomic="true" data-marked={marked.has(step) ? "true" : undefined}>{label}</p>
        <button type="button" aria-label={t("replay.next")} title={t("replay.next")} disabled={step === total} onClick={() => press(step + 1)}>{ICONS.next}</button>
        <button type="button" aria-label={t("replay.last")} title={t("replay.last")} disabled={step === total} onClick={() => press(total)}>{ICONS.last}</button>
      </div>
      <div class="replay-track">
        <input
          type="range"
          min={0}
          max={total}
          step={1}
          value={step}
          aria-label={t("replay.slider")}
          aria-valuetext={label}
          onInput={(event) => go(Number((event.target as HTMLInputElement).value))}
        />
        {total > 0 && (
          <div class="replay-marks" aria-hidden="true">
            {[...marked].map((mark) => <span key={mark} style={{ left: `${(100 * mark) / total}%` }} />)}
          </div>
        )}
      </div>
      <p class="hint replay-keys">{t("replay.keys")}</p>
      {total > 0 && (
        <details class="replay-list">
          <summary>{t("replay.moves")}</summary>
          <ol start={from}>
            {data.moves.slice(from - 1, to).map((move, index) => {
              const number = from + index;
              return (
                <li key={number} data-marked={marked.has(number) ? "true" : undefined}>
                  <button
                    type="button"
                    class="replay-move"
                    aria-current={number === step ? "step" : undefined}
                    onClick={() => go(number)}
                  >
                    {moveText(data, move, number, view)}
                    {marked.has(number) && <span class="visually-hidden"> ({t("replay.marked")})</span>}
                  </button>
                </li>
              );
            })}
          </ol>
        </details>
      )}
    </section>
  );
}
