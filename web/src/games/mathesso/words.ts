// Words of Mathesso shared by its screens: a card's coloured side in words (the cards'
// aria labels, told apart as the pictures are: by colours, background and design), a
// refusal in words, the computer players' level names, the names at a local table.
import { createContext } from "preact";
import { BOTS } from "virtual:game-data/mathesso";
import { t } from "../../i18n";
import { codeText } from "../../lobby/format";
import { ma } from "./i18n";
import type { Face } from "./types";

/** The coloured side in words: "10 v barvách 2 a 5, malá násobilka". */
export function faceText(face: Face): string {
  const group = t(`ma.group.${face.group}`);
  switch (face.group) {
    case "multiplication":
      return t("ma.face.multiplication", { shows: face.shows, a: face.colours[0] ?? "", b: face.colours[1] ?? face.colours[0] ?? "", group });
    case "square":
      return t("ma.face.square", { shows: face.shows, a: face.colours[0] ?? "", group });
    case "zero":
      return face.mark > 0
        ? t("ma.face.zero.mark", { behind: face.hint ?? "", mark: face.mark, group })
        : t("ma.face.zero", { behind: face.hint ?? "", group });
    case "factorial":
      return t("ma.face.factorial", { shows: face.shows, hint: face.hint ?? "", group });
    default:
      return t("ma.face", { shows: face.shows, group });
  }
}

/** The engine's refusal in the current language (its own English message for a code the
 *  catalogue lacks). */
export function errorText(code: string, message: string): string {
  return `ma.error.${code}` in ma.cs ? t(`ma.error.${code}`) : codeText(code, message);
}

/** A computer level's name ("Sovička"), by its index in BOTS. */
export function levelName(level: number): string {
  const key = `ma.level.${BOTS[level]}`;
  return key in ma.cs ? t(key) : BOTS[level] ?? "";
}

/** A computer level's few words about its memory. */
export function levelAbout(level: number): string {
  const key = `ma.level.${BOTS[level]}.about`;
  return key in ma.cs ? t(key) : "";
}

/** The names at a local table from the setup's rows: the typed name, else "Hráč 2" for a
 *  person and the level's name for a computer player (numbered when two share it). */
export function namesOf(players: Array<{ name: string; level: number | null }>): string[] {
  return players.map((player, i) => {
    const typed = player.name.trim();
    if (typed) return typed;
    if (player.level === null) return t("ma.player", { n: i + 1 });
    const same = players.filter((p) => p.level === player.level && !p.name.trim());
    const name = t("ma.computer", { level: levelName(player.level) });
    return same.length > 1 ? `${name} ${same.indexOf(player) + 1}` : name;
  });
}

/** The names at the table whose end screen opens a replay (a shared replay has none: "Ty"
 *  and "Hráč 2" then). A context, as the replay view's props are the stepper's. */
export const TableNames = createContext<string[] | null>(null);
