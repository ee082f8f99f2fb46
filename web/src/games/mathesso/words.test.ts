// Mathesso's words (words.ts): a card's coloured side for a screen reader, refusals with
// their fallbacks, the computer levels by the engine's list, the names at a local table.
import { afterEach, describe, expect, it } from "vitest";
import { BOTS } from "virtual:game-data/mathesso";
import { addCatalogue } from "../../i18n";
import { switchLanguage } from "../../testing/language";
import { ma } from "./i18n";
import { errorText, faceText, levelAbout, levelName, namesOf } from "./words";

type Face = Parameters<typeof faceText>[0];
const face = (fields: Partial<Face>): Face => ({ value: 0, shows: "", colours: [], background: "", hint: null, mark: 0, ...fields }) as Face;

addCatalogue(ma);
afterEach(() => switchLanguage("cs"));

describe("faceText", () => {
  it("tells a product by its two colours, a square by one", () => {
    expect(faceText(face({ group: "multiplication", shows: "10", colours: [2, 5] }))).toBe("10 v barvách 2 a 5, malá násobilka");
    expect(faceText(face({ group: "square", shows: "49", colours: [7] }))).toBe(
      `49 v barvě 7, ${ma.cs["ma.group.square"]}`,
    );
  });

  it("tells a zero by the number behind it, and its design when two share it", () => {
    expect(faceText(face({ group: "zero", shows: "0", hint: "12", mark: 0 }))).toBe(`0 s číslem 12 v pozadí, ${ma.cs["ma.group.zero"]}`);
    expect(faceText(face({ group: "zero", shows: "0", hint: "12", mark: 2 }))).toContain("vzor 2");
  });

  it("has words for every group in both languages", () => {
    const groups = Object.keys(ma.cs).filter((key) => /^ma\.group\.\w+$/.test(key)).map((key) => key.slice(9));
    expect(groups.length).toBeGreaterThan(3);
    for (const lang of ["cs", "en"] as const) {
      switchLanguage(lang);
      for (const group of groups) {
        const text = faceText(face({ group: group as Face["group"], shows: "6", colours: [2, 3], hint: "3!" }));
        expect(text, `${lang} ${group}`).not.toMatch(/\{|ma\./);
      }
    }
  });
});

describe("errorText", () => {
  it("says a known refusal in the game's words, else the engine's", () => {
    const key = Object.keys(ma.cs).find((k) => k.startsWith("ma.error."))! as keyof typeof ma.cs;
    expect(errorText(key.slice(9), "English")).toBe(ma.cs[key]);
    expect(errorText("unheard_of", "Unheard of.")).toBe("Unheard of.");
  });
});

describe("levels and names", () => {
  it("names each of the engine's computer levels, with words about it", () => {
    expect(BOTS.length).toBeGreaterThan(0);
    for (let level = 0; level < BOTS.length; level++) {
      expect(levelName(level)).toBe(ma.cs[`ma.level.${BOTS[level]}` as keyof typeof ma.cs]);
      expect(levelAbout(level)).not.toBe("");
    }
    expect(levelName(BOTS.length)).toBe("");
  });

  it("keeps typed names, numbers people and the computers that share a level", () => {
    const names = namesOf([
      { name: " Eva ", level: null },
      { name: "", level: null },
      { name: "", level: 0 },
      { name: "", level: 0 },
      { name: "", level: 1 },
    ]);
    const [first, second] = [levelName(0), levelName(1)];
    expect(names).toEqual(["Eva", "Hráč 2", `${first} (počítač) 1`, `${first} (počítač) 2`, `${second} (počítač)`]);
  });
});
