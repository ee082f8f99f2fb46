// Kostkový poker in words (words.ts): Czech and English plural forms, the refusals with
// their fallbacks, the names at a local table, log lines and a hand's value explained.
import { afterEach, describe, expect, it } from "vitest";
import { addCatalogue } from "../../i18n";
import { lobby } from "../../i18n/lobby";
import { switchLanguage } from "../../testing/language";
import { kp } from "./i18n";
import { chips, errorText, formatNumber, fromTable, localNames, logText, nameList, tn, valueText } from "./words";

type Hand = Parameters<typeof valueText>[0];
type Line = Parameters<typeof logText>[0];
addCatalogue(kp);
afterEach(() => switchLanguage("cs"));

describe("plural forms", () => {
  it("are Czech's one, few (2–4) and other", () => {
    switchLanguage("cs");
    expect([0, 1, 2, 3, 4, 5, 11, 22].map(chips)).toEqual([
      "0 žetonů", "1 žeton", "2 žetony", "3 žetony", "4 žetony", "5 žetonů", "11 žetonů", "22 žetonů",
    ]);
  });

  it("are English's one and other", () => {
    switchLanguage("en");
    expect([0, 1, 2, 5].map(chips)).toEqual(["0 chips", "1 chip", "2 chips", "5 chips"]);
  });

  it("pass the count and the other parameters on", () => {
    addCatalogue({ cs: { "test.n.one": "{count} {what}", "test.n.few": "{count} {what}y", "test.n.other": "{count} {what}ů" }, en: {} });
    expect(tn("test.n", 3, { what: "kus" })).toBe("3 kusy");
  });
});

describe("errorText", () => {
  it("says a refusal the game knows in its own words", () => {
    expect(errorText("not_your_turn", "Not your turn.")).toBe(kp.cs["kp.error.not_your_turn"]);
  });

  it("falls back to the lobby's words, then to the engine's own message", () => {
    const [lobbyCode] = Object.keys(lobby.cs).filter((key) => key.startsWith("lobby.error.")).map((key) => key.slice(12));
    expect(errorText(lobbyCode, "English")).toBe(lobby.cs[`lobby.error.${lobbyCode}`]);
    expect(errorText("no_such_code", "The engine's own words.")).toBe("The engine's own words.");
  });
});

describe("names", () => {
  it("are Ty and the computer players, numbered when a kind sits twice", () => {
    expect(localNames(1, ["klidny", "chytry", "klidny"])).toEqual({
      names: ["Ty", "Klidný 1", "Chytrý", "Klidný 2"],
      bots: [null, "klidny", "chytry", "klidny"],
    });
  });

  it("are Hráč 1, Hráč 2… for the people of a hot-seat game", () => {
    expect(localNames(2, ["chytry"]).names).toEqual(["Hráč 1", "Hráč 2", "Chytrý"]);
  });

  it("make a list with the person in lower case", () => {
    const names = localNames(1, ["klidny", "chytry"]);
    expect(nameList(names, [1, 2, 0], 0).replace(/\s/g, " ")).toBe("Klidný, Chytrý a ty"); // ICU may bind "a" to "ty"
    switchLanguage("en");
    expect(nameList(localNames(1, ["klidny", "chytry"]), [1, 0], 0)).toBe("Calm and you");
  });
});

describe("log lines", () => {
  const names = { names: ["Ty", "Klidný"], bots: [null, "klidny" as const] };
  const line = (event: Record<string, unknown>) => ({ id: "1", event }) as unknown as Line;

  it("tell a call by what it cost, with notes for all-in and a timeout", () => {
    expect(logText(line({ type: "acted", seat: 1, action: "call", paid: 3, round_bet: 6 }), names, 0)).toBe("Klidný: dorovnává 3.");
    expect(logText(line({ type: "acted", seat: 0, action: "call", paid: 2, all_in: true }), names, 0)).toBe("Dorovnáváš 2 (all-in).");
    expect(logText(line({ type: "chosen", seat: 1, timeout: true }), names, 0)).toBe("Klidný: vybráno (vypršel čas).");
  });

  it("say nothing for an event the log does not tell", () => {
    expect(logText(line({ type: "deal" }), names, 0)).toBeNull();
  });
});

describe("a hand's value", () => {
  const hand = (line: string | null, six: number[], kept: number[], value: number) => ({ seat: 0, kept, six, value, pips: 0, line }) as unknown as Hand;

  it("names its line and value, Czech numbers grouped", () => {
    expect(valueText(hand("three_ones", [1, 1, 1, 2, 3, 5], [1, 1], 1000))).toBe("tři jedničky: 1\u00a0000");
    expect(valueText(hand(null, [1, 2, 3, 4, 6, 6], [], 0))).toBe("bez kombinace: 0");
  });

  it("adds up two triples from the table of triples", () => {
    expect(valueText(hand("two_triples", [2, 2, 2, 5, 5, 5], [], 700))).toMatch(/^dvě trojice: \d+ \+ \d+ = 700$/);
  });

  it("finds the table dice it used: its six without the kept ones", () => {
    expect(fromTable(hand(null, [1, 2, 2, 4, 6, 6], [2, 6], 0))).toEqual([1, 2, 4, 6]);
  });

  it("formats numbers for each language", () => {
    expect(formatNumber(12345)).toBe("12\u00a0345");
    switchLanguage("en");
    expect(formatNumber(12345)).toBe("12,345");
  });
});
