// "Moje hry"'s pure parts: the days of a turn-based room and the time a person has left to
// move, in words (Czech plural forms, English one and many). The list keeps the server's
// order (those waiting for the person first, then by deadline).
import { t } from "../i18n";
import { plural } from "../profile/format";
import type { MyGame } from "./api";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "2 dny" / "2 days". */
export function daysText(days: number): string {
  return plural("mygames.days", days);
}

/** The time left until `deadline` at `now`, rounded down to the largest unit that says
 *  something: "2 dny a 3 hodiny", "5 hodin", "12 minut", "méně než minuta"; "čas vypršel"
 *  once past. */
export function timeLeft(deadline: number, now: number): string {
  const left = deadline - now;
  if (left <= 0) return t("mygames.left.over");
  if (left < MINUTE) return t("mygames.left.soon");
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  if (days > 0) {
    return hours > 0
      ? t("mygames.left.and", { a: plural("mygames.days", days), b: plural("mygames.hours", hours) })
      : plural("mygames.days", days);
  }
  if (hours > 0) return plural("mygames.hours", hours);
  return plural("mygames.minutes", Math.floor(left / MINUTE));
}

/** Whether less than a day is left (the list says it louder). */
export function urgent(deadline: number | null, now: number): boolean {
  return deadline !== null && deadline - now < DAY;
}

/** How many games wait for the person's move (the home page's badge). */
export function waitingCount(games: readonly MyGame[]): number {
  return games.filter((game) => game.your_turn).length;
}
