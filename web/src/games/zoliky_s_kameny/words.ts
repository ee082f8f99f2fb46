// Words of Žolíky s kameny shared by its screens: a refusal in words, the names at a local
// table.
import { BOTS } from "virtual:game-data/zoliky_s_kameny";
import { t } from "../../i18n";
import { codeText } from "../../lobby/format";
import { zk } from "./i18n";
import type { SeatNames } from "./types";

/** The engine's refusal in the current language (its own English message for a code the
 *  catalogue lacks). */
export function errorText(code: string, message: string): string {
  return `zk.error.${code}` in zk.cs ? t(`zk.error.${code}`) : codeText(code, message);
}

/** The level's name of a computer player ("Těžká"), from its place in BOTS. */
export function levelName(bot: string): string {
  const level = BOTS.indexOf(bot);
  return level >= 0 && level < 3 ? t(`zk.level.${level}`) : bot;
}

/** Names at a local table: "Vy" and the computer, or "Hráč 1", "Hráč 2"… */
export function localNames(people: number, bot: string | null): SeatNames {
  if (bot !== null) return [t("zk.you"), t("zk.computer", { level: levelName(bot) })];
  return Array.from({ length: people }, (_, i) => t("zk.player", { n: i + 1 }));
}
