// The person's own five dice: to choose from while keeping (toggle buttons, keys 1–5, Enter
// keeps, the cost of each count shown), afterwards with the kept ones marked and the rest
// dimmed (they do not count this hand).
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { KEEP_COSTS } from "virtual:game-data/kostkovy_poker";
import { t } from "../../i18n";
import { Die } from "./Die";
import type { KpView } from "./types";
import { chips, tn } from "./words";

const COUNTS = Object.keys(KEEP_COSTS).map(Number).sort((a, b) => a - b);
const MOST = Math.max(...COUNTS);

export function costText(count: number): string {
  const cost = KEEP_COSTS[String(count)] ?? 0;
  return cost === 0 ? t("kp.keep.free") : tn("kp.cost", cost);
}

/** Whether a key press is meant for the page (not typed into a field, no dialog open). */
export function forThePage(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return false;
  const target = event.target as HTMLElement | null;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return false;
  return document.querySelector("dialog[open]") === null;
}

interface ChoiceProps {
  view: KpView;
  rolled: number;
  /** Whether the person may act now (the newest view is on screen). */
  ready: boolean;
  onKeep: (dice: number[]) => void;
}

export function KeepChoice({ view, rolled, ready, onKeep }: ChoiceProps) {
  const [picked, setPicked] = useState<number[]>([]); // new each hand: Table keys us by it
  const first = useRef<HTMLButtonElement>(null);
  const most = Math.min(view.keep_max ?? MOST, MOST);
  const me = view.players[view.seat];
  const count = picked.length;
  const canKeep = ready && count >= 1 && count <= most;
  const toggle = (index: number) =>
    setPicked((now) => (now.includes(index) ? now.filter((i) => i !== index) : [...now, index].sort((a, b) => a - b)));
  const keep = () => {
    if (canKeep) onKeep(picked);
  };

  useEffect(() => {
    if (ready && document.activeElement === document.body) first.current?.focus();
  }, [ready, view.hand]);
  // One listener for the component's life, reading the latest render's state: an effect
  // re-registered after each render would run a render late (after the next paint). It is
  // added before the first paint, so a key pressed as soon as the dice show is heard.
  const latest = useRef({ toggle, keep, dice: view.dice.length, ready });
  latest.current = { toggle, keep, dice: view.dice.length, ready };
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!forThePage(event)) return;
      const digit = Number(event.key);
      if (Number.isInteger(digit) && digit >= 1 && digit <= latest.current.dice && latest.current.ready) {
        event.preventDefault();
        latest.current.toggle(digit - 1);
      } else if (event.key === "Enter") {
        const target = event.target as HTMLElement | null;
        if (target?.tagName === "BUTTON" && !target.classList.contains("kp-pick")) return;
        event.preventDefault();
        latest.current.keep();
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);

  let problem = "";
  if (count === 0) problem = t("kp.keep.none");
  else if (count > MOST) problem = t("kp.keep.too_many", { max: tn("kp.dice", MOST) });
  else if (count > most) problem = t("kp.keep.cannot_pay", { chips: chips(me.chips) });

  return (
    <section class="kp-keep" aria-labelledby="kp-keep-title">
      <h2 id="kp-keep-title">{t("kp.keep.title")}</h2>
      <p class="hint">{t("kp.keep.hint")}</p>
      <div class="kp-my-dice pick" role="group" aria-label={t("kp.mine")}>
        {view.dice.map((value, i) => (
          <button
            key={`${rolled}-${i}`}
            ref={i === 0 ? first : undefined}
            type="button"
            class={`kp-pick${picked.includes(i) ? " picked" : ""}`}
            aria-pressed={picked.includes(i) ? "true" : "false"}
            aria-label={t("kp.die.pick", { n: i + 1, value })}
            aria-keyshortcuts={String(i + 1)}
            data-index={i}
            data-value={value}
            disabled={!ready}
            onClick={() => toggle(i)}
          >
            <Die value={value} rolling={rolled > 0} delay={i * 60} />
            <kbd aria-hidden="true">{i + 1}</kbd>
          </button>
        ))}
      </div>
      <table class="kp-costs">
        <caption>{t("kp.keep.costs")}</caption>
        <tbody>
          <tr>
            {COUNTS.map((n) => (
              <td key={n} class={`${n === count ? "current" : ""}${n > most ? " unaffordable" : ""}`}>
                {t("kp.keep.cost.row", { dice: tn("kp.dice", n), cost: costText(n) })}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <div class="kp-keep-row">
        <button type="button" class="primary kp-keep-submit" disabled={!canKeep} aria-keyshortcuts="Enter" onClick={keep}>
          {count >= 1 && count <= MOST
            ? t("kp.keep.submit", { dice: tn("kp.dice", count), cost: costText(count) })
            : t("kp.keep.submit.none")}
        </button>
        <p class="kp-keep-problem" role="status">{problem}</p>
      </div>
      <p class="hint kp-keys">{t("kp.keep.keys")}</p>
    </section>
  );
}

interface MyDiceProps {
  view: KpView;
  rolled: number;
  /** The kept dice's values when the view does not say which were kept (a hand that ended
   *  in the very step of the person's keeping: its showdown shows them). */
  shownKept?: number[] | null;
}

/** Indexes of `values` among `dice` (each die used once). */
function indexesOf(dice: number[], values: number[]): number[] {
  const left = [...values];
  const out: number[] = [];
  dice.forEach((die, i) => {
    const at = left.indexOf(die);
    if (at >= 0) {
      out.push(i);
      left.splice(at, 1);
    }
  });
  return out;
}

/** The person's dice outside the choice: kept ones marked, the others dimmed. */
export function MyDice({ view, rolled, shownKept = null }: MyDiceProps) {
  if (view.dice.length === 0) {
    const me = view.players[view.seat];
    return view.game_over || me.out !== null ? null : <p class="hint kp-my-none">{t("kp.mine.none")}</p>;
  }
  const keptIndexes = view.kept ?? (shownKept ? indexesOf(view.dice, shownKept) : null);
  const kept = keptIndexes ?? [];
  return (
    <div class="kp-my-dice" role="group" aria-label={t("kp.mine")}>
      {view.dice.map((value, i) => {
        const isKept = kept.includes(i);
        const label = keptIndexes === null ? t("kp.die", { value }) : t(isKept ? "kp.die.kept" : "kp.die.unused", { value });
        return (
          <span key={`${rolled}-${i}`} class={`kp-mine${isKept ? " kept" : keptIndexes ? " unused" : ""}`}>
            <Die value={value} label={label} rolling={rolled > 0 && keptIndexes === null} delay={i * 60} />
          </span>
        );
      })}
    </div>
  );
}
