// "Připojit se kódem": a code typed as said or read (abc def, ABC-DEF) opens the game's page,
// where the person joins.
import { useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { lobbyPath, normalizeCode } from "./code";

export function JoinByCode({ id = "lobby-join-code", game }: { id?: string; game: string }) {
  useLang();
  const [text, setText] = useState("");
  const [error, setError] = useState(false);
  const submit = (event: Event) => {
    event.preventDefault();
    const code = normalizeCode(text);
    if (!code) {
      setError(true);
      document.getElementById(id)?.focus();
      return;
    }
    setError(false);
    location.hash = lobbyPath(code, game);
  };
  return (
    <section class="panel lobby-join" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("lobby.join.title")}</h2>
      <form class="lobby-join-form" onSubmit={submit} noValidate>
        <label for={id}>{t("lobby.join.code")}</label>
        <div class="lobby-join-row">
          <input
            id={id}
            type="text"
            class="lobby-code-input"
            inputMode="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellcheck={false}
            maxLength={16}
            placeholder="ABC-DEF"
            value={text}
            aria-invalid={error ? "true" : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onInput={(event) => {
              setText(event.currentTarget.value);
              setError(false);
            }}
          />
          <button type="submit">{t("lobby.join.go")}</button>
        </div>
        {error ? (
          <p id={`${id}-error`} class="field-error">{t("lobby.join.bad")}</p>
        ) : (
          <p id={`${id}-hint`} class="hint">{t("lobby.join.hint")}</p>
        )}
      </form>
    </section>
  );
}
