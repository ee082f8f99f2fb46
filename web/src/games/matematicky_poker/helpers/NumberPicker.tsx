// "Výběr čísel": draws the engine's shuffled 54-card deck one card at a time, for playing on
// paper. Only the seed and the position are stored, so the deck survives closing the tab.
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { Dialog } from "../../../components/Dialog";
import { MpNav } from "../rules/MpNav";
import { shuffledDeck } from "../engine";
import { EngineGate, loadStored, saveStored, useEngine } from "./engine";
import "./helpers.css";

export const PICKER_KEY = "klubovna.mp.picker";
const DECK_SIZE = 54;
const JOKER = 0;
/** Cards of each value in a fresh deck (the engine's deck; shown, not used to deal). */
const COPIES: Record<number, number> = { [JOKER]: 2 };
for (let v = 1; v <= 13; v++) COPIES[v] = 4;
const KINDS = [...Array.from({ length: 13 }, (_, i) => i + 1), JOKER];

interface Picker {
  seed: number;
  position: number;
}

function isPicker(value: unknown): value is Picker {
  const p = value as Picker;
  return (
    typeof p === "object" && p !== null &&
    Number.isSafeInteger(p.seed) && p.seed >= 0 &&
    Number.isInteger(p.position) && p.position >= 0 && p.position <= DECK_SIZE
  );
}

/** A random seed below 2**53, so it is exact as a JavaScript number. */
function randomSeed(): number {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high & 0x1fffff) * 2 ** 32 + low;
}

function freshPicker(): Picker {
  const picker = { seed: randomSeed(), position: 0 };
  saveStored(PICKER_KEY, picker);
  return picker;
}

export function cardName(card: number): string {
  return card === JOKER ? t("mp.picker.joker") : String(card);
}

/** Whether Space or G pressed here belongs to the focused control rather than to drawing. */
function ownsKey(target: EventTarget | null, space: boolean): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest("input, textarea, select, dialog")) return true;
  return space && target.closest("button, a, summary, [role=button]") !== null;
}

export function NumberPicker() {
  useLang();
  const engine = useEngine();
  const [picker, setPicker] = useState<Picker>(() => loadStored(PICKER_KEY, isPicker) ?? freshPicker());
  const [deck, setDeck] = useState<{ seed: number; cards: number[] } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deckError, setDeckError] = useState(false);

  useEffect(() => {
    if (!engine.ready) return;
    let alive = true;
    setDeckError(false);
    shuffledDeck(picker.seed).then(
      (cards) => alive && setDeck({ seed: picker.seed, cards }),
      () => alive && setDeckError(true),
    );
    return () => void (alive = false);
  }, [engine.ready, picker.seed]);

  const cards = deck !== null && deck.seed === picker.seed ? deck.cards : null;
  const canDraw = cards !== null && picker.position < DECK_SIZE;

  const draw = useCallback(() => {
    if (!canDraw) return;
    setPicker((now) => {
      if (now.position >= DECK_SIZE) return now;
      const next = { seed: now.seed, position: now.position + 1 };
      saveStored(PICKER_KEY, next);
      return next;
    });
  }, [canDraw]);

  const drawRef = useRef(draw);
  drawRef.current = draw;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const space = event.key === " ";
      if (!space && event.key !== "g" && event.key !== "G") return;
      if (ownsKey(event.target, space) || document.querySelector("dialog[open]")) return;
      event.preventDefault();
      drawRef.current();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);

  // Another tab of this browser drew or shuffled: follow it, so both show one deck.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== PICKER_KEY) return;
      const other = loadStored(PICKER_KEY, isPicker);
      if (other !== null) setPicker(other);
    };
    addEventListener("storage", onStorage);
    return () => removeEventListener("storage", onStorage);
  }, []);

  const shuffle = () => {
    setConfirming(false);
    setPicker(freshPicker());
  };
  const closeConfirm = useCallback(() => setConfirming(false), []);

  const drawn = cards ? cards.slice(0, picker.position) : [];
  const last = drawn.length > 0 ? drawn[drawn.length - 1] : null;
  const left: Record<number, number> = { ...COPIES };
  for (const card of drawn) left[card] -= 1;

  return (
    <section class="page helper picker" data-page="mp-picker">
      <MpNav current="/matematicky-poker/vyber-cisel" />
      <h1>{t("mp.picker.title")}</h1>
      <p class="lead">{t("mp.picker.lead")}</p>
      <EngineGate engine={engine} retryKey="mp.picker.retry" />
      {deckError && (
        <p class="notice warn" role="alert">{t("engine.failed")}</p>
      )}
      <div class="picker-layout">
        <div class="picker-main">
          <div class="card-area">
            <div
              class={`big-card${last === JOKER ? " joker" : ""}${last === null ? " none" : ""}`}
              data-last={last ?? ""}
              aria-hidden="true"
            >
              <span class="caption">{t("mp.picker.last")}</span>
              <span class="value">{last === null ? "–" : cardName(last)}</span>
            </div>
            <p class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
              {last === null ? "" : t("mp.picker.announce", { n: drawn.length, card: cardName(last) })}
            </p>
          </div>
          <div class="picker-actions">
            <button type="button" class="primary draw" onClick={draw} disabled={!canDraw} aria-keyshortcuts="G Space">
              {t("mp.picker.draw")}
            </button>
            <button type="button" class="shuffle" onClick={() => setConfirming(true)}>
              {t("mp.picker.shuffle")}
            </button>
          </div>
          {cards !== null && (
            <p class="picker-count" data-position={picker.position}>
              {t("mp.picker.count", { drawn: picker.position, left: DECK_SIZE - picker.position })}
            </p>
          )}
          {cards !== null && picker.position >= DECK_SIZE && (
            <p class="notice picker-empty" role="status">{t("mp.picker.empty")}</p>
          )}
          <p class="hint">{t("mp.picker.keys")}</p>
        </div>
        <div class="picker-side">
          <h2 id="mp-picker-remaining">{t("mp.picker.remaining")}</h2>
          <ul class="remaining" aria-labelledby="mp-picker-remaining">
            {KINDS.map((kind) => (
              <li
                key={kind}
                class={`${kind === JOKER ? "joker" : ""}${cards && left[kind] === 0 ? " gone" : ""}`}
                data-value={kind}
                data-left={cards ? left[kind] : ""}
              >
                <span class="visually-hidden">
                  {t("mp.picker.remaining.item", { value: cardName(kind), count: cards ? left[kind] : "?" })}
                </span>
                <span class="kind" aria-hidden="true">{cardName(kind)}</span>
                <span class="left" aria-hidden="true">{cards ? `×${left[kind]}` : "…"}</span>
              </li>
            ))}
          </ul>
          <h2 id="mp-picker-history">{t("mp.picker.history")}</h2>
          {drawn.length === 0 ? (
            <p class="muted">{cards === null ? "…" : t("mp.picker.history.empty")}</p>
          ) : (
            <ol class="history" aria-labelledby="mp-picker-history">
              {drawn.map((card, i) => (
                <li key={i} class={card === JOKER ? "joker" : ""} data-card={card}>
                  {cardName(card)}
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
      {confirming && (
        <Dialog title={t("mp.picker.shuffle.title")} onClose={closeConfirm}>
          <p>{t("mp.picker.shuffle.text")}</p>
          <div class="dialog-actions">
            <button type="button" onClick={closeConfirm}>{t("mp.picker.cancel")}</button>
            <button type="button" class="primary confirm" onClick={shuffle}>{t("mp.picker.shuffle.confirm")}</button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
