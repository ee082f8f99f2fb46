// Words of Locus Poker shared by its screens: a refusal in words, a hand's name, a score
// line, the opponents' names and characters (from the engine's bots), the names at a table.
import { BOTS, OPPONENTS } from "virtual:game-data/locus_poker";
import { getLang, t } from "../../i18n";
import { codeText } from "../../lobby/format";
import { lp } from "./i18n";
import type { Score, SeatNames } from "./types";

/** The engine's refusal in the current language (its own English message for a code the
 *  catalogue lacks). */
export function errorText(code: string, message: string): string {
  return `lp.error.${code}` in lp.cs ? t(`lp.error.${code}`) : codeText(code, message);
}

export function handName(hand: string | null): string {
  return t(`lp.hand.${hand ?? "none"}`);
}

/** "Pár 2 + bonus 1 = 3": the engine's numbers in words. */
export function scoreLine(score: Score): string {
  return t("lp.score", { hand: handName(score.name), points: score.hand, bonus: score.bonus, total: score.score });
}

export function opponentName(bot: string): string {
  return OPPONENTS.find((o) => o.id === bot)?.name ?? bot;
}

export function opponentCharacter(bot: string): string {
  return OPPONENTS.find((o) => o.id === bot)?.character[getLang()] ?? "";
}

export function opponentLevel(bot: string): number {
  return BOTS.indexOf(bot);
}

/** Names at a local table: "Vy" and the opponent, or "Hráč 1", "Hráč 2". */
export function localNames(bot: string | null): SeatNames {
  if (bot !== null) return [t("lp.you"), opponentName(bot)];
  return [t("lp.player", { n: 1 }), t("lp.player", { n: 2 })];
}
