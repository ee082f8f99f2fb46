// "I have a profile on another device": a transfer or recovery code typed (or brought by the
// QR code's link, #/profil/prenos/CODE), or a passkey of this site. Either signs this
// browser in to that same profile with a key of its own, kept and selected like a new one.
import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "../i18n";
import { passkeySignIn, redeemCode, signInOptions, type CreatedProfile } from "./api";
import { PasskeyElsewhere, passkeyHere, passkeyProblem } from "./Devices";
import { problemText } from "./format";
import { addProfile } from "./store";

interface Props {
  /** A code from the link the other device showed (prefilled; the person confirms). */
  code?: string;
  onSignedIn: (nickname: string) => void;
}

export function SignInForm({ code: given, onSignedIn }: Props) {
  const [code, setCode] = useState(given ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const here = passkeyHere();
  useEffect(() => {
    if (given) {
      setCode(given);
      input.current?.focus();
      input.current?.scrollIntoView({ block: "center" });
    }
  }, [given]);

  const done = (profile: CreatedProfile) => {
    addProfile({ id: profile.id, nickname: profile.nickname, key: profile.key });
    setCode("");
    onSignedIn(profile.nickname);
  };

  const redeem = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    if (code.replace(/[\s-]/g, "").length < 8) {
      setError(t("signIn.code.short"));
      return input.current?.focus();
    }
    setBusy(true);
    setError(null);
    try {
      done(await redeemCode(code.trim()));
    } catch (problem) {
      setError(problemText(problem));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const passkey = async () => {
    setBusy(true);
    setError(null);
    try {
      const optionsJSON = await signInOptions();
      done(await passkeySignIn(await startAuthentication({ optionsJSON: optionsJSON as never })));
    } catch (problem) {
      setError(passkeyProblem(problem));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="profile-form sign-in" onSubmit={redeem} noValidate>
      <h3 id="sign-in-title">{t("signIn.title")}</h3>
      <p class="muted">{t("signIn.about")}</p>
      <label for="sign-in-code">{t("signIn.code.label")}</label>
      <div class="profile-form-row">
        <input
          ref={input}
          id="sign-in-code"
          type="text"
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellcheck={false}
          class="code-input"
          value={code}
          aria-invalid={error ? "true" : undefined}
          aria-describedby="sign-in-error"
          onInput={(event) => {
            setError(null);
            setCode(event.currentTarget.value);
          }}
        />
        <button type="submit" class="primary" disabled={busy} aria-busy={busy ? "true" : undefined}>
          {t("signIn.code.submit")}
        </button>
      </div>
      <p id="sign-in-error" class="field-error" role="alert">{error ?? ""}</p>
      {browserSupportsWebAuthn() && (here.ok ? (
        <p class="actions">
          <button type="button" onClick={passkey} disabled={busy}>{t("signIn.passkey")}</button>
        </p>
      ) : (
        <PasskeyElsewhere there={here.there} />
      ))}
    </form>
  );
}
