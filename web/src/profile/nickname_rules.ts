// The server's nickname rules (klubovna/server/features/nicknames.py `enforce`: PRECIS Nickname,
// RFC 8266, then the club's own), step by step in the server's order, over data generated
// from the Python side (web/build/nickname_data.py). No imports: tests run this file as it is
// against the server over every code point (tests/server/test_nickname_web.py).

export interface NicknameData {
  MIN: number;
  MAX: number;
  PUNCTUATION: string;
  SPACES: string;
  ASSIGNED: string;
  FREEFORM: string;
  CLUB: string;
  BLANK: string;
}

/** A set of code points as sorted [start, end] pairs, decoded from the generator's ranges. */
export type CodeSet = Int32Array;

export function codeSet(ranges: string): CodeSet {
  const pairs: number[] = [];
  let last = -1;
  for (const item of ranges ? ranges.split(",") : []) {
    const [gap, span] = item.split("-");
    const start = last + 1 + parseInt(gap, 36);
    last = start + (span === undefined ? 0 : parseInt(span, 36));
    pairs.push(start, last);
  }
  return Int32Array.from(pairs);
}

export function has(set: CodeSet, cp: number): boolean {
  let lo = 0;
  let hi = set.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < set[2 * mid]) hi = mid - 1;
    else if (cp > set[2 * mid + 1]) lo = mid + 1;
    else return true;
  }
  return false;
}

export interface Rules {
  min: number;
  max: number;
  spaces: RegExp;
  assigned: CodeSet;
  freeform: CodeSet;
  club: CodeSet;
  blank: CodeSet;
}

export function rules(data: NicknameData): Rules {
  const escaped = [...data.SPACES].map((ch) => `\\u{${ch.codePointAt(0)!.toString(16)}}`).join("");
  return {
    min: data.MIN,
    max: data.MAX,
    spaces: new RegExp(`[${escaped}]`, "gu"),
    assigned: codeSet(data.ASSIGNED),
    freeform: codeSet(data.FREEFORM),
    club: codeSet(data.CLUB),
    blank: codeSet(data.BLANK),
  };
}

/** The server's verdict: the nickname as it will be stored, or why it is refused ("length":
 *  `length` characters where min–max are allowed; "characters": `char` is not allowed). */
export type Verdict =
  | { ok: true; nickname: string }
  | { ok: false; problem: "length"; length: number }
  | { ok: false; problem: "characters"; char: string };

const ARABIC_INDIC = /[\u0660-\u0669]/u;
const EXTENDED_ARABIC_INDIC = /[\u06F0-\u06F9]/u;

/** RFC 8264's five rules as the Nickname profile has them: non-ASCII spaces to a space, ASCII
 *  spaces trimmed, runs of them as one, no case mapping, NFKC. */
function fiveRules(r: Rules, text: string): string {
  return text.replace(r.spaces, " ").replace(/^ +| +$/g, "").replace(/ {2,}/g, " ").normalize("NFKC");
}

export function judge(r: Rules, typed: string): Verdict {
  const raw = [...typed];
  if (raw.length > r.max) return { ok: false, problem: "length", length: raw.length };
  // A code point the server's Unicode does not know is refused there (unassigned), whatever
  // a newer Unicode in this browser would normalise it to.
  const unknown = raw.find((ch) => !has(r.assigned, ch.codePointAt(0)!));
  if (unknown !== undefined) return { ok: false, problem: "characters", char: unknown };
  // The Nickname profile is applied twice (its mapping comes before NFKC, which can make new
  // spaces) and must then be stable.
  const nickname = fiveRules(r, fiveRules(r, typed));
  const chars = [...nickname];
  if (fiveRules(r, nickname) !== nickname) return { ok: false, problem: "characters", char: chars[0] ?? "" };
  if (chars.length === 0) return { ok: false, problem: "length", length: 0 };
  const notFree = chars.find((ch) => !has(r.freeform, ch.codePointAt(0)!));
  if (notFree !== undefined) return { ok: false, problem: "characters", char: notFree };
  // RFC 5892's one context rule among letters and digits: Arabic-Indic digits and extended
  // Arabic-Indic digits are not mixed.
  if (ARABIC_INDIC.test(nickname) && EXTENDED_ARABIC_INDIC.test(nickname)) {
    return { ok: false, problem: "characters", char: chars.find((ch) => EXTENDED_ARABIC_INDIC.test(ch))! };
  }
  if (chars.length < r.min || chars.length > r.max) return { ok: false, problem: "length", length: chars.length };
  const notClub = chars.find((ch) => !has(r.club, ch.codePointAt(0)!));
  if (notClub !== undefined) return { ok: false, problem: "characters", char: notClub };
  if (chars.every((ch) => has(r.blank, ch.codePointAt(0)!))) return { ok: false, problem: "characters", char: chars[0] };
  return { ok: true, nickname };
}
