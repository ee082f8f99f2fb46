// A row of numbers to pick one from (seats, people, computer players): a radio group whose
// visible label is the group's name.
export function CountChoice({ label, name, counts, value, onChoose }: {
  label: string;
  name: string;
  counts: readonly number[];
  value: number;
  onChoose: (count: number) => void;
}) {
  return (
    <div class="kp-count" role="radiogroup" aria-label={label}>
      <span class="kp-count-label" aria-hidden="true">{label}</span>
      {counts.map((count) => (
        <label key={count} class={`kp-count-choice${value === count ? " chosen" : ""}`}>
          <input type="radio" name={name} value={count} checked={value === count} onChange={() => onChoose(count)} />
          <span>{count}</span>
        </label>
      ))}
    </div>
  );
}
