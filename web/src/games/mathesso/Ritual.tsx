// The order ritual as a short animation: in each round every player's "1" card turns over
// one after another and shows its coloured number; the lowest plays first, a tie turns
// another round; then the order of play. The engine drew the cards (view.ritual); this
// only shows them. Without motion (or at the instant pace) everything shows at once.
import { useEffect, useState } from "preact/hooks";
import { t } from "../../i18n";
import { BlackSide, ColouredSide } from "./Card";
import type { RitualDraw } from "./types";

/** Seconds between two cards turning, and between two rounds (ma.css times the flips). */
const STEP = 0.45;
const ROUND = 1.7;
/** Seconds the order stays on show after the animation before the panel goes by itself. */
const LINGER = 4;

interface Props {
  rounds: RitualDraw[][];
  order: number[];
  nameOf: (seat: number) => string;
  animate: boolean;
  /** Whether "Hrajeme!" closes it (not in a replay's frame, which shows it as it was). */
  closable?: boolean;
}

export function Ritual({ rounds, order, nameOf, animate, closable = true }: Props) {
  const [closed, setClosed] = useState(false);
  const end = rounds.length * ROUND;
  // After the animation it goes by itself; without one (the instant pace) it stays until
  // "Hrajeme!" or the first card of play.
  useEffect(() => {
    if (!animate) return;
    const timer = setTimeout(() => setClosed(true), (end + LINGER) * 1000);
    return () => clearTimeout(timer);
  }, []);
  if (closed) return null;
  return (
    <section class={`ma-ritual${animate ? " animate" : ""}`} aria-labelledby="ma-ritual-title">
      <h2 id="ma-ritual-title">{t("ma.ritual.title")}</h2>
      <p class="hint">{t("ma.ritual.text")}</p>
      {rounds.map((draws, r) => (
        <ol key={r} class="ma-ritual-round" aria-label={t("ma.ritual.round", { n: r + 1 })}>
          {draws.map((draw, i) => (
            <li key={draw.seat} class={`ma-seat${draw.seat}`}>
              <span class="ma-ritual-card" style={{ "--delay": `${r * ROUND + i * STEP}s` }}>
                <span class="ma-ritual-inner">
                  <span class="ma-side ma-black"><BlackSide black="1" /></span>
                  <span class="ma-side ma-face"><ColouredSide face={draw.face} /></span>
                </span>
              </span>
              <span class="ma-ritual-name">{nameOf(draw.seat)}</span>
              <span class="ma-ritual-value">{t("ma.ritual.shows", { value: draw.face.shows })}</span>
            </li>
          ))}
        </ol>
      ))}
      <p class="ma-ritual-order" style={{ "--delay": `${end}s` }}>
        {t("ma.ritual.order")}{" "}
        {order.map((seat, i) => <span key={seat} class={`ma-order ma-seat${seat}`}>{i + 1}. {nameOf(seat)}</span>)}
      </p>
      {closable && <button type="button" class="ma-ritual-close" onClick={() => setClosed(true)}>{t("ma.ritual.close")}</button>}
    </section>
  );
}
