// Hard mode: the time left for the card in hand, from the table's deadline and clock.
// The table's clock is ours plus `offset` (measured from each message's `now`).
import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n";
import "./game.css";

interface Props {
  deadline: number;
  seconds: number;
  offset: number;
  /** A smaller copy (in the joker dialog) is not a second timer for screen readers. */
  compact?: boolean;
}

const RADIUS = 20;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function Countdown({ deadline, seconds, offset, compact }: Props) {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    setNow(Date.now() + offset);
    const timer = setInterval(() => setNow(Date.now() + offset), 250);
    return () => clearInterval(timer);
  }, [deadline, offset]);
  const left = Math.max(0, deadline - now);
  const whole = Math.ceil(left / 1000);
  const share = Math.min(1, left / (seconds * 1000));
  const urgent = left <= Math.min(5000, seconds * 400);
  return (
    <div
      class={`mp-timer${urgent ? " urgent" : ""}${compact ? " compact" : ""}`}
      {...(compact ? { "aria-hidden": "true" } : { role: "timer", "aria-label": t("mp.timer.aria", { seconds: whole }) })}
    >
      <svg viewBox="0 0 48 48" aria-hidden="true">
        <circle class="mp-timer-track" cx="24" cy="24" r={RADIUS} />
        <circle
          class="mp-timer-left"
          cx="24"
          cy="24"
          r={RADIUS}
          stroke-dasharray={CIRCUMFERENCE}
          stroke-dashoffset={CIRCUMFERENCE * (1 - share)}
        />
      </svg>
      <span class="mp-timer-text">
        {whole}
        <small> {t("mp.timer.unit")}</small>
      </span>
    </div>
  );
}
