// Matematický poker's duel and group in words: the kind, the settings line, places in a ranking.
import { t } from "../../../i18n";
import type { LobbySettings, RankRow } from "./types";

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
