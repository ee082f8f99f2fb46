// The landing of Žolíky s kameny (kit/SetupForm.tsx around its own choices): against the
// computer (at the saved level) or on one device ("Místní hra", as many people as the game
// declares seats); a game of that mode saved in this browser goes on instead.
import { useState } from "preact/hooks";
import { SETTINGS } from "virtual:game-data/zoliky_s_kameny";
import { t, useLang } from "../../i18n";
import { Choice } from "../../kit/Choice";
import type { SetupProps } from "../../kit/game";
import { options, setting } from "../../kit/settings";
import { SetupForm } from "../../kit/SetupForm";
import { LevelPills } from "./Levels";
import { HAS_COMPUTER, type Mode, type ZkSetup } from "./storage";
import "./zk.css";

const PEOPLE = options(setting(SETTINGS, "seats")) as number[];

export function Setup({ initial, busy, failure, focusStart, saved, onStart }: SetupProps<ZkSetup>) {
  useLang(); // its own words are passed down: they follow the language too
  const [mode, setMode] = useState<Mode>(initial.mode);
  const [people, setPeople] = useState(initial.people);
  const [level, setLevel] = useState(initial.level);

  return (
    <SetupForm game="zk" modes={{ list: HAS_COMPUTER ? ["computer", "local"] : ["local"], value: mode, onChoose: setMode }}
      saved={saved(mode)} savedHint={t(`zk.saved.${mode}`)} busy={busy} failure={failure} focusStart={focusStart}
      onStart={(fresh) => onStart({ mode, people, level }, fresh)}>
      {mode === "computer" ? (
        <fieldset class="mp-choices">
          <legend>{t("zk.level")}</legend>
          <LevelPills name="zk-level" value={level} onChoose={setLevel} />
        </fieldset>
      ) : (
        <fieldset class="mp-choices">
          <legend>{t("zk.people")}</legend>
          <Choice label={t("zk.people")} name="zk-people" cls="zk-pill" look="pills" value={people} onChoose={setPeople}
            options={PEOPLE.map((count) => ({ value: count, text: count }))} />
        </fieldset>
      )}
    </SetupForm>
  );
}
