// #/kostkovy-poker/stul: a new online table — seats (people and computer players), chips,
// seconds per turn, which computer player takes the empty seats, who plays — and "Založit
// stůl"; below, joining another table by its code. Needs the server and says so when there
// is none (the solo game does not).
import { useRef, useState } from "preact/hooks";
import { CHIPS, SEATS } from "virtual:game-data/kostkovy_poker";
import { parseWhole, WholeField } from "../../components/WholeField";
import { t, useLang } from "../../i18n";
import { CreateForm } from "../../lobby/CreateForm";
import { BotPills, CountChoice } from "./Choices";
import { KpNav } from "./KpNav";
import { KP_LOBBY } from "./online";
import { loadSetup } from "./storage";
import type { BotName } from "./types";
import "../../components/game.css";
import "../../profile/profile.css";
import "../../lobby/lobby.css";
import "./kp.css";

const SEAT_COUNTS = Array.from({ length: SEATS[1] - SEATS[0] + 1 }, (_, i) => SEATS[0] + i);
const DEFAULT_SEATS = 4;
const DEFAULT_SECONDS = 30;

export function OnlineCreate() {
  useLang();
  const [seats, setSeats] = useState(DEFAULT_SEATS);
  const [chipsText, setChipsText] = useState(() => String(loadSetup().chips));
  const [secondsText, setSecondsText] = useState(String(DEFAULT_SECONDS));
  const [robots, setRobots] = useState<BotName>("klidny");
  const chipsInput = useRef<HTMLInputElement>(null);
  const secondsInput = useRef<HTMLInputElement>(null);
  const chips = parseWhole(chipsText, CHIPS[0], CHIPS[2]);
  const seconds = parseWhole(secondsText, 3, 300);

  const check = () => {
    if (chips === null) chipsInput.current?.focus();
    else if (seconds === null) secondsInput.current?.focus();
    return chips !== null && seconds !== null;
  };

  return (
    <section class="page mp-setup kp-setup lobby-create" aria-labelledby="kp-online-title">
      <KpNav current="/kostkovy-poker/stul" />
      <h1 id="kp-online-title">{t("kp.online.title")}</h1>
      <p class="lead">{t("kp.online.lead")}</p>
      <CreateForm
        game={KP_LOBBY}
        label={t("kp.online.label")}
        submit={t("kp.online.create")}
        creating={t("kp.online.creating")}
        needsServer={t("kp.online.needs.server")}
        check={check}
        body={() => ({ kind: "table", seats, chips, seconds, robots })}
      >
        {(checked) => (
          <fieldset class="mp-choices">
            <legend>{t("kp.online.seats.legend")}</legend>
            <CountChoice label={t("kp.online.seats")} name="kp-seats" counts={SEAT_COUNTS} value={seats} onChoose={setSeats} />
            <div class="kp-bot" role="radiogroup" aria-label={t("kp.online.robots")}>
              <span class="kp-count-label" aria-hidden="true">{t("kp.online.robots")}</span>
              <BotPills name="kp-robots" value={robots} onChoose={setRobots} />
            </div>
            <p class="hint kp-robot-about">{t(`kp.bot.${robots}.about`)}</p>
            <WholeField
              id="kp-online-chips"
              label={t("kp.setup.chips.label")}
              value={chipsText}
              min={CHIPS[0]}
              max={CHIPS[2]}
              error={checked && chips === null ? t("kp.setup.chips.invalid") : null}
              inputRef={chipsInput}
              onInput={setChipsText}
            />
            <WholeField
              id="kp-online-seconds"
              label={t("kp.online.seconds")}
              value={secondsText}
              min={3}
              max={300}
              error={checked && seconds === null ? t("kp.online.seconds.invalid") : null}
              inputRef={secondsInput}
              onInput={setSecondsText}
            />
          </fieldset>
        )}
      </CreateForm>
    </section>
  );
}
