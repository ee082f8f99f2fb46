// Matematický poker's profile card (games/matematicky_poker/statistics.py on the server):
// records per difficulty, completed boards, the fastest game, the daily streak, duels.
import { t } from "../../i18n";
import type { Streak } from "../../profile/api";
import type { Row } from "../../profile/statsCard";
import { minutesSeconds, value } from "../../profile/format";

/** Matematický poker's statistics block (statistics.py). */
export interface Stats {
  games: number;
  completed: number;
  best_score: number | null;
  record_easy: number | null;
  record_hard: number | null;
  fastest_ms: number | null;
  streak: Streak;
  duels: { won: number; lost: number; drawn: number };
}

export function card(stats: Stats): Row[] {
  return [
    ["best", t("mp.stats.best"), value(stats.best_score)],
    ["easy", t("mp.stats.easy"), value(stats.record_easy)],
    ["hard", t("mp.stats.hard"), value(stats.record_hard)],
    ["completed", t("mp.stats.completed"),
      t("mp.stats.completedOf", { completed: stats.completed ?? 0, games: stats.games ?? 0 })],
    ["fastest", t("mp.stats.fastest"), minutesSeconds(stats.fastest_ms)],
    ["streak", t("mp.stats.streak"),
      t("mp.stats.streakValue", { current: stats.streak?.current ?? 0, best: stats.streak?.best ?? 0 })],
    ["duels", t("mp.stats.duels"), t("profile.stats.duelsValue", {
      won: stats.duels?.won ?? 0, lost: stats.duels?.lost ?? 0, drawn: stats.duels?.drawn ?? 0 })],
  ];
}
