// "Are you sure?" for what cannot be undone: the confirming button is the dangerous one and
// the focus starts on Cancel; Esc cancels.
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useRef } from "preact/hooks";
import { Dialog } from "../components/Dialog";
import { t } from "../i18n";

interface Props {
  title: string;
  text: string;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Why the last try failed, shown inside the dialog (the page behind it is inert). */
  error?: string | null;
  /** More under the text (a choice that changes what confirming does). */
  extra?: ComponentChildren;
}

export function ConfirmDialog({ title, text, confirm, onConfirm, onCancel, error, extra }: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  // One stable close handler: the dialog reopens itself whenever its handler changes.
  const latest = useRef(onCancel);
  latest.current = onCancel;
  const close = useCallback(() => latest.current(), []);
  return (
    <Dialog title={title} onClose={close} class="confirm-dialog">
      <p>{text}</p>
      {extra}
      {error && <p class="field-error" role="alert">{error}</p>}
      <p class="dialog-actions">
        <button ref={cancel} type="button" onClick={close}>{t("profile.cancel")}</button>
        <button type="button" class="danger" onClick={onConfirm}>{confirm}</button>
      </p>
    </Dialog>
  );
}
