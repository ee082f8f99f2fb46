// Who plays: the selected profile (the game then counts in its statistics), or a nickname
// for this game only. The last nickname typed is offered again next time.
import type { Ref } from "preact";
import { t, useLang } from "../i18n";
import { href } from "../router";
import type { StoredProfile } from "../profile/store";

const NICKNAME_KEY = "klubovna.lobby.nickname";
// Letters of any script, but no Hangul fillers (letters to Unicode, blank to the eye; the
// server refuses them too: nicknames.py).
const NICKNAME = /^(?![\s\S]*[\u115F\u1160\u3164\uFFA0])[\p{L}\p{Nd} _.-]{2,24}$/u;

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

/** The nickname as the server will judge it (2–24 letters, digits, spaces, _ - .), or null. */
export function cleanNickname(text: string): string | null {
  const nickname = text.normalize("NFC").trim().replace(/\s+/g, " ");
  return NICKNAME.test(nickname) ? nickname : null;
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
  return (
    <div class="lobby-who lobby-nickname">
      <label for={id}>{t("lobby.nickname")}</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        autoComplete="nickname"
        maxLength={24}
        value={nickname}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onInput={(event) => onNickname(event.currentTarget.value)}
      />
      {error && <p id={`${id}-error`} class="field-error">{error}</p>}
      <p id={`${id}-hint`} class="hint">
        {t("lobby.nickname.hint")} <a href={href("/profil")}>{t("lobby.nickname.profile")}</a>
      </p>
    </div>
  );
}
