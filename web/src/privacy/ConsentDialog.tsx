// The publishing question, asked once before the first result would reach a public table
// (the first ranked game or daily challenge while the profile's consent is null). Yes or No
// is saved on the server (PATCH consent); Esc or ✕ cancels the start and decides nothing.
import type { JSX } from "preact";
import { useCallback, useRef, useState } from "preact/hooks";
import { Dialog } from "../components/Dialog";
import { t } from "../i18n";
import { href } from "../router";
import { getMe, patchMe } from "../profile/api";
import "../profile/profile.css";

interface Props {
  onAnswer: (yes: boolean) => void;
  onCancel: () => void;
}

export function ConsentDialog({ onAnswer, onCancel }: Props) {
  return (
    <Dialog title={t("consent.title")} onClose={onCancel} class="consent-dialog">
      <p>{t("consent.text")}</p>
      <p class="muted">{t("consent.note")}</p>
      <p class="muted"><a href={href("/zasady")}>{t("privacy.link")}</a></p>
      <p class="dialog-actions">
        <button type="button" onClick={() => onAnswer(false)}>{t("consent.no")}</button>
        <button type="button" class="primary" onClick={() => onAnswer(true)}>{t("consent.yes")}</button>
      </p>
    </Dialog>
  );
}

type Waiting = { resolve: (answer: boolean | null) => void };

/** `ensure(key)` reads the profile's consent (this also proves the server is there) and, when
 *  it is still null, asks and saves the answer. It resolves to the consent (true/false), or
 *  to undefined when the player cancelled the question; it throws ServerUnreachable or
 *  ApiError like every API call. Render `dialog` somewhere on the page. */
export function useConsentGate(): { dialog: JSX.Element | null; ensure: (key: string) => Promise<boolean | undefined> } {
  const [asking, setAsking] = useState(false);
  const waiting = useRef<Waiting | null>(null);
  const finish = useCallback((answer: boolean | null) => {
    setAsking(false);
    waiting.current?.resolve(answer);
    waiting.current = null;
  }, []);
  const cancel = useCallback(() => finish(null), [finish]);
  const ensure = useCallback(async (key: string) => {
    const me = await getMe(key);
    if (me.consent === true || me.consent === false) return me.consent;
    const answer = await new Promise<boolean | null>((resolve) => {
      waiting.current = { resolve };
      setAsking(true);
    });
    if (answer === null) return undefined;
    await patchMe(key, { consent: answer });
    return answer;
  }, []);
  const dialog = asking ? <ConsentDialog onAnswer={finish} onCancel={cancel} /> : null;
  return { dialog, ensure };
}
