// The colour ruler (barevné pravítko): the numbers 1–10 in their ruler colours. Laid beside a
// turned multiplication card it lights up the two numbers whose colours paint its digits:
// the factors, found by colour alone (for children who do not know the numbers yet). A
// square lights up its one number. Drawing only: the factors come on the card's face.
import { t } from "../../i18n";
import { RULER } from "./colours";
import type { Face } from "./types";

const NUMBERS = Array.from({ length: 10 }, (_, i) => i + 1);

/** The ruler's numbers a face lights up (none for the other groups). */
export function litBy(face: Face | null): number[] {
  if (!face || (face.group !== "multiplication" && face.group !== "square")) return [];
  return [...new Set(face.colours)].filter((n) => n >= 1 && n <= 10);
}

interface Props {
  /** The card laid on the ruler (a turned card's face), if any. */
  face: Face | null;
  /** The printed number of that card (the factor already known). */
  known?: string | null;
  /** One low row (under the table). */
  compact?: boolean;
}

export function Ruler({ face, known = null, compact = false }: Props) {
  const lit = litBy(face);
  const other = lit.filter((n) => String(n) !== known);
  const said = face === null || lit.length === 0
    ? t("ma.ruler.idle")
    : lit.length === 1
      ? t("ma.ruler.square", { value: face.shows, a: lit[0] })
      : t("ma.ruler.lit", { value: face.shows, a: lit[0], b: lit[1] });
  return (
    <section class={`ma-ruler${compact ? " compact" : ""}`} aria-labelledby="ma-ruler-title">
      <h2 id="ma-ruler-title" class="ma-ruler-title">{t("ma.ruler.title")}</h2>
      <ol class="ma-ruler-row" data-lit={lit.join(" ")}>
        {NUMBERS.map((n) => {
          const on = lit.includes(n);
          const look = on && other.includes(n) && known !== null ? " lit find" : on ? " lit" : "";
          return (
            <li key={n} class={`ma-rule${look}`} style={{ "--rule": RULER[n] }} aria-current={on ? "true" : undefined}>
              <span class="ma-rule-colour" aria-hidden="true" />
              <span class="ma-rule-number">{n}</span>
            </li>
          );
        })}
      </ol>
      <p class="ma-ruler-said" role="status">{said}</p>
    </section>
  );
}
