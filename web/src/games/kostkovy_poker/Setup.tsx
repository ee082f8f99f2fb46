// The landing of Kostkový poker (kit/SetupForm.tsx around its own choices): how many people
// play at this device (1: against the computer; more: hot seat, the device handed over
// between them), how many computer opponents, each Klidný or Chytrý, and the chips everyone
// starts with (the declared range). The game runs in this browser, offline too.
import { useRef, useState } from "preact/hooks";
import { SEATS, SETTINGS } from "virtual:game-data/kostkovy_poker";
import { parseWhole, WholeField } from "../../components/WholeField";
import { t, useLang } from "../../i18n";
import { Choice } from "../../kit/Choice";
import { ComputerRating } from "../../kit/ComputerRating";
import type { SetupProps } from "../../kit/game";
import { setting } from "../../kit/settings";
import { SetupForm } from "../../kit/SetupForm";
import { BOT_NAMES, MAX_PEOPLE, minBots } from "./storage";
import { COMPUTER_RATINGS } from "./wire.gen";
import type { BotName, KpSetup } from "./types";
import "./kp.css";

/** from..to, both included. */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const PEOPLE = range(1, MAX_PEOPLE);
const CHIPS = setting(SETTINGS, "chips");

/** A row of numbers to pick one from, its name shown before them. */
function CountChoice({ label, name, counts, value, onChoose }: {
  label: string; name: string; counts: number[]; value: number; onChoose: (count: number) => void;
}) {
  return <Choice label={label} shown name={name} cls="kp-count-choice" row="kp-count" value={value} onChoose={onChoose}
    options={counts.map((count) => ({ value: count, text: count }))} />;
}

/** The computer players' names as pills. */
const botOptions = () => BOT_NAMES.map((bot) => ({
  value: bot, text: <>{t(`kp.bot.${bot}`)} <ComputerRating ratings={COMPUTER_RATINGS} bot={bot} /></>,
}));

export function Setup({ initial, busy, failure, focusStart, onStart }: SetupProps<KpSetup>) {
  useLang(); // its own words are passed down: they follow the language too
  const [people, setPeople] = useState(initial.people);
  const [bots, setBots] = useState<BotName[]>(initial.bots);
  const [chipsText, setChipsText] = useState(String(initial.chips));
  const [checked, setChecked] = useState(false);
  const chipsInput = useRef<HTMLInputElement>(null);
  const chips = parseWhole(chipsText, CHIPS.min!, CHIPS.max!);

  const counts = range(minBots(people), SEATS[1] - people);
  const setCount = (count: number, list = bots) => {
    const next = list.slice(0, count);
    while (next.length < count) next.push(next.length % 2 === 0 ? "klidny" : "chytry");
    setBots(next);
  };
  // More people leave fewer seats for computer players (and one alone needs one).
  const choosePeople = (count: number) => {
    setPeople(count);
    setCount(Math.min(SEATS[1] - count, Math.max(minBots(count), bots.length)));
  };
  const setBot = (index: number, bot: BotName) => setBots(bots.map((old, i) => (i === index ? bot : old)));

  const start = () => {
    if (chips === null) {
      setChecked(true);
      chipsInput.current?.focus();
      return;
    }
    onStart({ people, bots, chips });
  };

  return (
    <SetupForm game="kp" label={t("kp.setup.label")} note="kp.solo.note" busy={busy} failure={failure} focusStart={focusStart} onStart={start}>
      <fieldset class="mp-choices kp-people">
        <legend>{t("kp.setup.people.legend")}</legend>
        <CountChoice label={t("kp.setup.people.count")} name="kp-people" counts={PEOPLE} value={people} onChoose={choosePeople} />
        <p class="hint">{people > 1 ? t("kp.setup.people.hot") : t("kp.setup.people.solo")}</p>
      </fieldset>
      <fieldset class="mp-choices kp-bots">
        <legend>{t("kp.setup.bots.legend")}</legend>
        <CountChoice label={t("kp.setup.bots.count")} name="kp-count" counts={counts} value={bots.length} onChoose={setCount} />
        <dl class="kp-bot-about">
          {BOT_NAMES.map((name) => (
            <div key={name}>
              <dt>{t(`kp.bot.${name}`)}</dt>
              <dd>{t(`kp.bot.${name}.about`)}</dd>
            </div>
          ))}
        </dl>
        <ol class="kp-bot-list">
          {bots.map((bot, index) => (
            <li key={index}>
              <fieldset class="kp-bot">
                <legend>{t("kp.setup.bot.label", { n: index + 1 })}</legend>
                <Choice label={t("kp.setup.bot.label", { n: index + 1 })} name={`kp-bot-${index}`} cls="kp-pill" row="kp-bot-pills"
                  value={bot} onChoose={(name) => setBot(index, name)} options={botOptions()} />
              </fieldset>
            </li>
          ))}
        </ol>
      </fieldset>
      <fieldset class="mp-choices">
        <legend>{t("kp.setup.chips.legend")}</legend>
        <WholeField id="kp-chips" label={t("kp.setup.chips.label")} value={chipsText} min={CHIPS.min!} max={CHIPS.max!}
          error={checked && chips === null ? t("kp.setup.chips.invalid") : null} inputRef={chipsInput} onInput={setChipsText} />
      </fieldset>
    </SetupForm>
  );
}
