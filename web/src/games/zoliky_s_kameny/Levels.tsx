// The computer's three levels as pills (radio buttons), each with what it does.
import { BOTS } from "virtual:game-data/zoliky_s_kameny";
import { t } from "../../i18n";

export function LevelPills({ name, value, onChoose }: { name: string; value: number; onChoose: (level: number) => void }) {
  return (
    <div class="zk-level-choice">
      <div class="zk-pills" role="radiogroup" aria-label={t("zk.level")}>
        {BOTS.map((bot, level) => (
          <label key={bot} class={`zk-pill${value === level ? " chosen" : ""}`}>
            <input type="radio" name={name} value={level} checked={value === level} onChange={() => onChoose(level)} />
            <span>{t(`zk.level.${level}`)}</span>
          </label>
        ))}
      </div>
      <p class="hint zk-level-about">{t(`zk.level.${value}.about`)}</p>
    </div>
  );
}
