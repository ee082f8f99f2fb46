// Test helper: switch the app's language as the language switch does (setLang also marks
// the page's <html lang>, so a bare document stands in for it under node).
import { vi } from "vitest";
import { setLang, type Lang } from "../i18n";

export function switchLanguage(lang: Lang): void {
  if (typeof document === "undefined") vi.stubGlobal("document", { documentElement: { lang: "" } });
  setLang(lang);
}
