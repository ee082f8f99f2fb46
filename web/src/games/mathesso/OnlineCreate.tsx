// #/mathesso/online: a new room — the seats (people and computer players together), the
// variant and add-ons, the computer player who takes the seats nobody takes, who plays —
// "Založit místnost", then the invitation link and code on the lobby pages; below, joining a
// room by its code. Needs the server and says so when there is none (the local game does not).
import { useState } from "preact/hooks";
import { BOTS, CJV_FROM, FAKTORIAL_FROM, SEATS, VARIANTS } from "virtual:game-data/mathesso";
import { t, useLang } from "../../i18n";
import { CreateForm } from "../../lobby/CreateForm";
import { MaNav } from "./MaNav";
import { MA_LOBBY } from "./online";
import { loadSetup } from "./storage";
import { levelName } from "./words";
import "../../components/game.css";
import "../../profile/profile.css";
import "../../lobby/lobby.css";
import "./ma.css";

const SEAT_COUNTS = Array.from({ length: SEATS[1] - Math.max(2, SEATS[0]) + 1 }, (_, i) => Math.max(2, SEATS[0]) + i);

export function OnlineCreate() {
  useLang();
  const [seats, setSeats] = useState(2);
  const [variant, setVariant] = useState(() => loadSetup().variant);
  const [cjv, setCjv] = useState(false);
  const [faktorial, setFaktorial] = useState(false);
  const [level, setLevel] = useState(0);
  const body = () => {
    const settings: Record<string, unknown> = { kind: "table", seats, variant };
    if (cjv && CJV_FROM.includes(variant)) settings.cjv = true;
    if (faktorial && FAKTORIAL_FROM.includes(variant)) settings.faktorial = true;
    if (BOTS.length > 0) settings.computer = BOTS[level];
    return settings;
  };

  return (
    <section class="page mp-setup ma-setup lobby-create" aria-labelledby="ma-online-title">
      <MaNav current="/mathesso/online" />
      <h1 id="ma-online-title">{t("ma.online.title")}</h1>
      <p class="lead">{t("ma.online.lead")}</p>
      <CreateForm
        game={MA_LOBBY}
        label={t("ma.online.label")}
        submit={t("ma.online.create")}
        creating={t("ma.online.creating")}
        needsServer={t("ma.online.needs.server")}
        check={() => true}
        body={body}
      >
        {() => (
          <fieldset class="mp-choices ma-online-choices">
            <legend>{t("ma.online.settings")}</legend>
            <div class="ma-pills" role="radiogroup" aria-label={t("ma.online.seats")}>
              <span class="ma-pills-label" aria-hidden="true">{t("ma.online.seats")}</span>
              {SEAT_COUNTS.map((count) => (
                <label key={count} class={`ma-pill${seats === count ? " chosen" : ""}`}>
                  <input type="radio" name="ma-seats" checked={seats === count} onChange={() => setSeats(count)} />
                  <span>{count}</span>
                </label>
              ))}
            </div>
            <div class="ma-pills" role="radiogroup" aria-label={t("ma.variant.legend")}>
              <span class="ma-pills-label" aria-hidden="true">{t("ma.variant.legend")}</span>
              {VARIANTS.map((v) => (
                <label key={v} class={`ma-pill${variant === v ? " chosen" : ""}`}>
                  <input type="radio" name="ma-online-variant" checked={variant === v} onChange={() => setVariant(v)} />
                  <span>{t(`ma.variant.${v}`)}</span>
                </label>
              ))}
            </div>
            <div class="ma-addons">
              <label class={`ma-addon${CJV_FROM.includes(variant) ? "" : " off"}`}>
                <input type="checkbox" checked={cjv && CJV_FROM.includes(variant)} disabled={!CJV_FROM.includes(variant)} onChange={(e) => setCjv(e.currentTarget.checked)} />
                <span>{t("ma.addon.cjv")}</span>
              </label>
              <label class={`ma-addon${FAKTORIAL_FROM.includes(variant) ? "" : " off"}`}>
                <input type="checkbox" checked={faktorial && FAKTORIAL_FROM.includes(variant)} disabled={!FAKTORIAL_FROM.includes(variant)} onChange={(e) => setFaktorial(e.currentTarget.checked)} />
                <span>{t("ma.addon.faktorial")}</span>
              </label>
            </div>
            {BOTS.length > 0 && (
              <div class="ma-pills" role="radiogroup" aria-label={t("ma.online.computer")}>
                <span class="ma-pills-label" aria-hidden="true">{t("ma.online.computer")}</span>
                {BOTS.map((bot, i) => (
                  <label key={bot} class={`ma-pill${level === i ? " chosen" : ""}`}>
                    <input type="radio" name="ma-online-level" checked={level === i} onChange={() => setLevel(i)} />
                    <span>{levelName(i)}</span>
                  </label>
                ))}
              </div>
            )}
            <p class="hint">{t("ma.online.info")}</p>
          </fieldset>
        )}
      </CreateForm>
    </section>
  );
}
