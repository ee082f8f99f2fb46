// The message catalogues and the current language. Czech first, English second; every
// string on screen comes from here. Each area keeps its own catalogue file.
import { useEffect, useState } from "preact/hooks";
import { common } from "./common";
import { mp } from "./mp";
import { helpers } from "./helpers";
import { rules } from "./rules";
import { profile } from "./profile";
import { lobby } from "./lobby";
import { kp } from "./kp";
import { games } from "./games";
import { daily } from "./daily";

export type Lang = "cs" | "en";
type Catalogue = Record<string, string>;
type Area = { cs: Catalogue; en: Catalogue };

const AREAS: Area[] = [common, mp, helpers, rules, profile, lobby, kp, games, daily];
const CATALOGUES: Record<Lang, Catalogue> = {
  cs: Object.assign({}, ...AREAS.map((a) => a.cs)),
  en: Object.assign({}, ...AREAS.map((a) => a.en)),
};

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
    console.warn(`missing message: ${key}`);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

/** Re-render the calling component when the language changes; returns the language. */
export function useLang(): Lang {
  const [lang, set] = useState(current);
  useEffect(() => {
    listeners.add(set);
    return () => void listeners.delete(set);
  }, []);
  return lang;
}

/** Every key of every catalogue (tests check Czech and English have the same keys). */
export function catalogueKeys(): { cs: string[]; en: string[] } {
  return { cs: Object.keys(CATALOGUES.cs).sort(), en: Object.keys(CATALOGUES.en).sort() };
}
