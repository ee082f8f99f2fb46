// #/locus-poker/pravidla: the rules of Locus Poker from the game's source text, in the
// current language, with its pictures drawn as small card grids: the three scoring areas
// (middle, edge, corner), the bonus weights around the chosen card, the hands' points (from
// the engine) and an example area scored face up and face down by the engine's hand_score.
import { EXAMPLE, HANDS } from "virtual:game-data/locus_poker";
import { t, useLang } from "../../i18n";
import { CardBack, CardFace } from "./Card";
import { cardName } from "./cards";
import { GameNav } from "../../kit/GameNav";
import { handName } from "./words";
import "../../components/rules.css";
import "./lp.css";

/** A picture's cells, row by row: "x" the chosen card, "o" a neighbour, or a bonus weight. */
type Picture = { cols: number; cells: string[]; label: string };

function Area({ picture }: { picture: Picture }) {
  return (
    <figure class="lp-figure">
      <div class="lp-mini" style={{ "--lp-cols": String(picture.cols) }} role="img" aria-label={picture.label}>
        {picture.cells.map((cell, i) => (
          <span key={i} class={`lp-mini-card${cell === "x" ? " chosen" : ""}`} aria-hidden="true">
            {cell !== "x" && cell !== "o" ? cell : ""}
          </span>
        ))}
      </div>
      <figcaption>{picture.label}</figcaption>
    </figure>
  );
}

function Example() {
  const { cards, dead, chosen, up, down } = EXAMPLE;
  const label = cards.map((card, i) => (i === dead ? `${cardName(card)} (${t("lp.face.down")})` : cardName(card))).join(", ");
  return (
    <figure class="lp-figure lp-example">
      <div class="lp-mini lp-mini-cards" style={{ "--lp-cols": "3" }} role="img" aria-label={label}>
        {cards.map((card, i) => (
          <span key={i} class={`lp-card ${i === dead ? "dead" : "taken"}${i === chosen ? " cursor chosen" : ""}`} aria-hidden="true">
            {i === dead ? <CardBack /> : <CardFace card={card} />}
          </span>
        ))}
      </div>
      <figcaption>
        <span>{t("lp.rules.example.score", { face: t("lp.face.up"), points: up })}</span>
        <span>{t("lp.rules.example.score", { face: t("lp.face.down"), points: down })}</span>
      </figcaption>
    </figure>
  );
}

export function LpRulesPage() {
  useLang();
  const areas: Picture[] = [
    { cols: 3, cells: ["o", "o", "o", "o", "x", "o", "o", "o", "o"], label: t("lp.rules.area.middle") },
    { cols: 2, cells: ["o", "o", "o", "x", "o", "o"], label: t("lp.rules.area.edge") },
    { cols: 2, cells: ["x", "o", "o", "o"], label: t("lp.rules.area.corner") },
  ];
  const bonus: Picture = { cols: 3, cells: ["1", "2", "1", "2", "x", "2", "1", "2", "1"], label: t("lp.rules.bonus.picture") };
  return (
    <article class="page rules lp-rules" data-page="lp-rules">
      <GameNav game="lp" current="/locus-poker/pravidla" />
      <h1>{t("lp.rules.title")}</h1>
      <section aria-labelledby="lp-rules-start">
        <h2 id="lp-rules-start">{t("lp.rules.start.title")}</h2>
        <p>{t("lp.rules.start.p1")}</p>
      </section>
      <section aria-labelledby="lp-rules-play">
        <h2 id="lp-rules-play">{t("lp.rules.play.title")}</h2>
        <p>{t("lp.rules.play.p1")}</p>
        <p>{t("lp.rules.play.p2")}</p>
      </section>
      <section aria-labelledby="lp-rules-hand">
        <h2 id="lp-rules-hand">{t("lp.rules.hand.title")}</h2>
        <p>{t("lp.rules.hand.p1")}</p>
        <div class="lp-figures">{areas.map((picture) => <Area key={picture.label} picture={picture} />)}</div>
        <p>{t("lp.rules.hand.p2")}</p>
        <p>{t("lp.rules.hand.p3")}</p>
      </section>
      <section aria-labelledby="lp-rules-table">
        <h2 id="lp-rules-table">{t("lp.rules.table.title")}</h2>
        <table class="lp-hands">
          <thead>
            <tr>
              <th scope="col" class="combo">{t("lp.rules.table.hand")}</th>
              <th scope="col" class="pts">{t("lp.rules.table.points")}</th>
            </tr>
          </thead>
          <tbody>
            {[...HANDS].reverse().map(([hand, points]) => (
              <tr key={hand}>
                <th scope="row" class="combo">{handName(hand)}</th>
                <td class="pts">{points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="lp-rules-example">
        <h2 id="lp-rules-example">{t("lp.rules.example.title")}</h2>
        <div class="lp-example-row">
          <Example />
          <p>{t("lp.rules.example.p1")}</p>
        </div>
      </section>
      <section aria-labelledby="lp-rules-bonus">
        <h2 id="lp-rules-bonus">{t("lp.rules.bonus.title")}</h2>
        <p>{t("lp.rules.bonus.p1")}</p>
        <div class="lp-figures"><Area picture={bonus} /></div>
        <p>{t("lp.rules.bonus.p2")}</p>
      </section>
      {(["screen", "keys", "save"] as const).map((id) => (
        <section key={id} aria-labelledby={`lp-rules-${id}`}>
          <h2 id={`lp-rules-${id}`}>{t(`lp.rules.${id}.title`)}</h2>
          <p>{t(`lp.rules.${id}.p1`)}</p>
        </section>
      ))}
    </article>
  );
}
