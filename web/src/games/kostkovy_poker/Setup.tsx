// The landing of Kostkový poker: how many people play at this device (1: against the
// computer; more: hot seat, the device handed over between them), how many computer
// opponents, each Klidný or Chytrý, the chips everyone starts with, and Start; then the online table and the rules. The solo
// game runs in this browser, so the page says it works offline too.
import { useEffect, useRef, useState } from "preact/hooks";
import { CHIPS, SEATS } from "virtual:game-data/kostkovy_poker";
import { parseWhole, WholeField } from "../../components/WholeField";
import { EngineWait } from "../../components/EngineStatus";
import { t, useLang } from "../../i18n";
import { href } from "../../router";
import { isOffline, onOfflineChange, preloadEngine } from "../../worker/client";
import { BotPills, CountChoice } from "./Choices";
import { KpNav } from "./KpNav";
import { BOT_NAMES, MAX_PEOPLE, minBots } from "./storage";
import type { BotName, KpSetup } from "./types";
import "../../components/game.css";
import "./kp.css";

interface Props {
  initial: KpSetup;
  busy: boolean;
  /** Why the last start (or resume) failed, already in words. */
  failure: string | null;
  /** Take the focus (back from a finished game). */
  focusStart: boolean;
  onStart: (setup: KpSetup) => void;
}

/** from..to, both included. */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const PEOPLE = range(1, MAX_PEOPLE);

export function Setup({ initial, busy, failure, focusStart, onStart }: Props) {
  useEffect(preloadEngine, []); // the engine loads while the person reads the setup
  useLang();
  const [people, setPeople] = useState(initial.people);
  const [bots, setBots] = useState<BotName[]>(initial.bots);
  const [chipsText, setChipsText] = useState(String(initial.chips));
  const [checked, setChecked] = useState(false);
  const [offline, setOffline] = useState(isOffline());
  useEffect(() => onOfflineChange(() => setOffline(isOffline())), []);
  const chipsInput = useRef<HTMLInputElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusStart) startButton.current?.focus();
  }, []);
  const chips = parseWhole(chipsText, CHIPS[0], CHIPS[2]);

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

  const submit = (event: Event) => {
    event.preventDefault();
    if (busy) return;
    if (chips === null) {
      setChecked(true);
      chipsInput.current?.focus();
      return;
    }
    onStart({ people, bots, chips });
  };

  return (
    <section class="page mp-setup kp-setup" aria-labelledby="kp-setup-title">
      <KpNav current="/kostkovy-poker" />
      <h1 id="kp-setup-title">{t("kp.title")}</h1>
      <p class="lead">{t("kp.lead")}</p>
      <p class={`notice${offline ? " warn" : ""} kp-solo-note`}>{offline ? t("kp.offline") : t("kp.solo.note")}</p>
      <form class="mp-form" onSubmit={submit} aria-label={t("kp.setup.label")} noValidate>
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
                  <BotPills name={`kp-bot-${index}`} value={bot} onChoose={(name) => setBot(index, name)} />
                </fieldset>
              </li>
            ))}
          </ol>
        </fieldset>
        <fieldset class="mp-choices">
          <legend>{t("kp.setup.chips.legend")}</legend>
          <WholeField
            id="kp-chips"
            label={t("kp.setup.chips.label")}
            value={chipsText}
            min={CHIPS[0]}
            max={CHIPS[2]}
            error={checked && chips === null ? t("kp.setup.chips.invalid") : null}
            inputRef={chipsInput}
            onInput={setChipsText}
          />
        </fieldset>
        <div class="mp-start-row">
          <button ref={startButton} type="submit" class="primary mp-start" aria-busy={busy ? "true" : undefined}>
            {t("kp.start")}
          </button>
          <p class="mp-start-status" role="status">{busy ? <EngineWait text={t("kp.starting")} /> : failure ?? ""}</p>
        </div>
      </form>
      <div class="mp-more-grid">
        <section class="mp-more" aria-labelledby="kp-more-title">
          <h2 id="kp-more-title">{t("kp.more.title")}</h2>
          <ul>
            <li>
              <a href={href("/kostkovy-poker/stul")}>{t("kp.more.online")}</a>
              <small>{t("kp.more.online.about")}</small>
            </li>
            <li>
              <a href={href("/kostkovy-poker/pravidla")}>{t("kp.more.rules")}</a>
              <small>{t("kp.more.rules.about")}</small>
            </li>
          </ul>
        </section>
      </div>
    </section>
  );
}
