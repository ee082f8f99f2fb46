// The small navigation shared by the Matematický poker pages: play, rules and the two helpers.
import { t } from "../i18n";
import { href } from "../router";
import "./rules.css";

const LINKS: Array<[string, string]> = [
  ["/matematicky-poker", "mp.rules.nav.play"],
  ["/matematicky-poker/pravidla", "mp.rules.nav.rules"],
  ["/matematicky-poker/vyber-cisel", "mp.rules.nav.picker"],
  ["/matematicky-poker/tabulka", "mp.rules.nav.manual"],
];

export function MpNav({ current }: { current: string }) {
  return (
    <nav class="mp-nav" aria-label={t("mp.rules.nav")}>
      <ul>
        {LINKS.map(([path, key]) => (
          <li key={path}>
            <a href={href(path)} aria-current={path === current ? "page" : undefined}>
              {t(key)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
