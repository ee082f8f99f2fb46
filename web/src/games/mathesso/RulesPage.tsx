// #/mathesso/pravidla: the rules of Mathesso from the game's source text, in the current
// language, with each group's example from that text drawn as on the table (the printed
// side, then the coloured side, of both cards of the pair), and the colour ruler lit up by
// the text's own example (7 shows a two-coloured 21: the other card is 3).
import { t, useLang } from "../../i18n";
import { CardPicture } from "./Card";
import { GameNav } from "../../kit/GameNav";
import { Ruler } from "./Ruler";
import type { Face, Group } from "./types";
import "../../components/rules.css";
import "./ma.css";

/** A coloured side as the engine describes it (cards.Face.to_json). */
function face(group: Group, shows: string, colours: number[] = [], hint: string | null = null): Face {
  const value = group === "zero" ? Number(hint) : Number(shows);
  return { group, value, shows, colours, background: "", hint, mark: 0 };
}

/** Each group's example pair from the source text: [printed side, coloured side] twice. */
const EXAMPLES: Array<[Group, Array<[string, Face]>]> = [
  ["multiplication", [["5", face("multiplication", "10", [2, 5])], ["2", face("multiplication", "10", [2, 5])]]],
  ["square", [["3", face("square", "9", [3])], ["3", face("square", "9", [3])]]],
  ["prime", [["5", face("prime", "5")], ["5", face("prime", "5")]]],
  ["fibonacci", [["5", face("fibonacci", "5")], ["5", face("fibonacci", "5")]]],
  ["factorial", [["5", face("factorial", "120", [], "5!")], ["!", face("factorial", "120", [], "5!")]]],
  ["zero", [["21", face("zero", "0", [], "21")], ["21", face("zero", "0", [], "21")]]],
  ["cjv", [["12", face("cjv", "21")], ["21", face("cjv", "12")]]],
];

const RULER_EXAMPLE = face("multiplication", "21", [3, 7]);

function Example({ cards }: { cards: Array<[string, Face]> }) {
  return (
    <figure class="ma-example" aria-label={t("ma.rules.example")}>
      {cards.map(([black, face], i) => (
        <span key={i} class="ma-example-card">
          {i > 0 && <span class="ma-example-then">{t("ma.rules.then")}</span>}
          <CardPicture black={black} />
          <span class="ma-arrow" aria-hidden="true">→</span>
          <CardPicture face={face} />
        </span>
      ))}
    </figure>
  );
}

const VARIANTS = ["atto", "femto", "pico", "nano", "mikro", "mili", "standart", "cjv", "faktorial"];

export function MaRulesPage() {
  useLang();
  return (
    <article class="page rules ma-rules" data-page="ma-rules">
      <GameNav game="ma" current="/mathesso/pravidla" />
      <h1>{t("ma.rules.title")}</h1>
      {(["intro", "start", "game"] as const).map((id) => (
        <section key={id} aria-labelledby={`ma-rules-${id}`}>
          <h2 id={`ma-rules-${id}`}>{t(`ma.rules.${id}.title`)}</h2>
          {["p1", "p2", "p3"].filter((p) => id === "game" || p === "p1").map((p) => <p key={p}>{t(`ma.rules.${id}.${p}`)}</p>)}
        </section>
      ))}
      <section aria-labelledby="ma-rules-groups">
        <h2 id="ma-rules-groups">{t("ma.rules.groups.title")}</h2>
        <p>{t("ma.rules.groups.p1")}</p>
        {EXAMPLES.map(([group, cards]) => (
          <section key={group} class="ma-rules-group" data-group={group} aria-labelledby={`ma-rules-${group}`}>
            <h3 id={`ma-rules-${group}`}>{t(`ma.rules.${group}.title`)}</h3>
            <p>{t(`ma.rules.${group}.p1`)}</p>
            <Example cards={cards} />
          </section>
        ))}
      </section>
      <section aria-labelledby="ma-rules-score">
        <h2 id="ma-rules-score">{t("ma.rules.score.title")}</h2>
        {["p1", "p2", "p3"].map((p) => <p key={p}>{t(`ma.rules.score.${p}`)}</p>)}
      </section>
      <section aria-labelledby="ma-rules-ruler">
        <h2 id="ma-rules-ruler">{t("ma.rules.ruler.title")}</h2>
        <p>{t("ma.rules.ruler.p1")}</p>
        <Example cards={[["7", RULER_EXAMPLE], ["3", RULER_EXAMPLE]]} />
        <Ruler face={RULER_EXAMPLE} known="7" />
        <p>{t("ma.rules.ruler.p2")}</p>
      </section>
      <section aria-labelledby="ma-rules-variants">
        <h2 id="ma-rules-variants">{t("ma.rules.variants.title")}</h2>
        <ul>
          {VARIANTS.map((v) => <li key={v}>{t(`ma.rules.variants.${v}`)}</li>)}
        </ul>
      </section>
    </article>
  );
}
