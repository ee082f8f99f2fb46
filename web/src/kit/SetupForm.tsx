// A game's set-up page around its own settings: the navigation, title and lead, whether it
// works offline, the mode (against the computer or on one device), Start (or go on with the
// game saved in this browser, or a new one), the start's status, and the links on (online,
// rules). The words are the game's catalogue's `<id>.*` keys (`<id>.title`, `<id>.mode.*`,
// `<id>.start` ...); the paths its registry entry's. The engine starts loading while the
// person reads the page.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { EngineWait } from "../components/EngineStatus";
import { t, useLang } from "../i18n";
import { href } from "../router";
import { isOffline, onOfflineChange, preloadEngine } from "../worker/client";
import { Choice } from "./Choice";
import { GameNav, gameEntry } from "./GameNav";
import "../components/game.css";

export interface Modes<M extends string> {
  list: M[];
  value: M;
  onChoose: (mode: M) => void;
}

interface Props<M extends string> {
  /** The registry id, the catalogue's prefix too ("lp"). */
  game: string;
  /** The form's accessible name (the mode's legend where there is a mode). */
  label?: string;
  /** The offline note's key (its class is the key with dashes: kp-solo-note). */
  note?: string;
  /** How to play, when the game offers more than one way (`<id>.mode.<mode>` and `.about`). */
  modes?: Modes<M>;
  /** Whether Start goes on with a game saved in this browser (then "new game" beside it). */
  saved?: boolean;
  /** Said in place of the settings while a saved game would go on. */
  savedHint?: string;
  /** Above the form (a notice of its own). */
  before?: ComponentChildren;
  busy: boolean;
  /** Why the last start failed, in words. */
  failure: string | null;
  /** Take the focus (back from a finished game). */
  focusStart: boolean;
  /** Start; `fresh`: a new game instead of the saved one. */
  onStart: (fresh: boolean) => void;
  /** The game's own settings. */
  children: ComponentChildren;
}

export function SetupForm<M extends string>(props: Props<M>) {
  const { game, modes, saved = false, savedHint, busy, failure, focusStart, onStart, children } = props;
  useEffect(preloadEngine, []);
  useLang();
  const entry = gameEntry(game);
  const key = (word: string) => `${game}.${word}`;
  const note = props.note ?? key("note");
  const [offline, setOffline] = useState(isOffline());
  useEffect(() => onOfflineChange(() => setOffline(isOffline())), []);
  const startButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusStart) startButton.current?.focus();
  }, []);

  const submit = (event: Event) => {
    event.preventDefault();
    if (!busy) onStart(false);
  };
  const more: Array<[string | undefined, string]> = [[entry.create, "online"], [entry.rules, "rules"]];

  return (
    <section class={`page mp-setup ${game}-setup`} aria-labelledby={`${game}-setup-title`}>
      <GameNav game={game} current={entry.play!} />
      <h1 id={`${game}-setup-title`}>{t(key("title"))}</h1>
      <p class="lead">{t(key("lead"))}</p>
      <p class={`notice${offline ? " warn" : ""} ${note.replace(/\./g, "-")}`}>{offline ? t(key("offline")) : t(note)}</p>
      {props.before}
      <form class="mp-form" onSubmit={submit} aria-label={props.label ?? t(key("mode.legend"))} noValidate>
        {modes && (
          <fieldset class="mp-choices">
            <legend>{t(key("mode.legend"))}</legend>
            <Choice label={t(key("mode.legend"))} name={`${game}-mode`} cls={`${game}-mode`} look="cards" cards value={modes.value} onChoose={modes.onChoose}
              options={modes.list.map((mode) => ({ value: mode, text: t(key(`mode.${mode}`)), about: t(key(`mode.${mode}.about`)) }))} />
          </fieldset>
        )}
        {saved && savedHint ? <p class={`hint ${game}-saved`}>{savedHint}</p> : children}
        <div class="mp-start-row">
          <button ref={startButton} type="submit" class="primary mp-start" aria-busy={busy ? "true" : undefined}>
            {saved ? t(key("resume")) : t(key("start"))}
          </button>
          {saved && <button type="button" onClick={() => !busy && onStart(true)}>{t(key("start.new"))}</button>}
          <p class="mp-start-status" role="status">{busy ? <EngineWait text={t(key("starting"))} /> : failure ?? ""}</p>
        </div>
      </form>
      <div class="mp-more-grid">
        <section class="mp-more" aria-labelledby={`${game}-more-title`}>
          <h2 id={`${game}-more-title`}>{t(key("more.title"))}</h2>
          <ul>
            {more.map(([path, word]) => path && (
              <li key={word}>
                <a href={href(path)}>{t(key(`more.${word}`))}</a>
                <small>{t(key(`more.${word}.about`))}</small>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </section>
  );
}
