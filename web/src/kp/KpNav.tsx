// The small navigation shared by the Kostkový poker pages: play, the online table, rules.
import { t } from "../i18n";
import { href } from "../router";
import "../rules/rules.css";

const LINKS: Array<[string, string]> = [
  ["/kostkovy-poker", "kp.nav.play"],
  ["/kostkovy-poker/stul", "kp.nav.online"],
  ["/kostkovy-poker/pravidla", "kp.nav.rules"],
];

export function KpNav({ current }: { current: string }) {
  return (
    <nav class="mp-nav" aria-label={t("kp.nav")}>
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
