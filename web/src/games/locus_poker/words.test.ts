// Locus Poker's words (words.ts): refusals with their fallbacks, hands and score lines, and
// the opponents from the engine's list with their names and characters in both languages.
import { afterEach, describe, expect, it } from "vitest";
import { BOTS, HANDS, OPPONENTS } from "virtual:game-data/locus_poker";
import { addCatalogue } from "../../i18n";
import { switchLanguage } from "../../testing/language";
import { lp } from "./i18n";
import { errorText, handName, localNames, opponentCharacter, opponentLevel, opponentName, scoreLine } from "./words";

addCatalogue(lp);
afterEach(() => switchLanguage("cs"));

describe("errorText", () => {
  it("says a known refusal in the game's words, else the engine's", () => {
    const key = Object.keys(lp.cs).find((k) => k.startsWith("lp.error."))! as keyof typeof lp.cs;
    expect(errorText(key.slice(9), "English")).toBe(lp.cs[key]);
    expect(errorText("unheard_of", "Unheard of.")).toBe("Unheard of.");
  });
});

describe("hands and scores", () => {
  it("names no hand as Nic / Nothing", () => {
    expect(handName(null)).toBe("Nic");
    switchLanguage("en");
    expect(handName(null)).toBe("Nothing");
  });

  it("has a name for every hand the engine knows", () => {
    const names = HANDS.map(([name]) => name);
    expect(names.length).toBeGreaterThan(0);
    for (const hand of names) expect(`lp.hand.${hand}` in lp.cs, hand).toBe(true);
  });

  it("puts the engine's numbers in a line", () => {
    expect(scoreLine({ hand: 2, name: "pair", bonus: 1, score: 3 })).toBe("Pár 2 + bonus 1 = 3");
  });
});

describe("opponents", () => {
  it("each of the engine's has a name, a character in both languages and a level", () => {
    for (const bot of BOTS) {
      expect(opponentName(bot)).not.toBe(bot);
      expect(opponentCharacter(bot)).not.toBe("");
      switchLanguage("en");
      expect(opponentCharacter(bot)).not.toBe("");
      switchLanguage("cs");
      expect(opponentLevel(bot)).toBe(BOTS.indexOf(bot));
    }
    expect(OPPONENTS.map((o: { id: string }) => o.id).sort()).toEqual([...BOTS].sort());
  });

  it("an unknown one keeps its id, no character, no level", () => {
    expect(opponentName("nikdo")).toBe("nikdo");
    expect(opponentCharacter("nikdo")).toBe("");
    expect(opponentLevel("nikdo")).toBe(-1);
  });

  it("at a local table: Vy and the opponent, or two players", () => {
    expect(localNames(BOTS[0])).toEqual(["Vy", opponentName(BOTS[0])]);
    expect(localNames(null)).toEqual(["Hráč 1", "Hráč 2"]);
  });
});
