// Quick pairing's pure parts ("Hrát s kýmkoli", lobby/QuickPair.tsx): how long the person has
// waited, by the server's clock, and the rating window in words.
import { t } from "../i18n";

/** A wait of `ms` as mm:ss (minutes go on past 59; never below 00:00). */
export function waitedText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/** The rating window the server accepts now, in words: ± points (down to tens: it widens
 *  by 40 a second, and ±113 reads as noise), or anyone (null). */
export function windowText(window: number | null): string {
  return window === null ? t("pair.window.any") : t("pair.window", { points: Math.floor(window / 10) * 10 });
}

/** The server's clock as this device reads it: the device's time moved by the difference
 *  (`skew`) seen at the last answer that told the server's time. */
export function serverNow(skew: number, deviceNow = Date.now()): number {
  return deviceNow + skew;
}
