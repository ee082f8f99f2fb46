// Numbers, dates and times as the player reads them: Czech or British English, always the
// Europe/Prague calendar (the server's periods and days are Prague ones).
import { getLang, t } from "../i18n";
import { club } from "../i18n/club";
import { profile } from "../i18n/profile";
import { errors as mp } from "../i18n/errors";
import { ApiError, ServerUnreachable } from "../net/remote";

function hasMessage(key: string): boolean {
  return key in profile.cs || key in club.cs || key in mp.cs;
}

const ZONE = "Europe/Prague";

function locale(): string {
  return getLang() === "cs" ? "cs-CZ" : "en-GB";
}

/** Milliseconds as mm:ss (minutes may pass 59). */
export function minutesSeconds(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return t("profile.stats.none");
  const total = Math.floor(ms / 1000);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** A Unix-ms moment as a Prague date and time: "30. 11. 2026 14:05" / "30/11/2026, 14:05". */
export function dateTime(ms: number): { date: string; time: string; iso: string } {
  const when = new Date(ms);
  const date = new Intl.DateTimeFormat(locale(), { timeZone: ZONE, day: "numeric", month: "numeric", year: "numeric" })
    .format(when);
  const time = new Intl.DateTimeFormat(locale(), { timeZone: ZONE, hour: "2-digit", minute: "2-digit" }).format(when);
  return { date, time, iso: when.toISOString() };
}

/** A calendar day "2026-11-30" as "30. 11. 2026" / "30/11/2026" (no time zone shift). */
export function calendarDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const when = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  return new Intl.DateTimeFormat(locale(), { timeZone: "UTC", day: "numeric", month: "numeric", year: "numeric" })
    .format(when);
}

/** Czech plural forms (1, 2–4, other); English uses one and many. */
export function plural(base: string, n: number, params: Record<string, string | number> = {}): string {
  const form = n === 1 ? "one" : getLang() === "cs" && n >= 2 && n <= 4 ? "few" : "many";
  return t(`${base}.${form}`, { ...params, n });
}

export function value(n: number | null | undefined): string {
  return n === null || n === undefined ? t("profile.stats.none") : String(n);
}

/** An API failure in words: ours for a code we know, else the server's own message. */
export function problemText(error: unknown, offlineKey = "profile.offline"): string {
  if (error instanceof ServerUnreachable) return t(offlineKey);
  if (error instanceof ApiError) {
    for (const area of ["profile.error", "mp.error"]) {
      const key = `${area}.${error.code}`;
      if (hasMessage(key)) return t(key);
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
