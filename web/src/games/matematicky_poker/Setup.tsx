// The landing of Matematický poker: the kind of game (free, against the computer with its
// level, or ranked), difficulty (with seconds for hard), scoring table and Start; the leaderboard, the daily challenge, duel and
// group games (server only: offline it says so), the helper modes and the rules.
import { useEffect, useRef, useState } from "preact/hooks";
import { parseWhole, WholeField } from "../../components/WholeField";
import { ComputerRating } from "../../kit/ComputerRating";
import { t, useLang } from "../../i18n";
import { href } from "../../router";
import { useProfiles } from "../../profile/store";
import { isOffline, onOfflineChange, preloadEngine } from "../../worker/client";
import type { LeaveOutcome } from "./MpPage";
import { LEVELS, MODES, TABLES, type Level, type Setup as SetupChoice } from "./types";
import { COMPUTER_RATINGS } from "./wire.gen";
import "../../components/game.css";
import "./mp.css";
import "../../profile/profile.css";
import { OtherGames } from "../../components/OtherGames";

export type SetupKind = "solo" | "computer" | "ranked";

/** The unfinished game of another visit, offered again above the setup. */
export interface ResumeOffer {
  setup: SetupChoice;
  ranked: boolean;
  /** Played in this browser only (not recorded). */
  local: boolean;
  /** A duel against the computer: its level. */
  computer: Level | null;
  /** What discarding it does (the same words as leaving it during the game). */
  outcome: LeaveOutcome;
  /** Open in another tab right now: said so, nothing offered. */
  elsewhere: boolean;
  busy: boolean;
  onContinue: () => void;
  onDiscard: () => void;
}
const KINDS: SetupKind[] = ["solo", "computer", "ranked"];

interface Props {
  initial: SetupChoice;
  busy: boolean;
  /** Why the last start (or resume) failed, already in words. */
  failure: string | null;
  /** Take the focus (back from a finished game). */
  focusStart: boolean;
  initialKind: SetupKind;
  resume?: ResumeOffer | null;
  onStart: (setup: SetupChoice, seconds: number | null, kind: SetupKind) => void;
}

const LINKED = [
  { id: "board", name: "board.title", about: "ranked.more.board.about", path: "/matematicky-poker/zebricek" },
  { id: "daily", name: "daily.title", about: "ranked.more.daily.about", path: "/matematicky-poker/denni-vyzva" },
  { id: "duel", name: "mp.more.duel", about: "lobby.more.duel.about", path: "/matematicky-poker/duel" },
  { id: "group", name: "mp.more.group", about: "lobby.more.group.about", path: "/matematicky-poker/skupina" },
];
const HELPERS = [
  { id: "picker", path: "/matematicky-poker/vyber-cisel" },
  { id: "table", path: "/matematicky-poker/tabulka" },
  { id: "rules", path: "/matematicky-poker/pravidla" },
];

export function Setup({ initial, busy, failure, focusStart, initialKind, resume, onStart }: Props) {
  useEffect(preloadEngine, []); // the engine loads while the person reads the setup
  useLang();
  const [setup, setSetup] = useState(initial);
  const [kind, setKind] = useState<SetupKind>(initialKind);
  const { selected } = useProfiles();
  const [offline, setOffline] = useState(isOffline());
  useEffect(() => onOfflineChange(() => setOffline(isOffline())), []);
  const ranked = kind === "ranked";
  const needsProfile = ranked && !selected;
  const [checked, setChecked] = useState(false); // show the seconds error only after a try
  const secondsInput = useRef<HTMLInputElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusStart) startButton.current?.focus();
  }, []);
  const seconds = parseWhole(setup.seconds, 3, 300);
  const invalid = setup.mode === "hard" && seconds === null;

  const submit = (event: Event) => {
    event.preventDefault();
    if (busy) return;
    if (invalid) {
      setChecked(true);
      secondsInput.current?.focus();
      return;
    }
    onStart(setup, setup.mode === "hard" ? seconds : null, kind);
  };

  return (
    <section class="page mp-setup" aria-labelledby="mp-setup-title">
      <h1 id="mp-setup-title">{t("mp.title")}</h1>
      <p class="lead">{t("mp.lead")}</p>
      <OtherGames current="mp" />
      {resume && <Resume offer={resume} />}
      <form class="mp-form" onSubmit={submit} aria-label={t("mp.setup.label")} noValidate>
        <fieldset class="mp-choices">
          <legend>{t("ranked.kind.legend")}</legend>
          {KINDS.map((id) => (
            <label key={id} class={`mp-choice${kind === id ? " chosen" : ""}`}>
              <input type="radio" name="mp-kind" value={id} checked={kind === id} onChange={() => setKind(id)} />
              <span class="mp-choice-text">
                <strong>{t(`ranked.kind.${id}`)}</strong>
                <small>{t(`ranked.kind.${id}.about`)}</small>
              </span>
            </label>
          ))}
        </fieldset>
        {needsProfile && (
          <p id="mp-ranked-profile" class="notice warn mp-kind-note">
            {t("ranked.needs.profile")} <a href={href("/profil")}>{t("ranked.needs.profile.link")}</a>
          </p>
        )}
        {ranked && !needsProfile && offline && (
          <p class="notice warn mp-kind-note">{t("ranked.needs.server")}</p>
        )}
        {kind === "computer" && (
          <fieldset class="mp-choices">
            <legend>{t("mp.computer.legend")}</legend>
            {LEVELS.map((level) => (
              <label key={level} class={`mp-choice${(setup.level ?? "lehky") === level ? " chosen" : ""}`}>
                <input
                  type="radio"
                  name="mp-level"
                  value={level}
                  checked={(setup.level ?? "lehky") === level}
                  onChange={() => setSetup({ ...setup, level })}
                />
                <span class="mp-choice-text">
                  <strong>{t(`mp.computer.${level}`)} <ComputerRating ratings={COMPUTER_RATINGS} bot={level} /></strong>
                  <small>{t(`mp.computer.${level}.about`)}</small>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <fieldset class="mp-choices">
          <legend>{t("mp.mode.legend")}</legend>
          {MODES.map((mode) => (
            <label key={mode} class={`mp-choice${setup.mode === mode ? " chosen" : ""}`}>
              <input
                type="radio"
                name="mp-mode"
                value={mode}
                checked={setup.mode === mode}
                onChange={() => setSetup({ ...setup, mode })}
              />
              <span class="mp-choice-text">
                <strong>{t(`mp.mode.${mode}`)}</strong>
                <small>{t(`mp.mode.${mode}.about`)}</small>
              </span>
            </label>
          ))}
          {setup.mode === "hard" && (
            <WholeField
              id="mp-seconds"
              label={t("mp.seconds.label")}
              value={setup.seconds}
              min={3}
              max={300}
              error={checked && invalid ? t("mp.seconds.invalid") : null}
              inputRef={secondsInput}
              onInput={(seconds) => setSetup({ ...setup, seconds })}
            />
          )}
        </fieldset>
        {ranked ? (
          <p class="mp-ranked-table">{t("ranked.table")}</p>
        ) : (
        <fieldset class="mp-choices">
          <legend>{t("mp.table.legend")}</legend>
          {TABLES.map((table) => (
            <label key={table} class={`mp-choice${setup.table === table ? " chosen" : ""}`}>
              <input
                type="radio"
                name="mp-table"
                value={table}
                checked={setup.table === table}
                onChange={() => setSetup({ ...setup, table })}
              />
              <span class="mp-choice-text">
                <strong>{t(`mp.table.${table}`)}</strong>
                <small>{t(`mp.table.${table}.about`)}</small>
              </span>
            </label>
          ))}
        </fieldset>
        )}
        <div class="mp-start-row">
          <button ref={startButton} type="submit" class="primary mp-start" aria-busy={busy ? "true" : undefined}>
            {t("mp.start")}
          </button>
          <p class="mp-start-status" role="status">
            {busy ? t("mp.starting") : failure ?? ""}
          </p>
        </div>
      </form>

      <div class="mp-more-grid">
        <section class="mp-more" aria-labelledby="mp-more-title">
          <h2 id="mp-more-title">{t("mp.more.title")}</h2>
          <ul>
            {LINKED.map(({ id, name, about, path }) => (
              <li key={id}>
                <a href={href(path)}>{t(name)}</a>
                <small>{t(about)}</small>
              </li>
            ))}
          </ul>
          {offline && <p class="mp-more-note">{t("lobby.more.offline")}</p>}
        </section>
        <section class="mp-more" aria-labelledby="mp-helpers-title">
          <h2 id="mp-helpers-title">{t("mp.helpers.title")}</h2>
          <ul>
            {HELPERS.map(({ id, path }) => (
              <li key={id}>
                <a href={href(path)}>{t(`mp.helpers.${id}`)}</a>
                <small>{t(`mp.helpers.${id}.about`)}</small>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </section>
  );
}

/** "Máš rozehranou hru": continue it, or discard it (after the same question as "Nová hra"). */
function Resume({ offer }: { offer: ResumeOffer }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  const { setup } = offer;
  const params = { mode: t(`mp.mode.${setup.mode}`), table: t(`mp.table.${offer.ranked ? "adjacent" : setup.table}`), seconds: setup.seconds };
  const plain = t(setup.mode === "hard" ? "mp.game.info.hard" : "mp.game.info", params);
  const info = offer.computer ? t("mp.computer.info", { level: t(`mp.computer.${offer.computer}`), info: plain }) : plain;
  return (
    <section class="notice mp-resume" aria-labelledby="mp-resume-title">
      <h2 id="mp-resume-title">{t("mp.resume.title")}</h2>
      <p>
        {offer.ranked ? t("ranked.info", { info }) : info} · {t(offer.local ? "mp.resume.local" : "mp.resume.server")}
      </p>
      {!offer.elsewhere && <p class="mp-resume-note">{t(`mp.resume.new.${offer.outcome}`)}</p>}
      {offer.elsewhere ? (
        <p class="mp-resume-elsewhere" role="status">{t("mp.resume.elsewhere")}</p>
      ) : (
        <p class="mp-resume-actions">
          <button ref={button} type="button" class="primary" onClick={offer.onContinue} disabled={offer.busy}>
            {t("mp.resume.continue")}
          </button>
          <button type="button" onClick={offer.onDiscard} disabled={offer.busy}>{t("mp.resume.discard")}</button>
        </p>
      )}
    </section>
  );
}
