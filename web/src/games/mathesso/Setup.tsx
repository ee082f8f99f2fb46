// The landing of Mathesso: the variant (Atto for the youngest … Standart), the add-ons the
// variant allows, and the players (1–6: each a person with a name or a computer player at a
// level of memory), then Start; a game saved on this device goes on instead. Then the
// online room and the rules. The game on one device runs in this browser, offline too.
import { useEffect, useRef, useState } from "preact/hooks";
import { BOTS, CJV_FROM, COUNTS, FAKTORIAL_FROM, SEATS, VARIANTS } from "virtual:game-data/mathesso";
import { EngineWait } from "../../components/EngineStatus";
import { t, useLang } from "../../i18n";
import { href } from "../../router";
import { isOffline, onOfflineChange, preloadEngine } from "../../worker/client";
import { MaNav } from "./MaNav";
import { cleanSetup, HAS_COMPUTER, type MaSetup, type SetupPlayer } from "./storage";
import { levelAbout, levelName, namesOf } from "./words";
import "../../components/game.css";
import "./ma.css";

interface Props {
  initial: MaSetup;
  busy: boolean;
  failure: string | null;
  focusStart: boolean;
  /** Whether a game is saved on this device (Start goes on with it). */
  saved: boolean;
  onStart: (setup: MaSetup, fresh: boolean) => void;
}

/** How many cards a setup lays out. */
function cardCount(setup: MaSetup): number {
  const counts = COUNTS[setup.variant];
  return counts ? counts[(setup.cjv ? 1 : 0) + (setup.faktorial ? 2 : 0)] : 0;
}

export function Setup({ initial, busy, failure, focusStart, saved, onStart }: Props) {
  useEffect(preloadEngine, []); // the engine loads while the person reads the setup
  useLang();
  const [setup, setSetup] = useState<MaSetup>(initial);
  const [offline, setOffline] = useState(isOffline());
  useEffect(() => onOfflineChange(() => setOffline(isOffline())), []);
  const startButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusStart) startButton.current?.focus();
  }, []);
  const change = (next: Partial<MaSetup>) => setSetup((old) => cleanSetup({ ...old, ...next }));
  const setPlayer = (index: number, player: Partial<SetupPlayer>) =>
    change({ players: setup.players.map((old, i) => (i === index ? { ...old, ...player } : old)) });
  const people = setup.players.filter((p) => p.level === null).length;
  const names = namesOf(setup.players);

  const submit = (event: Event) => {
    event.preventDefault();
    if (!busy) onStart(setup, false);
  };

  return (
    <section class="page mp-setup ma-setup" aria-labelledby="ma-setup-title">
      <MaNav current="/mathesso" />
      <h1 id="ma-setup-title">{t("ma.title")}</h1>
      <p class="lead">{t("ma.lead")}</p>
      <p class={`notice${offline ? " warn" : ""}`}>{offline ? t("ma.offline") : t("ma.note")}</p>
      {saved && <p class="notice ma-saved">{t("ma.saved")}</p>}
      <form class="mp-form" onSubmit={submit} aria-label={t("ma.setup.label")} noValidate>
        <fieldset class="mp-choices ma-variants">
          <legend>{t("ma.variant.legend")}</legend>
          <div class="ma-variant-list" role="radiogroup" aria-label={t("ma.variant.legend")}>
            {VARIANTS.map((variant) => (
              <label key={variant} class={`ma-variant${setup.variant === variant ? " chosen" : ""}`}>
                <input type="radio" name="ma-variant" value={variant} checked={setup.variant === variant} onChange={() => change({ variant })} />
                <strong>{t(`ma.variant.${variant}`)}</strong>
                <small>{t(`ma.variant.${variant}.about`)}</small>
              </label>
            ))}
          </div>
          <div class="ma-addons">
            <label class={`ma-addon${CJV_FROM.includes(setup.variant) ? "" : " off"}`}>
              <input type="checkbox" checked={setup.cjv} disabled={!CJV_FROM.includes(setup.variant)} onChange={(e) => change({ cjv: e.currentTarget.checked })} />
              <span>{t("ma.addon.cjv")}</span>
              <small>{t("ma.addon.cjv.about")}</small>
            </label>
            <label class={`ma-addon${FAKTORIAL_FROM.includes(setup.variant) ? "" : " off"}`}>
              <input type="checkbox" checked={setup.faktorial} disabled={!FAKTORIAL_FROM.includes(setup.variant)} onChange={(e) => change({ faktorial: e.currentTarget.checked })} />
              <span>{t("ma.addon.faktorial")}</span>
              <small>{t("ma.addon.faktorial.about")}</small>
            </label>
          </div>
          <p class="hint ma-count" role="status">{t("ma.cards.count", { count: cardCount(setup) })}</p>
        </fieldset>
        <fieldset class="mp-choices ma-people">
          <legend>{t("ma.people.legend")}</legend>
          <ol class="ma-setup-players">
            {setup.players.map((player, index) => (
              <li key={index} class={`ma-setup-player ma-seat${index}`}>
                <span class="ma-dot" aria-hidden="true" />
                <div class="ma-kind" role="radiogroup" aria-label={t("ma.player.kind", { n: index + 1 })}>
                  <label class={`ma-pill${player.level === null ? " chosen" : ""}`}>
                    <input type="radio" name={`ma-kind-${index}`} checked={player.level === null} onChange={() => setPlayer(index, { level: null })} />
                    <span>{t("ma.kind.person")}</span>
                  </label>
                  {HAS_COMPUTER && (
                    <label class={`ma-pill${player.level !== null ? " chosen" : ""}`}>
                      <input type="radio" name={`ma-kind-${index}`} checked={player.level !== null} disabled={player.level === null && people <= 1} onChange={() => setPlayer(index, { level: 0 })} />
                      <span>{t("ma.kind.computer")}</span>
                    </label>
                  )}
                </div>
                {player.level === null ? (
                  <label class="ma-name">
                    <span>{t("ma.player.name", { n: index + 1 })}</span>
                    <input type="text" maxLength={20} value={player.name} placeholder={t("ma.player", { n: index + 1 })}
                      onInput={(e) => setPlayer(index, { name: e.currentTarget.value })} />
                  </label>
                ) : (
                  <div class="ma-levels">
                    <div class="ma-level-pills" role="radiogroup" aria-label={t("ma.level.of", { name: names[index] })}>
                      {BOTS.map((bot, level) => (
                        <label key={bot} class={`ma-pill${player.level === level ? " chosen" : ""}`}>
                          <input type="radio" name={`ma-level-${index}`} checked={player.level === level} onChange={() => setPlayer(index, { level })} />
                          <span>{levelName(level)}</span>
                        </label>
                      ))}
                    </div>
                    <small class="hint">{levelAbout(player.level)}</small>
                  </div>
                )}
                {setup.players.length > SEATS[0] && (
                  <button type="button" class="chip ma-remove" aria-label={t("ma.player.remove", { name: names[index] })}
                    disabled={player.level === null && people <= 1}
                    onClick={() => change({ players: setup.players.filter((_, i) => i !== index) })}>
                    ✕
                  </button>
                )}
              </li>
            ))}
          </ol>
          <p class="ma-add-row">
            <button type="button" disabled={setup.players.length >= SEATS[1]} onClick={() => change({ players: [...setup.players, { name: "", level: null }] })}>
              {t("ma.add.person")}
            </button>
            {HAS_COMPUTER && (
              <button type="button" disabled={setup.players.length >= SEATS[1]} onClick={() => change({ players: [...setup.players, { name: "", level: 0 }] })}>
                {t("ma.add.computer")}
              </button>
            )}
          </p>
          <p class="hint">{t(people > 1 ? "ma.people.hot" : "ma.people.solo")}</p>
          {/* why the last person cannot become a computer player (the worker refuses that too) */}
          {HAS_COMPUTER && people <= 1 && <p class="hint ma-one-person">{t("ma.error.no_person")}</p>}
        </fieldset>
        <div class="mp-start-row">
          <button ref={startButton} type="submit" class="primary mp-start" aria-busy={busy ? "true" : undefined}>
            {saved ? t("ma.resume") : t("ma.start")}
          </button>
          {saved && (
            <button type="button" onClick={() => !busy && onStart(setup, true)}>{t("ma.start.new")}</button>
          )}
          <p class="mp-start-status" role="status">{busy ? <EngineWait text={t("ma.starting")} /> : failure ?? ""}</p>
        </div>
      </form>
      <div class="mp-more-grid">
        <section class="mp-more" aria-labelledby="ma-more-title">
          <h2 id="ma-more-title">{t("ma.more.title")}</h2>
          <ul>
            <li>
              <a href={href("/mathesso/online")}>{t("ma.more.online")}</a>
              <small>{t("ma.more.online.about")}</small>
            </li>
            <li>
              <a href={href("/mathesso/pravidla")}>{t("ma.more.rules")}</a>
              <small>{t("ma.more.rules.about")}</small>
            </li>
          </ul>
        </section>
      </div>
    </section>
  );
}
