// The new room's pace where its kind allows it (RoomPolicy.turn_based: Žolíky s kameny,
// Locus Poker, Mathesso): live, or turn-based with days per move (POST /api/lobbies
// `days_per_move`, decision 0162). Native radio buttons in the kit's pills: arrows move
// within a group, as everywhere.
import { t } from "../i18n";
import { daysText } from "../mygames/time";
import "../kit/forms.css";

/** The days per move offered (the server takes 1..14). */
export const DAYS = [1, 2, 3, 7, 14] as const;
/** Chosen when the host switches to turn-based. */
const FIRST_DAYS = 2;

interface Props {
  /** null: live. */
  days: number | null;
  onDays: (days: number | null) => void;
}

function Pill({ name, chosen, text, onChoose }: { name: string; chosen: boolean; text: string; onChoose: () => void }) {
  return (
    <label class={`kit-option lobby-turns-pill${chosen ? " chosen" : ""}`}>
      <input type="radio" name={name} checked={chosen} onChange={onChoose} />
      <span>{text}</span>
    </label>
  );
}

export function TurnsChoice({ days, onDays }: Props) {
  return (
    <fieldset class="mp-choices lobby-turns-set">
      <legend>{t("turns.legend")}</legend>
      <div class="kit-pills lobby-turns" role="radiogroup" aria-label={t("turns.legend")}>
        <Pill name="lobby-pace" chosen={days === null} text={t("turns.live")} onChoose={() => onDays(null)} />
        <Pill name="lobby-pace" chosen={days !== null} text={t("turns.turns")} onChoose={() => onDays(days ?? FIRST_DAYS)} />
      </div>
      {days !== null && (
        <div class="kit-pills lobby-turns-days" role="radiogroup" aria-label={t("turns.days")}>
          {DAYS.map((each) => (
            <Pill key={each} name="lobby-days" chosen={days === each} text={daysText(each)} onChoose={() => onDays(each)} />
          ))}
        </div>
      )}
      <p class="hint lobby-turns-about">{days === null ? t("turns.live.about") : t("turns.turns.about", { days: daysText(days) })}</p>
    </fieldset>
  );
}
