// The colours of Mathesso's cards, in one place: the ruler colours of the numbers 1–10 (the
// spec fixes 1 pink, 2 red, 3 orange, 7 light blue; the rest are chosen so that all ten are
// easy to tell apart, also for the common red-green weakness: they differ in lightness as
// well as hue) and 11's for the square 121, and each group's background. Drawing only.

/** The ruler colour of each number 1..11 (index 0 unused). */
export const RULER: readonly string[] = [
  "",
  "#f472b6", // 1 pink
  "#dc2626", // 2 red
  "#f97316", // 3 orange
  "#facc15", // 4 yellow
  "#16a34a", // 5 green
  "#1e40af", // 6 dark blue
  "#38bdf8", // 7 light blue
  "#7e22ce", // 8 violet
  "#92400e", // 9 brown
  "#111827", // 10 black
  "#0d9488", // 11 teal (only the square 121 needs it)
];

/** The ruler colour of `n` (a neutral grey for a number without one: 0 too, whose
 *  entry is empty, as Card.tsx asks for a missing colour). */
export function rulerColour(n: number): string {
  return RULER[n] || "#6b7280";
}

/** The backgrounds of the coloured sides. */
export const BACKGROUND = {
  multiplication: "#c9ccd1",
  square: "#eef1f4",
  prime: "#fde047",
  fibonacci: "#fb923c",
  zero: "#0b0b0f",
  cjvYellow: "#fde047",
  cjvBlue: "#2563eb",
  rainbow: ["#ef4444", "#f97316", "#facc15", "#22c55e", "#3b82f6", "#8b5cf6"],
} as const;
