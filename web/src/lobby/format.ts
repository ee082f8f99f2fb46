// Lobby things in words: a failure (the server's code in our words when we have them).
import { t } from "../i18n";
import { errors } from "../i18n/errors";
import { lobby } from "../i18n/lobby";
import { profile } from "../i18n/profile";
import { ApiError, ServerUnreachable } from "../net/remote";

/** What went wrong, for the person: our words for a known code, else the server's. */
export function failureText(error: unknown): string {
  if (error instanceof ServerUnreachable) return t("lobby.needs.server");
  if (error instanceof ApiError) return codeText(error.code, error.message);
  return error instanceof Error ? error.message : String(error);
}

export function codeText(code: string, message: string): string {
  for (const [area, catalogue] of [["lobby.error", lobby.cs], ["mp.error", errors.cs], ["profile.error", profile.cs]] as const) {
    const key = `${area}.${code}`;
    if (key in catalogue) return t(key);
  }
  return message;
}
