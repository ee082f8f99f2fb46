// Lobby things in words: a failure (the server's code in our words when we have them), the
// settings line, and places in a ranking.
import { t } from "../i18n";
import { lobby } from "../i18n/lobby";
import { mp } from "../i18n/mp";
import { profile } from "../i18n/profile";
import { ApiError, ServerUnreachable } from "../net/remote";
import type { LobbySettings, RankRow } from "./types";

/** What went wrong, for the person: our words for a known code, else the server's. */
export function failureText(error: unknown): string {
  if (error instanceof ServerUnreachable) return t("lobby.needs.server");
  if (error instanceof ApiError) return codeText(error.code, error.message);
  return error instanceof Error ? error.message : String(error);
}

export function codeText(code: string, message: string): string {
  for (const [area, catalogue] of [["lobby.error", lobby.cs], ["mp.error", mp.cs], ["profile.error", profile.cs]] as const) {
    const key = `${area}.${code}`;
    if (key in catalogue) return t(key);
  }
  return message;
}

/** "Duel 1v1" or "Hra ve skupině". */
export function kindName(kind: string): string {
  return t(`lobby.kind.${kind}`);
}

/** "Lehká · Matematický poker – vedle sebe", "Těžká (30 s) · Školní tabulka". */
export function settingsInfo(settings: LobbySettings): string {
  const params = {
    mode: t(`mp.mode.${settings.mode}`),
    table: t(`mp.table.${settings.table}`),
    seconds: settings.seconds ?? 0,
  };
  return t(settings.mode === "hard" ? "mp.game.info.hard" : "mp.game.info", params);
}

/** The place of each row: equal score and filled cells share a place (1, 2, 2, 4). */
export function places(rows: RankRow[]): number[] {
  return rows.map((row, index) => {
    let first = index;
    while (first > 0 && rows[first - 1].score === row.score && rows[first - 1].filled === row.filled) first--;
    return first + 1;
  });
}
