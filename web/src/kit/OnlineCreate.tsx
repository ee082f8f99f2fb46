// A game's page for a new online room, made from its declared room: one field per setting
// the room shows (a choice or a short range as pills, a long range typed, a flag as a
// checkbox greyed where it does not apply) and the room's computer player; who plays and
// the submit are the lobby's CreateForm. The words are the catalogue's `<id>.online.*`
// keys; a game gives each field's label and option words (`look`), and any start values.
import type { ComponentChildren } from "preact";
import { useRef, useState } from "preact/hooks";
import { parseWhole, WholeField } from "../components/WholeField";
import { t, useLang } from "../i18n";
import { CreateForm } from "../lobby/CreateForm";
import type { LobbyGame } from "../lobby/game";
import { Choice, Flag } from "./Choice";
import { GameNav, gameEntry } from "./GameNav";
import { applies, defaults, options, pairable, sendable, type Declared, type DeclaredRoom, type Value, type Values } from "./settings";
import "../components/game.css";
import "../profile/profile.css";
import "../lobby/lobby.css";
import "./forms.css";

/** How one setting shows: its label, its options' words, its classes. */
export interface Look {
  label: string;
  /** The pill's (or the checkbox's) words for a value; the value itself by default. */
  text?: (value: Value) => ComponentChildren;
  about?: (value: Value) => ComponentChildren;
  /** Pills: the class of each (the row `${cls}s`, or `row`); a flag: the label's class. */
  cls?: string;
  row?: string;
  /** The kit's pills (kit/forms.css) rather than the game's. */
  look?: "pills";
  /** Under the pills: more about the chosen one. */
  hint?: (value: Value) => ComponentChildren;
  /** The values offered, where fewer than declared make sense online. */
  only?: Value[];
  /** A typed number: what is said when it is not one of the range. */
  invalid?: string;
}

interface Props {
  game: string;
  lobby: LobbyGame;
  room: DeclaredRoom;
  /** The room's settings (kit/settings.ts roomSettings). */
  settings: Declared[];
  /** How each setting shows (a room that shows none needs none). */
  look?: (setting: Declared) => Look;
  /** Start values (the last set-up's, say) over the declared defaults. */
  initial?: Values;
  /** The fieldset's legend (`<id>.online.settings`). */
  legend?: string;
  /** Said under the settings. */
  info?: ComponentChildren;
}

/** More options than this are typed, not picked. */
const MOST_PILLS = 12;

export function OnlineCreate({ game, lobby, room, settings, look = (each) => ({ label: each.name }), initial = {}, legend, info }: Props) {
  useLang();
  const key = (word: string) => `${game}.online.${word}`;
  const typed = (each: Declared) => each.kind === "int" && !look(each).only && (each.max ?? Infinity) - (each.min ?? 0) >= MOST_PILLS;
  const [values, setValues] = useState<Values>(() => defaults(settings, initial));
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(settings.filter(typed).map((each) => [each.name, String(defaults(settings, initial)[each.name] ?? "")])));
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const set = (name: string, value: Value) => setValues((old) => ({ ...old, [name]: value }));
  const parsed = (each: Declared) => parseWhole(texts[each.name] ?? "", each.min ?? 0, each.max ?? 999);

  const check = () => {
    const wrong = settings.filter(typed).find((each) => parsed(each) === null);
    inputs.current[wrong?.name ?? ""]?.focus();
    return wrong === undefined;
  };
  const body = () => {
    const all = { ...values, ...Object.fromEntries(settings.filter(typed).map((each) => [each.name, parsed(each)])) };
    return { kind: room.kind, ...sendable(settings, all) };
  };
  // Quick pairing: a room for two without computer players (the server pairs people
  // whatever computer player each chose for seats nobody takes).
  const unpaired = () => (pairable(room, values) ? null : t(room.robots !== null ? "pair.seats" : "pair.not.two"));
  const many = settings.length > 1;
  // The flags side by side, where the first of them is declared (after what they depend on).
  const flags = settings.filter((each) => each.kind === "bool");
  const firstFlag = flags.length ? settings.slice(0, settings.indexOf(flags[0])).length : 0;

  const field = (each: Declared, checked: boolean) => {
    const seen = look(each);
    const text = seen.text ?? String;
    const value = values[each.name];
    if (each.kind === "bool") {
      return <Flag key={each.name} cls={seen.cls ?? `${game}-flag`} text={text(true)} about={seen.about?.(true)} checked={value === true}
        disabled={!applies(each, values)} onChange={(on) => set(each.name, on)} />;
    }
    if (typed(each)) {
      const error = checked && parsed(each) === null ? seen.invalid ?? null : null;
      return <WholeField key={each.name} id={`${game}-online-${each.name}`} label={seen.label} value={texts[each.name]}
        min={each.min!} max={each.max!} error={error} inputRef={(el) => void (inputs.current[each.name] = el)}
        onInput={(next) => setTexts((old) => ({ ...old, [each.name]: next }))} />;
    }
    const offered = seen.only ?? options(each);
    if (offered.length === 0) return null; // (a room whose game has no computer player yet)
    return (
      <div key={each.name} class="kit-field">
        <Choice label={seen.label} shown={many} name={`${game}-online-${each.name}`} cls={seen.cls ?? `${game}-pill`} row={seen.row} look={seen.look}
          options={offered.map((option) => ({ value: option, text: text(option), about: seen.about?.(option) }))}
          value={value} onChoose={(next) => set(each.name, next)} />
        {seen.hint?.(value)}
      </div>
    );
  };

  return (
    <section class={`page mp-setup ${game}-setup lobby-create`} aria-labelledby={`${game}-online-title`}>
      <GameNav game={game} current={gameEntry(game).create!} />
      <h1 id={`${game}-online-title`}>{t(key("title"))}</h1>
      <p class="lead">{t(key("lead"))}</p>
      <CreateForm game={lobby} label={t(key("label"))} submit={t(key("create"))} creating={t(key("creating"))}
        needsServer={t(key("needs.server"))} check={check} body={body} unpaired={unpaired} turnBased={room.turn_based}>
        {(checked) => settings.length === 0 ? info : (
          <fieldset class={`mp-choices ${game}-online-choices`}>
            <legend>{legend ?? t(key("settings"))}</legend>
            {settings.filter((each) => each.kind !== "bool").slice(0, firstFlag).map((each) => field(each, checked))}
            {flags.length > 0 && <div class="kit-flags">{flags.map((each) => field(each, checked))}</div>}
            {settings.filter((each) => each.kind !== "bool").slice(firstFlag).map((each) => field(each, checked))}
            {info}
          </fieldset>
        )}
      </CreateForm>
    </section>
  );
}
