// The computer's three levels as pills (radio buttons), each with what it does.
import { BOTS } from "virtual:game-data/zoliky_s_kameny";
import { t } from "../../i18n";
import { Choice } from "../../kit/Choice";

export function LevelPills({ name, value, onChoose }: { name: string; value: number; onChoose: (level: number) => void }) {
  return (
    <div class="zk-level-choice">
      <Choice label={t("zk.level")} name={name} cls="zk-pill" look="pills" value={value} onChoose={onChoose}
        options={BOTS.map((_, level) => ({ value: level, text: t(`zk.level.${level}`) }))} />
      <p class="hint zk-level-about">{t(`zk.level.${value}.about`)}</p>
    </div>
  );
}
