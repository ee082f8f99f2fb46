// Kostkový poker's setup choices: a row of numbers to pick one from (seats, people, computer
// players), a radio group whose visible label is the group's name; and the computer players'
// names as pills.
import { t } from "../../i18n";
import { BOT_NAMES } from "./storage";
import type { BotName } from "./types";

export function CountChoice({ label, name, counts, value, onChoose }: {
  label: string;
  name: string;
  counts: readonly number[];
  value: number;
  onChoose: (count: number) => void;
}) {
  return (
    <div class="kp-count" role="radiogroup" aria-label={label}>
      <span class="kp-count-label" aria-hidden="true">{label}</span>
      {counts.map((count) => (
        <label key={count} class={`kp-count-choice${value === count ? " chosen" : ""}`}>
          <input type="radio" name={name} value={count} checked={value === count} onChange={() => onChoose(count)} />
          <span>{count}</span>
        </label>
      ))}
    </div>
  );
}

/** One computer player's name, picked from the pills (radio buttons named `name`). */
export function BotPills({ name, value, onChoose }: { name: string; value: BotName; onChoose: (bot: BotName) => void }) {
  return (
    <div class="kp-bot-pills">
      {BOT_NAMES.map((bot) => (
        <label key={bot} class={`kp-pill${value === bot ? " chosen" : ""}`}>
          <input type="radio" name={name} value={bot} checked={value === bot} onChange={() => onChoose(bot)} />
          <span>{t(`kp.bot.${bot}`)}</span>
        </label>
      ))}
    </div>
  );
}
