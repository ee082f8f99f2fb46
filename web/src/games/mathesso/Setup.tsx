// The landing of Mathesso (kit/SetupForm.tsx around its own choices): the variant (Atto for
// the youngest … Standart) and the add-ons the variant allows, both as the game declares
// them, and the players (1–6: each a person with a name or a computer player at a level of
// memory); a game saved on this device goes on instead. It runs in this browser, offline too.
import { useState } from "preact/hooks";
import { BOTS, COUNTS, SEATS, SETTINGS } from "virtual:game-data/mathesso";
import { COMPUTER_RATINGS } from "./wire.gen";
import { t, useLang } from "../../i18n";
import { Choice, Flag } from "../../kit/Choice";
import { ComputerRating } from "../../kit/ComputerRating";
import type { SetupProps } from "../../kit/game";
import { applies, options, setting } from "../../kit/settings";
import { SetupForm } from "../../kit/SetupForm";
import { cleanSetup, HAS_COMPUTER, type MaSetup, type SetupPlayer } from "./storage";
import { levelAbout, levelName, namesOf } from "./words";
import "./ma.css";

const VARIANTS = options(setting(SETTINGS, "variant")) as string[];
const ADD_ONS = ["cjv", "faktorial"] as const;

/** How many cards a setup lays out. */
function cardCount(setup: MaSetup): number {
  const counts = COUNTS[setup.variant];
  return counts ? counts[(setup.cjv ? 1 : 0) + (setup.faktorial ? 2 : 0)] : 0;
}

/** The kit's set-up props, but `saved`: whether a game is saved on this device. */
type Props = Omit<SetupProps<MaSetup>, "saved"> & { saved: boolean };

export function Setup({ initial, busy, failure, focusStart, saved, onStart }: Props) {
  useLang(); // its own words are passed down: they follow the language too
  const [setup, setSetup] = useState<MaSetup>(initial);
  const change = (next: Partial<MaSetup>) => setSetup((old) => cleanSetup({ ...old, ...next }));
  const setPlayer = (index: number, player: Partial<SetupPlayer>) =>
    change({ players: setup.players.map((old, i) => (i === index ? { ...old, ...player } : old)) });
  const people = setup.players.filter((p) => p.level === null).length;
  const names = namesOf(setup.players);

  return (
    <SetupForm game="ma" label={t("ma.setup.label")} saved={saved} before={saved && <p class="notice ma-saved">{t("ma.saved")}</p>}
      busy={busy} failure={failure} focusStart={focusStart} onStart={(fresh) => onStart(setup, fresh)}>
      <fieldset class="mp-choices ma-variants">
        <legend>{t("ma.variant.legend")}</legend>
        <Choice label={t("ma.variant.legend")} name="ma-variant" cls="ma-variant" row="ma-variant-list" cards value={setup.variant}
          onChoose={(variant) => change({ variant })}
          options={VARIANTS.map((variant) => ({ value: variant, text: t(`ma.variant.${variant}`), about: t(`ma.variant.${variant}.about`) }))} />
        <div class="ma-addons">
          {ADD_ONS.map((name) => (
            <Flag key={name} cls="ma-addon" text={t(`ma.addon.${name}`)} about={t(`ma.addon.${name}.about`)} checked={setup[name]}
              disabled={!applies(setting(SETTINGS, name), { variant: setup.variant })} onChange={(on) => change({ [name]: on })} />
          ))}
        </div>
        <p class="hint ma-count" role="status">{t("ma.cards.count", { count: cardCount(setup) })}</p>
      </fieldset>
      <fieldset class="mp-choices ma-people">
        <legend>{t("ma.people.legend")}</legend>
        <ol class="ma-setup-players">
          {setup.players.map((player, index) => (
            <li key={index} class={`ma-setup-player ma-seat${index}`}>
              <span class="ma-dot" aria-hidden="true" />
              <Choice label={t("ma.player.kind", { n: index + 1 })} name={`ma-kind-${index}`} cls="ma-pill" row="ma-kind"
                value={player.level === null ? "person" : "computer"} onChoose={(kind) => setPlayer(index, { level: kind === "person" ? null : 0 })}
                options={[
                  { value: "person", text: t("ma.kind.person") },
                  // the last person cannot become a computer player (the worker refuses that too)
                  ...(HAS_COMPUTER ? [{ value: "computer", text: t("ma.kind.computer"), disabled: player.level === null && people <= 1 }] : []),
                ]} />
              {player.level === null ? (
                <label class="ma-name">
                  <span>{t("ma.player.name", { n: index + 1 })}</span>
                  <input type="text" maxLength={20} value={player.name} placeholder={t("ma.player", { n: index + 1 })}
                    onInput={(e) => setPlayer(index, { name: e.currentTarget.value })} />
                </label>
              ) : (
                <div class="ma-levels">
                  <Choice label={t("ma.level.of", { name: names[index] })} name={`ma-level-${index}`} cls="ma-pill" row="ma-level-pills"
                    value={player.level} onChoose={(level) => setPlayer(index, { level })}
                    options={BOTS.map((bot, level) => ({
                      value: level,
                      text: <>{levelName(level)} <ComputerRating ratings={COMPUTER_RATINGS} bot={bot} /></>,
                    }))} />
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
    </SetupForm>
  );
}
