// Ratings as people read them (docs/decisions/0158-ratings.md): one number on a 1500 scale,
// "1500?" while provisional, a change as "+12" or "−12", and the profile's chart of the last
// games scaled into a box. Pure: the words come from the catalogue (i18n/ratings.ts).
import { t } from "../i18n";
import { plural } from "./format";

/** One point of a rating's history: when a rated game ended (Unix ms) and the rating after it. */
export interface RatingPoint {
  at: number;
  rating: number;
}

/** A game's rating as the profile's statistics carry it (`stats[game].rating`). */
export interface Rating {
  rating: number;
  games: number;
  provisional: boolean;
  history: RatingPoint[];
}

/** A rating beside a nickname (the open list's host, a player in a room). */
export interface ShortRating {
  rating: number | null;
  provisional: boolean;
}

/** The game's rating block of a statistics block, or null (none yet, or an older server). */
export function ratingOf(stats: unknown): Rating | null {
  const rating = (stats as { rating?: unknown } | null)?.rating as Rating | null | undefined;
  return rating && typeof rating.rating === "number" ? { ...rating, history: rating.history ?? [] } : null;
}

/** A change of rating with its sign: "+12", "−12" (a minus sign, not a hyphen), "±0". */
export function changeText(change: number): string {
  const whole = Math.round(change);
  if (whole > 0) return `+${whole}`;
  if (whole < 0) return `\u2212${-whole}`;
  return "\u00b10";
}

/** The rating as shown: "1540", or "1500?" while provisional; null: "–". */
export function ratingText(rating: number | null, provisional: boolean): string {
  if (rating === null) return t("profile.stats.none");
  return provisional ? t("rating.provisional.mark", { rating }) : String(rating);
}

/** "12 hodnocených her". */
export function gamesText(games: number): string {
  return plural("rating.games", games);
}

/** A chart of values in a box: the points' coordinates, the SVG path through them, and the
 *  values at the bottom and top of the box. */
export interface Chart {
  points: Array<{ x: number; y: number; value: number }>;
  path: string;
  /** The values the box's bottom and top stand for (a little beyond the lowest and
   *  highest, and at least `span` apart, so a flat line is drawn in the middle). */
  low: number;
  high: number;
}

/** `values` (oldest first) drawn left to right, evenly spaced, in a `width` × `height` box
 *  with `pad` free on every side; higher values are higher up (smaller y). One value is a
 *  point in the middle. `span` is the least range of values the box's height covers. */
export function chart(values: number[], width: number, height: number, pad = 4, span = 40): Chart {
  if (values.length === 0) return { points: [], path: "", low: 0, high: 0 };
  const min = Math.min(...values);
  const max = Math.max(...values);
  const middle = (min + max) / 2;
  const half = Math.max(span, max - min) / 2;
  const low = Math.floor(middle - half);
  const high = Math.ceil(middle + half);
  const innerW = width - 2 * pad;
  const innerH = height - 2 * pad;
  const x = (i: number) => (values.length === 1 ? width / 2 : pad + (innerW * i) / (values.length - 1));
  const y = (value: number) => (high === low ? height / 2 : pad + (innerH * (high - value)) / (high - low));
  const round = (n: number) => Math.round(n * 10) / 10;
  const points = values.map((value, i) => ({ x: round(x(i)), y: round(y(value)), value }));
  const path = points.map((point, i) => `${i ? "L" : "M"}${point.x} ${point.y}`).join(" ");
  return { points, path, low, high };
}

/** The chart's words for a screen reader: from the first to the last value, with the lowest
 *  and highest. */
export function chartText(values: number[]): string {
  if (values.length === 0) return "";
  const last = values[values.length - 1];
  if (values.length === 1) return t("rating.chart.one", { last });
  return t("rating.chart.desc", {
    count: values.length, first: values[0], last, min: Math.min(...values), max: Math.max(...values),
  });
}
