// A whole number typed into a form (seconds per turn, chips), judged when the form is sent:
// the parse, and the field with its error under it.
import type { Ref } from "preact";
import "./game.css";

/** A whole number from `min` to `max` as typed (up to three digits), or null. */
export function parseWhole(text: string, min: number, max: number): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

interface Props {
  id: string;
  label: string;
  value: string;
  min: number;
  max: number;
  /** What is wrong, once the form was sent with a bad value; else null. */
  error: string | null;
  inputRef: Ref<HTMLInputElement>;
  onInput: (text: string) => void;
}

export function WholeField({ id, label, value, min, max, error, inputRef, onInput }: Props) {
  return (
    <div class="mp-seconds">
      <label for={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      {error && <p id={`${id}-error`} class="mp-field-error">{error}</p>}
    </div>
  );
}
