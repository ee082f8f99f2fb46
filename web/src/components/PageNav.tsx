// The small navigation between a game's pages (play, rules, ...): the current page marked.
import { t } from "../i18n";
import { href } from "../router";
import "./rules.css";

/** `links` are [path, message key]; `label` is the message key of the navigation's name. */
export function PageNav({ label, links, current }: { label: string; links: Array<[string, string]>; current: string }) {
  return (
    <nav class="mp-nav" aria-label={t(label)}>
      <ul>
        {links.map(([path, key]) => (
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
