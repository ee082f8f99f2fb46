// One die as a small SVG: the face with its pips, or face down (a kept die of another player).
// A die standing alone is an image named by its value; inside a button the button names it.
const PIPS: Record<number, Array<[number, number]>> = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 28], [72, 28], [28, 50], [72, 50], [28, 72], [72, 72]],
};

interface Props {
  /** 1..6, or null for a die lying face down. */
  value: number | null;
  /** The accessible name; without one the die is decoration (its container names it). */
  label?: string;
  class?: string;
  /** Roll it in (a short tumble; none with reduced motion). */
  rolling?: boolean;
  /** Delay of the roll, so a row of dice does not move as one. */
  delay?: number;
}

export function Die({ value, label, class: extra = "", rolling = false, delay = 0 }: Props) {
  const classes = `kp-die${value === null ? " down" : ""}${rolling ? " rolling" : ""}${extra ? ` ${extra}` : ""}`;
  const a11y = label ? { role: "img" as const, "aria-label": label } : { "aria-hidden": "true" as const };
  return (
    <span class={classes} data-value={value ?? ""} style={rolling && delay ? { animationDelay: `${delay}ms` } : undefined} {...a11y}>
      <svg viewBox="0 0 100 100" focusable="false" aria-hidden="true">
        <rect class="kp-die-face" x="4" y="4" width="92" height="92" rx="18" />
        {value === null ? (
          <path class="kp-die-back" d="M50 22 L78 50 L50 78 L22 50 Z" />
        ) : (
          PIPS[value]?.map(([cx, cy], i) => <circle key={i} class="kp-die-pip" cx={cx} cy={cy} r="9.5" />)
        )}
      </svg>
    </span>
  );
}
