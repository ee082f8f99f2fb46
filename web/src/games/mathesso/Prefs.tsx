// The device settings under the table: sounds on or off, the colour ruler shown or not, and
// how fast the computer players' turns are shown. Remembered on this device (prefs.ts).
import { t, useLang } from "../../i18n";
import { PACES, setPrefs, usePrefs } from "./prefs";
import { unlockAndTry } from "./sound";

/** `pace`: whether the computer players' pace is worth offering (one plays here). */
export function Prefs({ pace = true }: { pace?: boolean }) {
  useLang();
  const prefs = usePrefs();
  return (
    <div class="ma-prefs" role="group" aria-label={t("ma.prefs")}>
      <button
        type="button"
        class="chip ma-toggle"
        aria-pressed={prefs.sound ? "true" : "false"}
        onClick={() => {
          setPrefs({ sound: !prefs.sound });
          if (!prefs.sound) unlockAndTry();
        }}
      >
        {t("ma.prefs.sound")}: {t(prefs.sound ? "ma.on" : "ma.off")}
      </button>
      <button type="button" class="chip ma-toggle" aria-pressed={prefs.ruler ? "true" : "false"} onClick={() => setPrefs({ ruler: !prefs.ruler })}>
        {t("ma.ruler.show")}: {t(prefs.ruler ? "ma.on" : "ma.off")}
      </button>
      {pace && <span class="ma-pace" role="radiogroup" aria-label={t("ma.prefs.pace")}>
        <span aria-hidden="true">{t("ma.prefs.pace")}:</span>
        {PACES.map((pace) => (
          <label key={pace} class={`ma-pace-pill${prefs.pace === pace ? " chosen" : ""}`}>
            <input type="radio" name="ma-pace" checked={prefs.pace === pace} onChange={() => setPrefs({ pace })} />
            <span>{t(`ma.pace.${pace}`)}</span>
          </label>
        ))}
      </span>}
    </div>
  );
}
