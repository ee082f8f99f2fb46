// Žolíky's words (words.ts): a refusal in the game's words, else the shared ones, else the
// engine's own message; level names from the engine's list; the names at a local table.
import { afterEach, describe, expect, it } from "vitest";
import { BOTS } from "virtual:game-data/zoliky_s_kameny";
import { addCatalogue } from "../../i18n";
import { errors } from "../../i18n/errors";
import { switchLanguage } from "../../testing/language";
import { zk } from "./i18n";
import { errorText, levelName, localNames } from "./words";

addCatalogue(zk);
afterEach(() => switchLanguage("cs"));

describe("errorText", () => {
  it("says the engine's refusals in Czech and English", () => {
    expect(errorText("run_gap", "A gap in the run.")).toBe(zk.cs["zk.error.run_gap"]);
    switchLanguage("en");
    expect(errorText("run_gap", "A gap in the run.")).toBe(zk.en["zk.error.run_gap"]);
  });

  it("uses the server's shared words for a code the game has not got", () => {
    const shared = Object.keys(errors.cs).find((key) => !(`zk.error.${key.slice(9)}` in zk.cs))!;
    expect(errorText(shared.slice(9), "English")).toBe((errors.cs as Record<string, string>)[shared]);
  });

  it("keeps the engine's own message for a code nobody knows", () => {
    expect(errorText("brand_new_rule", "A brand new rule.")).toBe("A brand new rule.");
  });
});

describe("levelName", () => {
  it("names the engine's three computer players Lehká, Střední, Těžká", () => {
    expect(BOTS).toHaveLength(3);
    expect(BOTS.map(levelName)).toEqual(["Lehká", "Střední", "Těžká"]);
  });

  it("keeps a name it does not know", () => {
    expect(levelName("mistr")).toBe("mistr");
  });
});

describe("localNames", () => {
  it("are Vy and the computer against the computer", () => {
    expect(localNames(1, BOTS[2])).toEqual(["Vy", "Počítač (Těžká)"]);
    switchLanguage("en");
    expect(localNames(1, BOTS[0])).toEqual(["You", `Computer (${zk.en["zk.level.0"]})`]);
  });

  it("are Hráč 1… for each person on one device", () => {
    expect(localNames(4, null)).toEqual(["Hráč 1", "Hráč 2", "Hráč 3", "Hráč 4"]);
  });
});
