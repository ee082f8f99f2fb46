// The nickname's length, checked as the server counts it (profiles.py clean_nickname: NFC,
// trimmed, runs of spaces as one, in characters), so a name too long is refused with words
// while it is typed instead of being cut by the input. The server still judges the rest.
import { t } from "../i18n";

export const NICKNAME_MAX = 24;

/** How many characters the server will count in `typed`. */
export function nicknameLength(typed: string): number {
  return [...typed.normalize("NFC").trim().replace(/ {2,}/g, " ")].length;
}

/** Why `typed` cannot be a nickname as it is (too long), or null. */
export function nicknameProblem(typed: string): string | null {
  const length = nicknameLength(typed);
  return length > NICKNAME_MAX ? t("profile.nickname.long", { max: NICKNAME_MAX, length }) : null;
}
