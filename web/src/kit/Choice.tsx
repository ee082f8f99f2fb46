// The set-up forms' controls: one of several (a radio group of pills or cards, named for
// assistive technology by `label`), and a flag (a checkbox). Native radio buttons and
// checkboxes, so the keyboard works as everywhere (arrows within a group, space to tick).
// The classes are the game's own (`cls` "lp-pill": items .lp-pill, the row .lp-pills), for
// its stylesheet and its tests; `look` adds the kit's cards or pills (kit/forms.css).
import type { ComponentChildren } from "preact";
import "./forms.css";

export interface Option<V> {
  value: V;
  /** What the pill says (its accessible name); `about` under it in small print. */
  text: ComponentChildren;
  about?: ComponentChildren;
  /** More classes on this one pill (a beaten opponent). */
  cls?: string;
  disabled?: boolean;
}

interface ChoiceProps<V> {
  /** The group's accessible name; shown before the pills too when `shown`. */
  label: string;
  shown?: boolean;
  /** Cards: each option's text strong, its `about` under it (a mode, a variant). */
  cards?: boolean;
  /** Each option's text as it is, with no wrapper (a face and words side by side). */
  raw?: boolean;
  /** The kit's look: cards side by side (a mode), or a row of pills; else the game's CSS. */
  look?: "cards" | "pills";
  /** The radio buttons' name (unique on the page). */
  name: string;
  /** The class of each pill; the row is `${cls}s` unless `row` says otherwise (and the
   *  shown label `${row}-label`). */
  cls: string;
  row?: string;
  options: Array<Option<V>>;
  value: V;
  onChoose: (value: V) => void;
}

export function Choice<V extends string | number | boolean | null>(props: ChoiceProps<V>) {
  const { label, shown = false, cards = false, raw = false, look, name, cls, row = `${cls}s`, options, value, onChoose } = props;
  const kit = look ? " kit-option" : "";
  return (
    <div class={look ? `${row} kit-${look}` : row} role="radiogroup" aria-label={label}>
      {shown && <span class={`${row}-label`} aria-hidden="true">{label}</span>}
      {options.map((option) => (
        <label key={String(option.value)} class={`${cls}${kit}${value === option.value ? " chosen" : ""}${option.cls ? ` ${option.cls}` : ""}`}>
          <input type="radio" name={name} value={String(option.value)} checked={value === option.value}
            disabled={option.disabled} onChange={() => onChoose(option.value)} />
          {raw ? option.text : cards ? <strong>{option.text}</strong> : <span>{option.text}</span>}
          {option.about !== undefined && <small>{option.about}</small>}
        </label>
      ))}
    </div>
  );
}

interface FlagProps {
  text: ComponentChildren;
  about?: ComponentChildren;
  cls: string;
  checked: boolean;
  /** A flag that does not apply now (its `only_when`) shows unticked and greyed. */
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

export function Flag({ text, about, cls, checked, disabled, onChange }: FlagProps) {
  return (
    <label class={`${cls}${disabled ? " off" : ""}`}>
      <input type="checkbox" checked={checked && !disabled} disabled={disabled} onChange={(e) => onChange(e.currentTarget.checked)} />
      <span>{text}</span>
      {about && <small>{about}</small>}
    </label>
  );
}
