// "Nainstalovat aplikaci": the browser's own prompt where it offers one, else short
// instructions; hidden once the app runs installed.
import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n";
import { Dialog } from "./Dialog";

interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let deferred: InstallPrompt | null = null;
const listeners = new Set<() => void>();
addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault(); // we show our own button instead of the mini-infobar
  deferred = event as InstallPrompt;
  listeners.forEach((listener) => listener());
});
addEventListener("appinstalled", () => {
  deferred = null;
  listeners.forEach((listener) => listener());
});

function installed(): boolean {
  return matchMedia("(display-mode: standalone)").matches;
}

export function InstallButton() {
  const [, refresh] = useState(0);
  const [help, setHelp] = useState(false);
  useEffect(() => {
    const update = () => refresh((n) => n + 1);
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  if (installed()) return null;
  const install = async () => {
    if (!deferred) return setHelp(true);
    await deferred.prompt();
    await deferred.userChoice;
    deferred = null;
    refresh((n) => n + 1);
  };
  return (
    <>
      <button type="button" class="chip install" onClick={install} data-prompt={deferred ? "yes" : "no"}>
        <span aria-hidden="true">⤓</span>
        <span class="install-text">{t("install.button")}</span>
      </button>
      {help && (
        <Dialog title={t("install.help.title")} onClose={() => setHelp(false)}>
          <p>{t("install.help.text")}</p>
        </Dialog>
      )}
    </>
  );
}
