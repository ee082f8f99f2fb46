// The message catalogues and the current language. Czech first, English second; every
// string on screen comes from here. The shared areas' catalogues (this folder) are always
// here; each game's own catalogue lives in its folder and is added when one of its pages
// first opens (registry.ts loads it with the page's code, so a game's text loads only then).
import { useFollowed } from "../follow";
import { club } from "./club";
import { common } from "./common";
import { errors } from "./errors";
import { games } from "./games";
import { lobby } from "./lobby";
import { mygames } from "./mygames";
import { profile } from "./profile";
import { push } from "./push";
import { ratings } from "./ratings";
import { replay } from "./replay";
import { watch } from "./watch";

export type Lang = "cs" | "en";
type Catalogue = Record<string, string>;
/** One area's texts in both languages (tests/web/test_catalogues.py checks their keys match). */
export type Area = { cs: Catalogue; en: Catalogue };

const CATALOGUES: Record<Lang, Catalogue> = { cs: {}, en: {} };

/** Add an area's texts (a game's catalogue once its page loads). */
export function addCatalogue(area: Area): void {
  Object.assign(CATALOGUES.cs, area.cs);
  Object.assign(CATALOGUES.en, area.en);
}

/** One area made of several files' texts (a game's catalogue split by its parts). */
export function mergeAreas(...areas: Area[]): Area {
  return { cs: Object.assign({}, ...areas.map((a) => a.cs)), en: Object.assign({}, ...areas.map((a) => a.en)) };
}

[club, common, errors, games, lobby, mygames, profile, push, ratings, replay, watch].forEach(addCatalogue);

const STORAGE_KEY = "klubovna.lang";
let current: Lang = readLang();
const listeners = new Set<(lang: Lang) => void>();

function readLang(): Lang {
  try {
    return localStorage.getItem(STORAGE_KEY) === "en" ? "en" : "cs";
  } catch {
    return "cs";
  }
}

export function getLang(): Lang {
  return current;
}

export function setLang(lang: Lang): void {
  current = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* storage disabled: the choice lasts for this page */
  }
  document.documentElement.lang = lang;
  listeners.forEach((listener) => listener(lang));
}

/** The text for `key` in the current language; `{name}` placeholders are filled from `params`. */
export function t(key: string, params: Record<string, string | number> = {}): string {
  const text = CATALOGUES[current][key] ?? CATALOGUES.cs[key];
  if (text === undefined) {
    // The browser tests fail a page that logs this (tests/web/conftest.py).
    console.warn(`missing message: ${key}`);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/** Re-render the calling component when the language changes; returns the language. */
export function useLang(): Lang {
  return useFollowed(() => current, listeners);
}
