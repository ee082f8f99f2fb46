// Who plays: the selected profile (the game then counts in its statistics), or a nickname
// for this game only. The last nickname typed is offered again next time.
import type { Ref } from "preact";
import { t, useLang } from "../i18n";
import { href } from "../router";
import { nicknameProblem } from "../profile/nickname";
import type { StoredProfile } from "../profile/store";

/** The nickname as the server will store it, or null (the server's own rules: profile/nickname.ts). */
export { cleanNickname } from "../profile/nickname";

const NICKNAME_KEY = "klubovna.lobby.nickname";

export function lastNickname(): string {
  try {
    return localStorage.getItem(NICKNAME_KEY) ?? "";
  } catch {
    return "";
  }
}

export function rememberNickname(nickname: string): void {
  try {
    localStorage.setItem(NICKNAME_KEY, nickname);
  } catch {
    /* storage disabled */
  }
}

interface Props {
  id: string;
  profile: StoredProfile | null;
  nickname: string;
  onNickname: (nickname: string) => void;
  /** Why the nickname was refused, in words. */
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

export function WhoField({ id, profile, nickname, onNickname, error, inputRef }: Props) {
  useLang();
  if (profile) {
    return (
      <div class="lobby-who">
        <p>{t("lobby.who.profile")} <strong class="nickname">{profile.nickname}</strong></p>
        <small>{t("lobby.who.recorded")}</small>
      </div>
    );
  }
  // What the server would refuse is said while it is typed; a name too short once it was sent
  // (`error` is set then).
  const shown = nicknameProblem(nickname, error !== null) ?? error;
  return (
    <div class="lobby-who lobby-nickname">
      <label for={id}>{t("lobby.nickname")}</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        autoComplete="nickname"
        value={nickname}
        aria-invalid={shown ? "true" : undefined}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ""}`}
        onInput={(event) => onNickname(event.currentTarget.value)}
      />
      {shown && <p id={`${id}-error`} class="field-error">{shown}</p>}
      <p id={`${id}-hint`} class="hint">
        {t("lobby.nickname.hint")} <a href={href("/profil")}>{t("lobby.nickname.profile")}</a>
      </p>
    </div>
  );
}
