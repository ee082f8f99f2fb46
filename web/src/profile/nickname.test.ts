// The nickname check of every name field (profile/nickname.ts over nickname_rules.ts and the
// data the build prints from the server's rules): what the server stores, what it refuses and
// why, in words. (tests/server/test_nickname_web.py compares every code point with the server.)
import { describe, expect, it } from "vitest";
import * as DATA from "virtual:nickname-data";
import { profile } from "../i18n/profile";
import { NICKNAME_MAX, NICKNAME_MIN, cleanNickname, nicknameProblem, nicknameVerdict } from "./nickname";
import { codeSet, has, rules } from "./nickname_rules";

describe("the generated data", () => {
  it("holds the server's limits and sets", () => {
    expect([NICKNAME_MIN, NICKNAME_MAX]).toEqual([2, 24]);
    expect(DATA.PUNCTUATION.split("").sort()).toEqual([" ", "-", ".", "_"]);
    const r = rules(DATA);
    for (const ch of "aZ9ž_-. Ж字") expect(has(r.club, ch.codePointAt(0)!), ch).toBe(true);
    for (const ch of "@!/\u200b") expect(has(r.club, ch.codePointAt(0)!), ch).toBe(false);
    expect(has(r.assigned, 0x10ffff)).toBe(false);
  });
});

describe("codeSet", () => {
  it("decodes ranges counted from the end of the one before, in base 36", () => {
    const set = codeSet("0-2,1,z");
    expect([...set]).toEqual([0, 2, 4, 4, 40, 40]);
    expect([0, 1, 2, 3, 4, 5, 40, 41].map((cp) => has(set, cp))).toEqual([true, true, true, false, true, false, true, false]);
    expect(codeSet("").length).toBe(0);
    expect(has(codeSet(""), 0)).toBe(false);
  });
});

describe("nicknameVerdict", () => {
  it("stores what the server's example stores: NFKC, spaces mapped, trimmed and joined", () => {
    expect(nicknameVerdict("  \u{1d400}\u{1d41d}\u{1d426}\u{1d422}\u{1d427}\u00a0\u00a0Nový ")).toEqual({ ok: true, nickname: "Admin Nový" });
    expect(cleanNickname("Ana_B-c.d")).toBe("Ana_B-c.d");
    expect(cleanNickname("Ж 字 ž")).toBe("Ж 字 ž");
  });

  it("refuses fillers and invisible characters by name", () => {
    expect(nicknameVerdict("\u3164\u3164")).toMatchObject({ ok: false, problem: "characters" });
    expect(nicknameVerdict("a\u200bb")).toEqual({ ok: false, problem: "characters", char: "\u200b" });
  });

  it("refuses a character outside letters, digits, space and _ - .", () => {
    expect(nicknameVerdict("ab@cd")).toEqual({ ok: false, problem: "characters", char: "@" });
    expect(cleanNickname("no!")).toBeNull();
  });

  it("does not mix Arabic-Indic and extended Arabic-Indic digits", () => {
    expect(nicknameVerdict("\u0661\u0662").ok).toBe(true);
    expect(nicknameVerdict("\u0661\u06f2")).toEqual({ ok: false, problem: "characters", char: "\u06f2" });
  });

  it("counts characters, not UTF-16 units, against 2–24", () => {
    expect(nicknameVerdict("a")).toEqual({ ok: false, problem: "length", length: 1 });
    expect(nicknameVerdict("   ")).toEqual({ ok: false, problem: "length", length: 0 });
    expect(nicknameVerdict("x".repeat(24)).ok).toBe(true);
    expect(nicknameVerdict("x".repeat(25))).toEqual({ ok: false, problem: "length", length: 25 });
    expect(nicknameVerdict("\u{20000}".repeat(24)).ok).toBe(true); // 48 UTF-16 units
  });
});

describe("nicknameProblem", () => {
  const text = (key: string, params: Record<string, string | number>) =>
    profile.cs[key as keyof typeof profile.cs].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

  it("is nothing for a good name, and for a short one until it is sent", () => {
    expect(nicknameProblem("Eva")).toBeNull();
    expect(nicknameProblem("E")).toBeNull();
    expect(nicknameProblem("E", true)).toBe(text("profile.nickname.short", { min: 2 }));
  });

  it("says a long name's length", () => {
    expect(nicknameProblem("x".repeat(30))).toBe(text("profile.nickname.long", { max: 24, length: 30 }));
  });

  it("shows a visible character with its code, an invisible one by its code only", () => {
    const seen = text("profile.nickname.char", { char: "@", code: "U+0040" });
    expect(nicknameProblem("ab@")).toBe(text("profile.nickname.characters", { char: seen }));
    expect(nicknameProblem("a\u200bb")).toBe(text("profile.nickname.characters", { char: "U+200B" }));
  });

  it("names the character as it was typed, not as NFKC made it", () => {
    expect(nicknameProblem("\u3164\u3164")).toBe(text("profile.nickname.characters", { char: "U+3164" }));
  });
});
