// In the header while a profile is selected: "Moje hry", with how many games wait for the
// person's move; and the home page's badge saying the same in words.
import { t } from "../i18n";
import { plural } from "../profile/format";
import { href, usePath } from "../router";
import { useProfiles } from "../profile/store";
import { useMyGames } from "./store";
import { waitingCount } from "./time";
import "../profile/profile.css";
import "./mygames.css";

function useWaiting(): number | null {
  const mine = useMyGames();
  return mine.status === "ready" ? waitingCount(mine.games) : null;
}

export function MyGamesChip() {
  const { selected } = useProfiles();
  const path = usePath();
  const waiting = useWaiting();
  if (!selected) return null;
  return (
    <a class="chip mygames-chip" href={href("/moje-hry")} aria-current={path === "/moje-hry" ? "page" : undefined}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <rect x="3.5" y="3.5" width="17" height="17" rx="3" fill="none" stroke="currentColor" stroke-width="2" />
        <path d="M8 12.5l3 3 5.5-6.5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
      </svg>
      <span class="chip-name">{t("mygames.title")}</span>
      {waiting !== null && waiting > 0 && (
        <span class="count">
          {waiting}
          <span class="visually-hidden"> {t("mygames.chip.waiting")}</span>
        </span>
      )}
    </a>
  );
}

/** The home page's badge: shown while games wait for the person's move. */
export function MyGamesBadge() {
  const { selected } = useProfiles();
  const waiting = useWaiting();
  if (!selected || waiting === null || waiting === 0) return null;
  return (
    <p class="mygames-badge">
      <a class="button primary" href={href("/moje-hry")}>
        <span class="count" aria-hidden="true">{waiting}</span>
        <span>{plural("mygames.waiting", waiting)}</span>
      </a>
    </p>
  );
}
