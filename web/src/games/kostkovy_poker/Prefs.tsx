// The device settings on the table screen: the table's colour, the dice's colour, sound.
import { t, useLang } from "../../i18n";
import { DICE, FELTS, PACES, setPrefs, usePrefs } from "./prefs";
import { unlockAndTry } from "./sound";

export function Prefs() {
  useLang();
  const prefs = usePrefs();
  return (
    <details class="kp-prefs">
      <summary>{t("kp.prefs.title")}</summary>
      <p class="hint">{t("kp.prefs.note")}</p>
      <fieldset>
        <legend>{t("kp.prefs.felt")}</legend>
        <div class="kp-swatches">
          {FELTS.map((felt) => (
            <label key={felt} class={`kp-swatch felt-${felt}${prefs.felt === felt ? " chosen" : ""}`}>
              <input type="radio" name="kp-felt" checked={prefs.felt === felt} onChange={() => setPrefs({ felt })} />
              <span class="kp-swatch-colour" aria-hidden="true" />
              <span>{t(`kp.felt.${felt}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("kp.prefs.dice")}</legend>
        <div class="kp-swatches">
          {DICE.map((dice) => (
            <label key={dice} class={`kp-swatch dice-${dice}${prefs.dice === dice ? " chosen" : ""}`}>
              <input type="radio" name="kp-dice" checked={prefs.dice === dice} onChange={() => setPrefs({ dice })} />
              <span class="kp-swatch-colour" aria-hidden="true" />
              <span>{t(`kp.dicecolour.${dice}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("kp.prefs.pace")}</legend>
        <div class="kp-swatches">
          {PACES.map((pace) => (
            <label key={pace} class={`kp-swatch plain${prefs.pace === pace ? " chosen" : ""}`}>
              <input type="radio" name="kp-pace" checked={prefs.pace === pace} onChange={() => setPrefs({ pace })} />
              <span>{t(`kp.pace.${pace}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label class="kp-sound">
        <input
          type="checkbox"
          checked={prefs.sound}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            setPrefs({ sound: on });
            if (on) unlockAndTry();
          }}
        />
        <span>{t("kp.prefs.sound")}: {t(prefs.sound ? "kp.prefs.sound.on" : "kp.prefs.sound.off")}</span>
      </label>
    </details>
  );
}
