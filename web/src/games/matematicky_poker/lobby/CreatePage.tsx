// #/matematicky-poker/duel and #/matematicky-poker/skupina: the settings of a new duel or
// group (difficulty with seconds, scoring table, for a group whether the dealer plays), who
// plays, and "Založit"; below, joining another game by its code. Needs the server and says
// so when there is none.
import { useRef, useState } from "preact/hooks";
import { parseWhole, WholeField } from "../../../components/WholeField";
import { t, useLang } from "../../../i18n";
import { MODES, TABLES, type Mode, type ScoringTable } from "../types";
import { loadSetup, saveSetup } from "../storage";
import { CreateForm } from "../../../lobby/CreateForm";
import { kindName } from "./words";
import { MP_LOBBY } from "./online";
import type { LobbyKind } from "./types";
import "../../../components/game.css";
import "../mp.css";
import "../../../profile/profile.css";
import "../../../lobby/lobby.css";

export function DuelPage() {
  return <CreatePage kind="duel" />;
}

export function GroupPage() {
  return <CreatePage kind="group" />;
}

function CreatePage({ kind }: { kind: LobbyKind }) {
  useLang();
  const initial = loadSetup();
  const [mode, setMode] = useState<Mode>(initial.mode);
  const [table, setTable] = useState<ScoringTable>(initial.table);
  const [seconds, setSeconds] = useState(initial.seconds);
  const [dealerPlays, setDealerPlays] = useState(true);
  const secondsInput = useRef<HTMLInputElement>(null);
  const secondsValue = parseWhole(seconds, 3, 300);
  const badSeconds = mode === "hard" && secondsValue === null;

  const check = () => {
    if (badSeconds) secondsInput.current?.focus();
    return !badSeconds;
  };
  const body = () => {
    saveSetup({ mode, table, seconds });
    return {
      kind,
      mode,
      table,
      ...(mode === "hard" ? { seconds: secondsValue } : {}),
      ...(kind === "group" ? { dealer_plays: dealerPlays } : {}),
    };
  };

  return (
    <section class="page mp-setup lobby-create" aria-labelledby="lobby-create-title">
      <h1 id="lobby-create-title">{kindName(kind)}</h1>
      <p class="lead">{t(`lobby.create.${kind}.lead`)}</p>
      <CreateForm
        game={MP_LOBBY}
        label={t(`lobby.create.${kind}.label`)}
        submit={t(`lobby.create.${kind}`)}
        creating={t("lobby.creating")}
        needsServer={t("lobby.mp.needs.server")}
        check={check}
        body={body}
        unpaired={() => (kind === "group" ? t("pair.not.two") : null)}
      >
        {(checked) => (
          <>
            <fieldset class="mp-choices">
              <legend>{t("mp.mode.legend")}</legend>
              {MODES.map((id) => (
                <Choice key={id} name="lobby-mode" checked={mode === id} onChoose={() => setMode(id)}
                  title={t(`mp.mode.${id}`)} about={t(`mp.mode.${id}.about`)} />
              ))}
              {mode === "hard" && (
                <WholeField
                  id="lobby-seconds"
                  label={t("mp.seconds.label")}
                  value={seconds}
                  min={3}
                  max={300}
                  error={checked && badSeconds ? t("mp.seconds.invalid") : null}
                  inputRef={secondsInput}
                  onInput={setSeconds}
                />
              )}
            </fieldset>
            <fieldset class="mp-choices">
              <legend>{t("mp.table.legend")}</legend>
              {TABLES.map((id) => (
                <Choice key={id} name="lobby-table" checked={table === id} onChoose={() => setTable(id)}
                  title={t(`mp.table.${id}`)} about={t(`mp.table.${id}.about`)} />
              ))}
            </fieldset>
            {kind === "group" && (
              <fieldset class="mp-choices">
                <legend>{t("lobby.dealer.legend")}</legend>
                <Choice name="lobby-dealer" checked={dealerPlays} onChoose={() => setDealerPlays(true)}
                  title={t("lobby.dealer.plays")} about={t("lobby.dealer.plays.about")} />
                <Choice name="lobby-dealer" checked={!dealerPlays} onChoose={() => setDealerPlays(false)}
                  title={t("lobby.dealer.deals")} about={t("lobby.dealer.deals.about")} />
              </fieldset>
            )}
          </>
        )}
      </CreateForm>
    </section>
  );
}

interface ChoiceProps {
  name: string;
  checked: boolean;
  onChoose: () => void;
  title: string;
  about: string;
}

function Choice({ name, checked, onChoose, title, about }: ChoiceProps) {
  return (
    <label class={`mp-choice${checked ? " chosen" : ""}`}>
      <input type="radio" name={name} checked={checked} onChange={onChoose} />
      <span class="mp-choice-text">
        <strong>{title}</strong>
        <small>{about}</small>
      </span>
    </label>
  );
}
