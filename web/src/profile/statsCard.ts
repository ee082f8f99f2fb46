// A game's card on the profile page: rows of label and value from the game's statistics
// block (the server's Engine.statistics). A game gives its own card in its registry entry
// (`card`); every other game shows `gameRows`, which a game's card may also start with.
import { t } from "../i18n";
import type { GameStats } from "./api";

/** One row: its stable name (data-stat), its label, its value as shown. */
export type Row = [string, string, string];
/** A game's card: its rows from its statistics block (the shape the game's server side gives). */
export type StatsCard = (stats: never) => Row[];

/** Any game's rows: its games and their outcomes (klubovna.core.statistics.game_statistics). */
export function gameRows(stats: GameStats): Row[] {
  return [
    ["games", t("profile.stats.games"),
      t("profile.stats.gamesValue", { games: stats.games ?? 0, won: stats.won ?? 0 })],
    ["outcomes", t("profile.stats.outcomes"), t("profile.stats.duelsValue", {
      won: stats.won ?? 0, lost: stats.lost ?? 0, drawn: stats.drawn ?? 0 })],
  ];
}
