// A ranked start without a profile: why a profile is needed, and a nickname field to create
// one right here (then the game starts); with storage off, where to turn it on.
import { useEffect, useRef, useState } from "preact/hooks";
import { Dialog } from "../components/Dialog";
import { t } from "../i18n";
import { createProfile } from "../profile/api";
import { problemText } from "../profile/format";
import { nicknameProblem } from "../profile/nickname";
import { addProfile, useProfiles } from "../profile/store";
import { href } from "../router";

interface Props {
  /** The profile exists and is selected: go on with the ranked start. */
  onCreated: () => void;
  onClose: () => void;
}

export function RankedProfileDialog({ onCreated, onClose }: Props) {
  const { storage } = useProfiles();
  const [nickname, setNickname] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const tooLong = nicknameProblem(nickname);
  const shown = tooLong ?? error;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    if (tooLong) return input.current?.focus();
    setBusy(true);
    setError(null);
    try {
      const created = await createProfile(nickname.trim());
      addProfile({ id: created.id, nickname: created.nickname, key: created.key });
      onCreated();
    } catch (problem) {
      setError(problemText(problem));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={t("ranked.profile.title")} onClose={onClose} class="mp-dialog mp-ranked-profile">
      <p>{t("ranked.profile.why")}</p>
      {storage ? (
        <form class="profile-form" onSubmit={submit} noValidate>
          <label for="ranked-nickname">{t("ranked.profile.label")}</label>
          <div class="profile-form-row">
            <input
              ref={input}
              id="ranked-nickname"
              type="text"
              autoComplete="nickname"
              value={nickname}
              aria-describedby={shown ? "ranked-nickname-error ranked-nickname-hint" : "ranked-nickname-hint"}
              aria-invalid={shown ? "true" : undefined}
              onInput={(event) => setNickname(event.currentTarget.value)}
            />
            <button type="submit" class="primary" aria-busy={busy ? "true" : undefined} disabled={busy}>
              {t("ranked.profile.create")}
            </button>
          </div>
          <p id="ranked-nickname-error" class="field-error" role="alert">{shown ?? ""}</p>
          <p id="ranked-nickname-hint" class="hint">{t("profile.create.hint")}</p>
        </form>
      ) : (
        <p class="notice warn">{t("ranked.profile.storage")}</p>
      )}
      <p class="mp-dialog-actions">
        <a href={href("/profil")}>{t("ranked.needs.profile.link")}</a>
        <button type="button" onClick={onClose}>{t("ranked.profile.later")}</button>
      </p>
    </Dialog>
  );
}
