// Cycles the theme: system → light → dark; remembered on the device.
import { useState } from "preact/hooks";
import { t } from "../i18n";
import { applyTheme, getTheme, type Theme } from "../theme";

const NEXT: Record<Theme, Theme> = { auto: "light", light: "dark", dark: "auto" };
const ICON: Record<Theme, string> = { auto: "◐", light: "☀", dark: "☾" };

export function ThemeSwitch() {
  const [theme, setTheme] = useState(getTheme());
  const label = `${t("theme.switch")}: ${t(`theme.${theme}`)}`;
  return (
    <button
      type="button"
      class="chip"
      aria-label={label}
      title={label}
      onClick={() => {
        const next = NEXT[theme];
        applyTheme(next);
        setTheme(next);
      }}
    >
      <span aria-hidden="true">{ICON[theme]}</span>
    </button>
  );
}
