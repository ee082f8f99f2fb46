// The small navigation between a game's pages (play, rules, ...): the current page marked;
// then the other games' line.
import { t } from "../i18n";
import { href } from "../router";
import { OtherGames } from "./OtherGames";
import "./rules.css";

interface Props {
  /** The game's registry id (its own name is left out of the other games' line). */
  game: string;
  /** The message key of the navigation's name. */
  label: string;
  /** [path, message key] of each page. */
  links: Array<[string, string]>;
  current: string;
}

export function PageNav({ game, label, links, current }: Props) {
  return (
    <>
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
      <OtherGames current={game} />
    </>
  );
}
