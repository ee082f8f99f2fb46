// The small pieces Nim's pages share: their navigation, and a row of numbers to pick one from.
import { PageNav } from "@web/components/PageNav";

const LINKS: Array<[string, string]> = [["/nim", "nim.nav.play"], ["/nim/stul", "nim.nav.online"]];

export function NimNav({ current }: { current: string }) {
  return <PageNav game="nim" label="nim.nav" links={LINKS} current={current} />;
}

/** A radio group of the numbers `from`..`to`, its visible label the group's name. */
export function Counts({ label, name, from, to, value, onChoose }: {
  label: string;
  name: string;
  from: number;
  to: number;
  value: number;
  onChoose: (count: number) => void;
}) {
  const counts = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return (
    <div class="nim-counts" role="radiogroup" aria-label={label}>
      <span aria-hidden="true">{label}</span>
      {counts.map((count) => (
        <label key={count} class={value === count ? "chosen" : undefined}>
          <input type="radio" name={name} value={count} checked={value === count} onChange={() => onChoose(count)} />
          {count}
        </label>
      ))}
    </div>
  );
}
