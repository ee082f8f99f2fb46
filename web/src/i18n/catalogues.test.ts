// The catalogues and t() (i18n/index.ts): the current language with Czech as the fallback,
// placeholders filled, a missing text shown by its key, the language kept on the device; and
// every catalogue, shared or a game's, the same keys and placeholders in both languages.
import { afterEach, describe, expect, it, vi } from "vitest";
import { GAMES } from "../registry";
import { freshStorage } from "../testing/memoryStorage";
import { switchLanguage } from "../testing/language";
import { common } from "./common";
import { errors } from "./errors";
import { games } from "./games";
import { addCatalogue, getLang, mergeAreas, t, type Area } from "./index";
import { lobby } from "./lobby";
import { profile } from "./profile";
import { ratings } from "./ratings";
import { replay } from "./replay";
import { watch } from "./watch";

afterEach(() => switchLanguage("cs"));

describe("t", () => {
  addCatalogue({ cs: { "test.hello": "Ahoj, {name}!", "test.only.cs": "jen česky" }, en: { "test.hello": "Hello, {name}!" } });

  it("gives the current language's text with its placeholders filled", () => {
    expect(t("test.hello", { name: "Eva" })).toBe("Ahoj, Eva!");
    switchLanguage("en");
    expect(t("test.hello", { name: "Eva" })).toBe("Hello, Eva!");
  });

  it("falls back to Czech for a text English lacks", () => {
    switchLanguage("en");
    expect(t("test.only.cs")).toBe("jen česky");
  });

  it("leaves a placeholder without a value as it is, and fills numbers", () => {
    expect(t("test.hello")).toBe("Ahoj, {name}!");
    expect(t("test.hello", { name: 0 })).toBe("Ahoj, 0!");
  });

  it("shows a missing text by its key and says so on the console", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(t("test.nowhere")).toBe("test.nowhere");
    expect(warn).toHaveBeenCalledWith("missing message: test.nowhere");
  });
});

describe("the language", () => {
  it("is kept on the device and marks the page", () => {
    const { local } = freshStorage();
    switchLanguage("en");
    expect(getLang()).toBe("en");
    expect(local.getItem("klubovna.lang")).toBe("en");
    expect(document.documentElement.lang).toBe("en");
  });

  it("starts as the device kept it, Czech otherwise", async () => {
    for (const [kept, lang] of [["en", "en"], ["cs", "cs"], ["de", "cs"], [null, "cs"]] as const) {
      const { local } = freshStorage();
      if (kept !== null) local.setItem("klubovna.lang", kept);
      vi.resetModules();
      const fresh = await import("./index");
      expect(fresh.getLang()).toBe(lang);
    }
  });

  it("starts in Czech when storage is switched off", async () => {
    vi.stubGlobal("localStorage", undefined);
    vi.resetModules();
    expect((await import("./index")).getLang()).toBe("cs");
  });
});

describe("mergeAreas", () => {
  it("joins several files' texts into one area, the later winning", () => {
    const merged = mergeAreas({ cs: { a: "1", b: "2" }, en: { a: "one" } }, { cs: { b: "dva" }, en: { b: "two" } });
    expect(merged).toEqual({ cs: { a: "1", b: "dva" }, en: { a: "one", b: "two" } });
  });
});

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe.each<[string, Area]>([
  ["common", common],
  ["errors", errors],
  ["games", games],
  ["lobby", lobby],
  ["profile", profile],
  ["ratings", ratings],
  ["replay", replay],
  ["watch", watch],
  // each game's catalogue as the app loads it: through the registry (shared code names no
  // game's folder, tests/web/test_shared_imports.py)
  ...(await Promise.all(
    GAMES.filter((game) => game.catalogue).map(async (game): Promise<[string, Area]> => [game.name.cs, await game.catalogue!()]),
  )),
])("the %s catalogue", (_, area) => {
  it("has the same keys in Czech and English", () => {
    expect(Object.keys(area.en).sort()).toEqual(Object.keys(area.cs).sort());
  });

  it("has the same placeholders in both languages, and no empty text", () => {
    const differ = Object.keys(area.cs).filter(
      (key) => key in area.en && placeholders(area.cs[key]).join() !== placeholders(area.en[key]).join(),
    );
    expect(differ).toEqual([]);
    expect(Object.entries({ ...area.cs, ...area.en }).filter(([, text]) => text.trim() === "")).toEqual([]);
  });
});
