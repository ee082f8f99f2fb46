// #/matematicky-poker/duel and #/matematicky-poker/skupina: the settings of a new duel or
// group (difficulty with seconds, scoring table, for a group whether the dealer plays), who
// plays, and "Založit"; below, joining another game by its code. Needs the server and says
// so when there is none.
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { MODES, TABLES, type Mode, type ScoringTable } from "../mp/types";
import { loadSetup, saveSetup } from "../mp/storage";
import { useProfiles } from "../profile/store";
import { href } from "../router";
import { isOffline, onOfflineChange } from "../worker/client";
import { createLobby } from "./api";
import { lobbyPath } from "./code";
import { failureText, kindName } from "./format";
import { JoinByCode } from "./JoinByCode";
import { saveSeat } from "./seats";
import type { LobbyKind } from "./types";
import { WhoField, cleanNickname, lastNickname, rememberNickname } from "./Who";
import "../mp/mp.css";
import "../profile/profile.css";
import "./lobby.css";

/** Whole seconds 3–300 as typed, or null. */
function parseSeconds(text: string): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(text)) return null;
  const seconds = Number(text);
  return seconds >= 3 && seconds <= 300 ? seconds : null;
}

export function DuelPage() {
  return <CreatePage kind="duel" />;
}

export function GroupPage() {
  return <CreatePage kind="group" />;
}

function CreatePage({ kind }: { kind: LobbyKind }) {
  useLang();
  const { selected } = useProfiles();
  const initial = loadSetup();
  const [mode, setMode] = useState<Mode>(initial.mode);
  const [table, setTable] = useState<ScoringTable>(initial.table);
  const [seconds, setSeconds] = useState(initial.seconds);
  const [dealerPlays, setDealerPlays] = useState(true);
  const [nickname, setNickname] = useState(lastNickname);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [offline, setOffline] = useState(isOffline());
  useEffect(() => onOfflineChange(() => setOffline(isOffline())), []);
  const secondsInput = useRef<HTMLInputElement>(null);
  const nicknameInput = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const secondsValue = parseSeconds(seconds);
  const badSeconds = mode === "hard" && secondsValue === null;
  const cleanName = cleanNickname(nickname);
  const badName = !selected && cleanName === null;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (badSeconds) return secondsInput.current?.focus();
    if (badName) return nicknameInput.current?.focus();
    saveSetup({ mode, table, seconds });
    if (!selected && cleanName) rememberNickname(cleanName);
    setBusy(true);
    setFailure(null);
    try {
      const key = selected?.key ?? null;
      const ticket = await createLobby(
        { kind, mode, table, seconds: mode === "hard" ? secondsValue : null, dealerPlays },
        { key, nickname: cleanName ?? "" },
      );
      saveSeat({ code: ticket.code, key: ticket.key, seat: ticket.seat, profile: key !== null, lastSeq: 0, at: Date.now() });
      location.hash = lobbyPath(ticket.code);
    } catch (error) {
      if (mounted.current) setFailure(failureText(error));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  return (
    <section class="page mp-setup lobby-create" aria-labelledby="lobby-create-title">
      <h1 id="lobby-create-title">{kindName(kind)}</h1>
      <p class="lead">{t(`lobby.create.${kind}.lead`)}</p>
      {offline && <p class="notice warn">{t("lobby.needs.server")}</p>}
      <form class="mp-form" onSubmit={submit} aria-label={t(`lobby.create.${kind}.label`)} noValidate>
        <fieldset class="mp-choices">
          <legend>{t("mp.mode.legend")}</legend>
          {MODES.map((id) => (
            <Choice key={id} name="lobby-mode" checked={mode === id} onChoose={() => setMode(id)}
              title={t(`mp.mode.${id}`)} about={t(`mp.mode.${id}.about`)} />
          ))}
          {mode === "hard" && (
            <div class="mp-seconds">
              <label for="lobby-seconds">{t("mp.seconds.label")}</label>
              <input
                ref={secondsInput}
                id="lobby-seconds"
                type="number"
                inputMode="numeric"
                min={3}
                max={300}
                step={1}
                value={seconds}
                aria-invalid={checked && badSeconds ? "true" : undefined}
                aria-describedby={checked && badSeconds ? "lobby-seconds-error" : undefined}
                onInput={(event) => setSeconds(event.currentTarget.value)}
              />
              {checked && badSeconds && <p id="lobby-seconds-error" class="mp-field-error">{t("mp.seconds.invalid")}</p>}
            </div>
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
        <fieldset class="mp-choices lobby-who-set">
          <legend>{t("lobby.who.legend")}</legend>
          <WhoField
            id="lobby-nickname"
            profile={selected}
            nickname={nickname}
            onNickname={setNickname}
            error={checked && badName ? t("profile.error.bad_nickname") : null}
            inputRef={nicknameInput}
          />
        </fieldset>
        <div class="mp-start-row">
          <button type="submit" class="primary mp-start" aria-busy={busy ? "true" : undefined}>
            {t(`lobby.create.${kind}`)}
          </button>
          <p class="mp-start-status" role="status">{busy ? t("lobby.creating") : failure ?? ""}</p>
        </div>
      </form>
      <JoinByCode />
      <p class="page-links lobby-back">
        <a href={href("/matematicky-poker")}>{t("lobby.back.mp")}</a>
      </p>
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
