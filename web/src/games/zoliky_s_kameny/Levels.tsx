// The computer's three levels as pills (radio buttons), each with what it does.
import { BOTS } from "virtual:game-data/zoliky_s_kameny";
import { COMPUTER_RATINGS } from "./wire.gen";
import { t } from "../../i18n";
import { Choice } from "../../kit/Choice";
import { ComputerRating } from "../../kit/ComputerRating";

export function LevelPills({ name, value, onChoose }: { name: string; value: number; onChoose: (level: number) => void }) {
  return (
    <div class="zk-level-choice">
      <Choice label={t("zk.level")} name={name} cls="zk-pill" look="pills" value={value} onChoose={onChoose}
        options={BOTS.map((bot, level) => ({
          value: level, text: <>{t(`zk.level.${level}`)} <ComputerRating ratings={COMPUTER_RATINGS} bot={bot} /></>,
        }))} />
      <p class="hint zk-level-about">{t(`zk.level.${value}.about`)}</p>
    </div>
  );
}
