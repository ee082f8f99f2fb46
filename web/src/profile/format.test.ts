// Numbers, dates and plural forms as the player reads them (profile/format.ts): Czech or
// British English, the Prague calendar whatever the device's time zone.
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, ServerUnreachable } from "../net/remote";
import { switchLanguage } from "../testing/language";
import { profile } from "../i18n/profile";
import { calendarDay, dateTime, minutesSeconds, plural, problemText, value } from "./format";

afterEach(() => switchLanguage("cs"));

describe("plural", () => {
  it("has Czech's three forms: 1, 2–4, the rest", () => {
    expect([0, 1, 2, 4, 5, 12, 22].map((n) => plural("daily.days", n))).toEqual([
      "0 dní", "1 den", "2 dny", "4 dny", "5 dní", "12 dní", "22 dní",
    ]);
  });

  it("has English's two", () => {
    switchLanguage("en");
    expect([1, 2, 5].map((n) => plural("daily.points", n))).toEqual(["1 point", "2 points", "5 points"]);
  });
});

describe("minutesSeconds", () => {
  it("is mm:ss, minutes past 59 as they are", () => {
    expect(minutesSeconds(0)).toBe("00:00");
    expect(minutesSeconds(61_999)).toBe("01:01");
    expect(minutesSeconds(3_725_000)).toBe("62:05");
  });

  it("is a dash for no time", () => {
    expect(minutesSeconds(null)).toBe(profile.cs["profile.stats.none"]);
    expect(minutesSeconds(undefined)).toBe(profile.cs["profile.stats.none"]);
    expect(value(null)).toBe(profile.cs["profile.stats.none"]);
    expect(value(0)).toBe("0");
  });
});

describe("dates", () => {
  // 2026-11-30 23:30 UTC is already 1 December in Prague (UTC+1 in winter).
  const lateNight = Date.UTC(2026, 10, 30, 23, 30);

  it("are Prague's day and time, in each language's form", () => {
    const cs = dateTime(lateNight);
    expect(cs.date.replace(/\s/g, " ")).toBe("1. 12. 2026");
    expect(cs.time).toBe("00:30");
    expect(cs.iso).toBe("2026-11-30T23:30:00.000Z");
    switchLanguage("en");
    expect(dateTime(lateNight).date).toBe("01/12/2026");
  });

  it("show a calendar day as it is, without a time zone shift", () => {
    expect(calendarDay("2026-11-30").replace(/\s/g, " ")).toBe("30. 11. 2026");
    switchLanguage("en");
    expect(calendarDay("2026-01-02")).toBe("02/01/2026");
    expect(calendarDay("yesterday")).toBe("yesterday");
  });
});

describe("problemText", () => {
  it("says offline, our words for a known code, else the server's", () => {
    expect(problemText(new ServerUnreachable("x"))).toBe(profile.cs["profile.offline"]);
    expect(problemText(new ServerUnreachable("x"), "profile.stats.none")).toBe(profile.cs["profile.stats.none"]);
    expect(problemText(new ApiError("nickname_taken", "Taken."))).toBe(profile.cs["profile.error.nickname_taken"]);
    expect(problemText(new ApiError("new_code", "Server's words."))).toBe("Server's words.");
    expect(problemText(new Error("boom"))).toBe("boom");
  });
});
