// In the header: the selected profile's nickname (or "Profil"), linking to #/profil.
import { t } from "../i18n";
import { href, usePath } from "../router";
import { useProfiles } from "./store";
import "./profile.css";

export function ProfileChip() {
  const { selected } = useProfiles();
  const path = usePath();
  return (
    <a
      class="chip profile-chip"
      href={href("/profil")}
      aria-current={path === "/profil" ? "page" : undefined}
      title={selected ? t("profile.chip.aria", { nickname: selected.nickname }) : t("profile.chip")}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" stroke-width="2" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" stroke-width="2" />
      </svg>
      {selected ? (
        <>
          <span class="visually-hidden">{t("profile.chip")}: </span>
          <span class="profile-chip-name">{selected.nickname}</span>
        </>
      ) : (
        <span class="profile-chip-name">{t("profile.chip")}</span>
      )}
    </a>
  );
}
