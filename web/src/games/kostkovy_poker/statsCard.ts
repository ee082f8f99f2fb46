// Kostkový poker's profile card: its games, the hands played and won, the chips won or lost
// (the figures of games/kostkovy_poker/outcomes.py, summed by the server).
import { t } from "../../i18n";
import type { GameStats } from "../../profile/api";
import { gameRows, type Row } from "../../profile/statsCard";

export function card(stats: GameStats): Row[] {
  const figure = (name: string) => stats.figures?.[name] ?? 0;
  const chips = figure("chips");
  return [
    ...gameRows(stats),
    ["hands", t("kp.stats.hands"),
      t("kp.stats.handsValue", { hands: figure("hands"), won: figure("hands_won") })],
    ["chips", t("kp.stats.chips"), chips > 0 ? `+${chips}` : chips < 0 ? `−${-chips}` : "0"],
  ];
}
