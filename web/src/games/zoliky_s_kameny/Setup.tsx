// The landing of Žolíky s kameny: against the computer (at the saved level) or on one device
// ("Místní hra", 2-4 people), and Start; a game of that mode saved in this browser goes on
// instead. Then the online room and the rules. Both modes run in this browser, offline too.
import { useEffect, useRef, useState } from "preact/hooks";
import { SEATS } from "virtual:game-data/zoliky_s_kameny";
import { EngineWait } from "../../components/EngineStatus";
import { t, useLang } from "../../i18n";
import { href } from "../../router";
import { isOffline, onOfflineChange, preloadEngine } from "../../worker/client";
import { LevelPills } from "./Levels";
import { HAS_COMPUTER, type Mode, type ZkSetup } from "./storage";
import { ZkNav } from "./ZkNav";
import "../../components/game.css";
import "./zk.css";

interface Props {
  initial: ZkSetup;
  busy: boolean;
  failure: string | null;
  focusStart: boolean;
  /** Whether a game of `mode` is saved in this browser (Start goes on with it). */
  saved: (mode: Mode) => boolean;
  /** Start (or go on with the saved game; `fresh`: a new one instead). */
  onStart: (setup: ZkSetup, fresh: boolean) => void;
}

const PEOPLE = Array.from({ length: SEATS[1] - SEATS[0] + 1 }, (_, i) => SEATS[0] + i);

export function Setup({ initial, busy, failure, focusStart, saved, onStart }: Props) {
  useEffect(preloadEngine, []); // the engine loads while the person reads the setup
  useLang();
  const [mode, setMode] = useState<Mode>(initial.mode);
  const [people, setPeople] = useState(initial.people);
  const [level, setLevel] = useState(initial.level);
  const [offline, setOffline] = useState(isOffline());
  useEffect(() => onOfflineChange(() => setOffline(isOffline())), []);
  const startButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusStart) startButton.current?.focus();
  }, []);
  const modes: Mode[] = HAS_COMPUTER ? ["computer", "local"] : ["local"];

  const submit = (event: Event) => {
    event.preventDefault();
    if (!busy) onStart({ mode, people, level }, false);
  };
  const going = saved(mode);

  return (
    <section class="page mp-setup zk-setup" aria-labelledby="zk-setup-title">
      <ZkNav current="/zoliky-s-kameny" />
      <h1 id="zk-setup-title">{t("zk.title")}</h1>
      <p class="lead">{t("zk.lead")}</p>
      <p class={`notice${offline ? " warn" : ""}`}>{offline ? t("zk.offline") : t("zk.note")}</p>
      <form class="mp-form" onSubmit={submit} aria-label={t("zk.mode.legend")} noValidate>
        <fieldset class="mp-choices">
          <legend>{t("zk.mode.legend")}</legend>
          <div class="zk-modes" role="radiogroup" aria-label={t("zk.mode.legend")}>
            {modes.map((m) => (
              <label key={m} class={`zk-mode${mode === m ? " chosen" : ""}`}>
                <input type="radio" name="zk-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                <strong>{t(`zk.mode.${m}`)}</strong>
                <small>{t(`zk.mode.${m}.about`)}</small>
              </label>
            ))}
          </div>
        </fieldset>
        {going ? (
          <p class="hint zk-saved">{t(`zk.saved.${mode}`)}</p>
        ) : mode === "computer" ? (
          <fieldset class="mp-choices">
            <legend>{t("zk.level")}</legend>
            <LevelPills name="zk-level" value={level} onChoose={setLevel} />
          </fieldset>
        ) : (
          <fieldset class="mp-choices">
            <legend>{t("zk.people")}</legend>
            <div class="zk-pills" role="radiogroup" aria-label={t("zk.people")}>
              {PEOPLE.map((count) => (
                <label key={count} class={`zk-pill${people === count ? " chosen" : ""}`}>
                  <input type="radio" name="zk-people" value={count} checked={people === count} onChange={() => setPeople(count)} />
                  <span>{count}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div class="mp-start-row">
          <button ref={startButton} type="submit" class="primary mp-start" aria-busy={busy ? "true" : undefined}>
            {going ? t("zk.resume") : t("zk.start")}
          </button>
          {going && (
            <button type="button" onClick={() => !busy && onStart({ mode, people, level }, true)}>
              {t("zk.start.new")}
            </button>
          )}
          <p class="mp-start-status" role="status">{busy ? <EngineWait text={t("zk.starting")} /> : failure ?? ""}</p>
        </div>
      </form>
      <div class="mp-more-grid">
        <section class="mp-more" aria-labelledby="zk-more-title">
          <h2 id="zk-more-title">{t("zk.more.title")}</h2>
          <ul>
            <li>
              <a href={href("/zoliky-s-kameny/online")}>{t("zk.more.online")}</a>
              <small>{t("zk.more.online.about")}</small>
            </li>
            <li>
              <a href={href("/zoliky-s-kameny/pravidla")}>{t("zk.more.rules")}</a>
              <small>{t("zk.more.rules.about")}</small>
            </li>
          </ul>
        </section>
      </div>
    </section>
  );
}
