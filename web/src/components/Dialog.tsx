// A modal dialog on the native <dialog>: focus moves in, Esc closes it when it may be
// cancelled, and the screen reader hears its title.
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { t } from "../i18n";

interface Props {
  title: string;
  onClose?: () => void;
  children: ComponentChildren;
  class?: string;
  /** The ✕ button, when the dialog may be closed (default); Esc closes it either way. */
  closeButton?: boolean;
}

let nextId = 0;

export function Dialog({ title, onClose, children, class: extra, closeButton = true }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useRef(`dialog-${++nextId}`);
  // The latest onClose, read when Esc comes: the listeners are set once, so an Esc pressed
  // just after a render that changed onClose (before effects ran) still finds it, and a new
  // onClose never closes and reopens the dialog (which moved the focus).
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    const cancel = (event: Event) => {
      event.preventDefault(); // Esc: close only when the dialog may be cancelled
      close.current?.();
    };
    // Chromium closes a modal dialog on a second Esc even when its cancel event is
    // refused: a dialog that asks for a decision (no onClose) opens itself again.
    const reopen = () => {
      if (!close.current && !dialog.open && dialog.isConnected) dialog.showModal();
    };
    dialog.addEventListener("cancel", cancel);
    dialog.addEventListener("close", reopen);
    return () => {
      dialog.removeEventListener("cancel", cancel);
      dialog.removeEventListener("close", reopen);
      if (dialog.open) dialog.close();
    };
  }, []);
  return (
    <dialog ref={ref} class={`dialog ${extra ?? ""}`} aria-labelledby={id.current}>
      <div class="dialog-head">
        <h2 id={id.current}>{title}</h2>
        {onClose && closeButton && (
          <button type="button" class="chip" aria-label={t("dialog.close")} onClick={onClose}>
            ✕
          </button>
        )}
      </div>
      {children}
    </dialog>
  );
}
