// A ranked start without a profile: why a profile is needed, and a nickname field to create
// one right here (then the game starts); with storage off, where to turn it on.
import { useEffect, useRef } from "preact/hooks";
import { Dialog } from "../../components/Dialog";
import { t } from "../../i18n";
import { CreateProfileForm } from "../../profile/CreateProfile";
import { useProfiles } from "../../profile/store";
import { href } from "../../router";

interface Props {
  /** The profile exists and is selected: go on with the ranked start. */
  onCreated: () => void;
  onClose: () => void;
}

export function RankedProfileDialog({ onCreated, onClose }: Props) {
  const { storage } = useProfiles();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []); // after the dialog's own focus
  return (
    <Dialog title={t("ranked.profile.title")} onClose={onClose} class="mp-dialog mp-ranked-profile">
      <p>{t("ranked.profile.why")}</p>
      {storage ? (
        <CreateProfileForm
          id="ranked-nickname"
          label={t("ranked.profile.label")}
          submit={t("ranked.profile.create")}
          inputRef={input}
          onCreated={onCreated}
        />
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
