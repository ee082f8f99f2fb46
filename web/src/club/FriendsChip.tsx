// In the header while a profile is selected: "Přátelé", with how many requests wait.
import { t } from "../i18n";
import { href, usePath } from "../router";
import { useProfiles } from "../profile/store";
import { useFriendLists } from "./useFriendLists";
import "../profile/profile.css";
import "./club.css";

export function FriendsChip() {
  const { selected } = useProfiles();
  const path = usePath();
  const waiting = useFriendLists()?.incoming.length ?? 0;
  if (!selected) return null;
  return (
    <a class="chip friends-chip" href={href("/pratele")}
      aria-current={path === "/pratele" ? "page" : undefined}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="9" cy="8" r="3.5" fill="none" stroke="currentColor" stroke-width="2" />
        <circle cx="17" cy="9" r="2.5" fill="none" stroke="currentColor" stroke-width="2" />
        <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6M15 14.3c3.4-.6 6.5 1.4 6.5 5" fill="none"
          stroke="currentColor" stroke-width="2" />
      </svg>
      <span class="chip-name">{t("friends.chip")}</span>
      {waiting > 0 && (
        <span class="count">
          {waiting}
          <span class="visually-hidden"> {t("friends.chip.waiting")}</span>
        </span>
      )}
    </a>
  );
}
