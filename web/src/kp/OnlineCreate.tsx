// #/kostkovy-poker/stul: a new online table — seats (people and computer players), chips,
// seconds per turn, which computer player takes the empty seats, who plays — and "Založit
// stůl"; below, joining another table by its code. Needs the server and says so when there
// is none (the solo game does not).
import { useEffect, useRef, useState } from "preact/hooks";
import { CHIPS, SEATS } from "virtual:kp-tables";
import { t, useLang } from "../i18n";
import { createGameLobby } from "../lobby/api";
import { lobbyPath } from "../lobby/code";
import { failureText } from "../lobby/format";
import { JoinByCode } from "../lobby/JoinByCode";
import { saveSeat } from "../lobby/seats";
import { WhoField, cleanNickname, lastNickname, rememberNickname } from "../lobby/Who";
import { useProfiles } from "../profile/store";
import { href } from "../router";
import { isOffline, onOfflineChange } from "../worker/client";
import { KpNav } from "./KpNav";
import { GAME } from "./online";
import { BOT_NAMES, loadSetup } from "./storage";
import type { BotName } from "./types";
import "../mp/mp.css";
import "../profile/profile.css";
import "../lobby/lobby.css";
import "./kp.css";

const SEAT_COUNTS = Array.from({ length: SEATS[1] - SEATS[0] + 1 }, (_, i) => SEATS[0] + i);
const DEFAULT_SEATS = 4;
const DEFAULT_SECONDS = 30;

/** A whole number from `min` to `max` as typed, or null. */
function parseWhole(text: string, min: number, max: number): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

export function OnlineCreate() {
  useLang();
  const { selected } = useProfiles();
  const [seats, setSeats] = useState(DEFAULT_SEATS);
  const [chipsText, setChipsText] = useState(() => String(loadSetup().chips));
  const [secondsText, setSecondsText] = useState(String(DEFAULT_SECONDS));
  const [robots, setRobots] = useState<BotName>("klidny");
  const [nickname, setNickname] = useState(lastNickname);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [offline, setOffline] = useState(isOffline());
  useEffect(() => onOfflineChange(() => setOffline(isOffline())), []);
  const chipsInput = useRef<HTMLInputElement>(null);
  const secondsInput = useRef<HTMLInputElement>(null);
  const nicknameInput = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const chips = parseWhole(chipsText, CHIPS[0], CHIPS[2]);
  const seconds = parseWhole(secondsText, 3, 300);
  const cleanName = cleanNickname(nickname);
  const badName = !selected && cleanName === null;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (chips === null) return chipsInput.current?.focus();
    if (seconds === null) return secondsInput.current?.focus();
    if (badName) return nicknameInput.current?.focus();
    if (!selected && cleanName) rememberNickname(cleanName);
    setBusy(true);
    setFailure(null);
    try {
      const key = selected?.key ?? null;
      const ticket = await createGameLobby(
        { game: GAME, kind: "table", seats, chips, seconds, robots },
        { key, nickname: cleanName ?? "" },
      );
      saveSeat({ code: ticket.code, key: ticket.key, seat: ticket.seat, profile: key !== null, lastSeq: 0, at: Date.now() });
      location.hash = lobbyPath(ticket.code, GAME);
    } catch (error) {
      if (mounted.current) setFailure(failureText(error));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  return (
    <section class="page mp-setup kp-setup lobby-create" aria-labelledby="kp-online-title">
      <KpNav current="/kostkovy-poker/stul" />
      <h1 id="kp-online-title">{t("kp.online.title")}</h1>
      <p class="lead">{t("kp.online.lead")}</p>
      {offline && <p class="notice warn">{t("kp.online.needs.server")}</p>}
      <form class="mp-form" onSubmit={submit} aria-label={t("kp.online.label")} noValidate>
        <fieldset class="mp-choices">
          <legend>{t("kp.online.seats.legend")}</legend>
          <div class="kp-count" role="radiogroup" aria-label={t("kp.online.seats")}>
            <span class="kp-count-label" aria-hidden="true">{t("kp.online.seats")}</span>
            {SEAT_COUNTS.map((count) => (
              <label key={count} class={`kp-count-choice${seats === count ? " chosen" : ""}`}>
                <input type="radio" name="kp-seats" value={count} checked={seats === count} onChange={() => setSeats(count)} />
                <span>{count}</span>
              </label>
            ))}
          </div>
          <div class="kp-bot" role="radiogroup" aria-label={t("kp.online.robots")}>
            <span class="kp-count-label" aria-hidden="true">{t("kp.online.robots")}</span>
            <div class="kp-bot-pills">
              {BOT_NAMES.map((name) => (
                <label key={name} class={`kp-pill${robots === name ? " chosen" : ""}`}>
                  <input type="radio" name="kp-robots" value={name} checked={robots === name} onChange={() => setRobots(name)} />
                  <span>{t(`kp.bot.${name}`)}</span>
                </label>
              ))}
            </div>
          </div>
          <p class="hint kp-robot-about">{t(`kp.bot.${robots}.about`)}</p>
          <div class="mp-seconds">
            <label for="kp-online-chips">{t("kp.setup.chips.label")}</label>
            <input
              ref={chipsInput}
              id="kp-online-chips"
              type="number"
              inputMode="numeric"
              min={CHIPS[0]}
              max={CHIPS[2]}
              value={chipsText}
              aria-invalid={checked && chips === null ? "true" : undefined}
              aria-describedby={checked && chips === null ? "kp-online-chips-error" : undefined}
              onInput={(event) => setChipsText(event.currentTarget.value)}
            />
            {checked && chips === null && <p id="kp-online-chips-error" class="mp-field-error">{t("kp.setup.chips.invalid")}</p>}
          </div>
          <div class="mp-seconds">
            <label for="kp-online-seconds">{t("kp.online.seconds")}</label>
            <input
              ref={secondsInput}
              id="kp-online-seconds"
              type="number"
              inputMode="numeric"
              min={3}
              max={300}
              value={secondsText}
              aria-invalid={checked && seconds === null ? "true" : undefined}
              aria-describedby={checked && seconds === null ? "kp-online-seconds-error" : undefined}
              onInput={(event) => setSecondsText(event.currentTarget.value)}
            />
            {checked && seconds === null && <p id="kp-online-seconds-error" class="mp-field-error">{t("kp.online.seconds.invalid")}</p>}
          </div>
        </fieldset>
        <fieldset class="mp-choices lobby-who-set">
          <legend>{t("lobby.who.legend")}</legend>
          <WhoField
            id="kp-online-nickname"
            profile={selected}
            nickname={nickname}
            onNickname={setNickname}
            error={checked && badName ? t("profile.error.bad_nickname") : null}
            inputRef={nicknameInput}
          />
        </fieldset>
        <div class="mp-start-row">
          <button type="submit" class="primary mp-start" aria-busy={busy ? "true" : undefined}>{t("kp.online.create")}</button>
          <p class="mp-start-status" role="status">{busy ? t("kp.online.creating") : failure ?? ""}</p>
        </div>
      </form>
      <JoinByCode id="kp-join-code" game={GAME} />
      <p class="page-links lobby-back">
        <a href={href("/kostkovy-poker")}>{t("kp.online.back")}</a>
      </p>
    </section>
  );
}
