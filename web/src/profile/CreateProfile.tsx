// The nickname form that creates a profile: on the profile page and in the ranked start's
// dialog. Too long is said while typing (the input never cuts the name short); the server's
// refusal is shown under the field.
import type { ComponentChildren, RefObject } from "preact";
import { useRef, useState } from "preact/hooks";
import { t } from "../i18n";
import { createProfile } from "./api";
import { problemText } from "./format";
import { nicknameProblem } from "./nickname";
import { addProfile } from "./store";

interface Props {
  /** The input's id; its error and hint lines are `${id}-error` and `${id}-hint`. */
  id: string;
  label: string;
  submit: string;
  /** Above the label (the profile page's heading). */
  title?: ComponentChildren;
  /** The input, for a parent that focuses it (a dialog, after its own focus). */
  inputRef?: RefObject<HTMLInputElement>;
  /** The profile is stored (and selected); the field is emptied. */
  onCreated: (nickname: string) => void;
}

export function CreateProfileForm({ id, label, submit, title, inputRef, onCreated }: Props) {
  const [nickname, setNickname] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const own = useRef<HTMLInputElement>(null);
  const input = inputRef ?? own;
  // Refused as the server would refuse it, while typed; a name too short once it is sent.
  const shown = nicknameProblem(nickname) ?? error;

  const create = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    const problem = nicknameProblem(nickname, true);
    if (problem) {
      setError(problem);
      return input.current?.focus();
    }
    setBusy(true);
    setError(null);
    try {
      const created = await createProfile(nickname.trim());
      addProfile({ id: created.id, nickname: created.nickname, key: created.key });
      setNickname("");
      onCreated(created.nickname);
    } catch (problem) {
      setError(problemText(problem));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="profile-form" onSubmit={create} noValidate>
      {title}
      <label for={id}>{label}</label>
      <div class="profile-form-row">
        <input
          ref={input}
          id={id}
          type="text"
          autoComplete="nickname"
          value={nickname}
          aria-describedby={shown ? `${id}-error ${id}-hint` : `${id}-hint`}
          aria-invalid={shown ? "true" : undefined}
          onInput={(event) => {
            setError(null);
            setNickname(event.currentTarget.value);
          }}
        />
        <button type="submit" class="primary" aria-busy={busy ? "true" : undefined} disabled={busy}>
          {submit}
        </button>
      </div>
      <p id={`${id}-error`} class="field-error" role="alert">{shown ?? ""}</p>
      <p id={`${id}-hint`} class="hint">{t("profile.create.hint")}</p>
    </form>
  );
}
