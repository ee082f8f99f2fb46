// The nickname check every field that takes a nickname uses (the profile page's create and
// rename, the lobby's name field): the server's own rules (klubovna/server/features/nicknames.py), in
// its order, over data generated from the Python side at build time (nickname_rules.ts), so a
// name the server would refuse is refused here with words before anything is sent.
import * as DATA from "virtual:nickname-data";
import { t } from "../i18n";
import { judge, rules, type Rules, type Verdict } from "./nickname_rules";

export const NICKNAME_MIN = DATA.MIN;
export const NICKNAME_MAX = DATA.MAX;

let decoded: Rules | null = null;

/** What the server will make of `typed` as the fields send it (trimmed): the nickname it
 *  stores, or why it refuses it. */
export function nicknameVerdict(typed: string): Verdict {
  decoded ??= rules(DATA);
  return judge(decoded, typed.trim());
}

/** The nickname as the server will store it, or null when it would refuse it. */
export function cleanNickname(typed: string): string | null {
  const verdict = nicknameVerdict(typed);
  return verdict.ok ? verdict.nickname : null;
}

/** A character as the refusal names it: itself in quotes when it can be seen, and its code
 *  (U+3164) always, since a filler or a control looks like nothing. */
function shown(char: string): string {
  const code = `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
  return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(char) && !/\p{Default_Ignorable_Code_Point}/u.test(char)
    ? t("profile.nickname.char", { char, code })
    : code;
}

/** Why `typed` cannot be a nickname, or null. While it is typed (`whole` false) a name too
 *  short is not yet a problem; when it is sent, it is. */
export function nicknameProblem(typed: string, whole = false): string | null {
  const verdict = nicknameVerdict(typed);
  if (verdict.ok) return null;
  if (verdict.problem === "characters") {
    // The refused character as it was typed (U+3164 is judged as the U+1160 NFKC makes of it).
    const typedChar = [...typed].find((ch) => ch.normalize("NFKC").includes(verdict.char)) ?? verdict.char;
    return t("profile.nickname.characters", { char: shown(typedChar) });
  }
  if (verdict.length > NICKNAME_MAX) return t("profile.nickname.long", { max: NICKNAME_MAX, length: verdict.length });
  return whole ? t("profile.nickname.short", { min: NICKNAME_MIN }) : null;
}
