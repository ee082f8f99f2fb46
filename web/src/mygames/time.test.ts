// "Moje hry"'s pure parts: the order of the list and the time left in words, Czech and
// English.
import { afterEach, describe, expect, it } from "vitest";
import { switchLanguage } from "../testing/language";
import type { MyGame } from "./api";
import { daysText, timeLeft, urgent, waitingCount } from "./time";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = 1_800_000_000_000;

const game = (code: string, your_turn: boolean, deadline: number | null, since = NOW): MyGame => ({
  code, game: "locus-poker", kind: "duel", status: "playing", days_per_move: deadline === null ? null : 2,
  your_turn, deadline, players: ["Ada", "Bob"], link: `/#/locus-poker/hra/${code}`, since,
});

afterEach(() => switchLanguage("cs"));

describe("waitingCount", () => {
  it("counts the games waiting for the person", () => {
    expect(waitingCount([game("A", true, null), game("B", false, null), game("C", true, NOW)])).toBe(2);
    expect(waitingCount([])).toBe(0);
  });
});

describe("timeLeft", () => {
  it("says days and hours, hours, minutes, in Czech plural forms", () => {
    switchLanguage("cs");
    expect(timeLeft(NOW + 2 * DAY + 3 * HOUR + 59_000, NOW)).toBe("2 dny a 3 hodiny");
    expect(timeLeft(NOW + DAY + 30 * 60_000, NOW)).toBe("1 den");
    expect(timeLeft(NOW + 5 * DAY + HOUR, NOW)).toBe("5 dní a 1 hodina");
    expect(timeLeft(NOW + 5 * HOUR + 10 * 60_000, NOW)).toBe("5 hodin");
    expect(timeLeft(NOW + 12 * 60_000 + 5_000, NOW)).toBe("12 minut");
    expect(timeLeft(NOW + 3 * 60_000, NOW)).toBe("3 minuty");
    expect(timeLeft(NOW + 59_000, NOW)).toBe("méně než minuta");
    expect(timeLeft(NOW, NOW)).toBe("čas vypršel");
    expect(timeLeft(NOW - DAY, NOW)).toBe("čas vypršel");
  });

  it("in English", () => {
    switchLanguage("en");
    expect(timeLeft(NOW + 2 * DAY + 3 * HOUR, NOW)).toBe("2 days and 3 hours");
    expect(timeLeft(NOW + HOUR, NOW)).toBe("1 hour");
    expect(timeLeft(NOW + 2 * 60_000, NOW)).toBe("2 minutes");
    expect(timeLeft(NOW - 1, NOW)).toBe("time is up");
  });

  it("says the days per move and when less than a day is left", () => {
    switchLanguage("cs");
    expect([1, 2, 3, 7, 14].map(daysText)).toEqual(["1 den", "2 dny", "3 dny", "7 dní", "14 dní"]);
    switchLanguage("en");
    expect(daysText(1)).toBe("1 day");
    expect(daysText(14)).toBe("14 days");
    expect(urgent(NOW + DAY - 1, NOW)).toBe(true);
    expect(urgent(NOW + DAY, NOW)).toBe(false);
    expect(urgent(null, NOW)).toBe(false);
  });
});
