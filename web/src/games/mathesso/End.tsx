// The end of a game: who won (or a draw), then every player in their place with their pairs
// drawn pair by pair and the score explained line by line, as the engine explained it
// (scoring.explain: a number's pairs added and multiplied, the zeros doubling, factorials,
// CJV and Sheldons). Atto counts pairs only. Nothing is scored here.
import type { ComponentChildren } from "preact";
import { useId } from "preact/hooks";
import { POINTS } from "virtual:game-data/mathesso";
import { t } from "../../i18n";
import { CardPicture } from "./Card";
import type { MaResult, MaView, ScoreLine } from "./types";

interface Props {
  view: MaView;
  result: MaResult;
  nameOf: (seat: number) => string;
  children?: ComponentChildren;
  /** Under the buttons: the replay's button and stepper. */
  replay?: ComponentChildren;
}

export function End({ view, result, nameOf, children, replay }: Props) {
  const title = useId(); // (a replay's last frame shows an end under the game's own)
  const firsts = result.standings.filter((row) => row.place === 1);
  const headline = result.standings.length === 1
    ? t(result.scored ? "ma.end.alone" : "ma.end.alone.pairs", { points: firsts[0].points, pairs: firsts[0].pairs })
    : firsts.length > 1 ? t("ma.end.draw", { names: firsts.map((row) => nameOf(row.seat)).join(", ") })
    // Online this person's own name is "Ty" ("Vyhrává Ty!" is no Czech): their own words.
    : nameOf(firsts[0].seat) === t("ma.you") ? t("ma.end.you")
    : t("ma.end.won", { name: nameOf(firsts[0].seat) });
  return (
    <section class="ma-end" aria-labelledby={title}>
      <h2 id={title}>{t("ma.end.title")}</h2>
      <p class="ma-end-headline" role="status">{headline}</p>
      {children && <p class="ma-end-buttons">{children}</p>}
      {replay}
      <ol class="ma-end-list">
        {result.standings.map((row) => {
          const player = view.players[row.seat];
          const lines = result.explained[row.seat] ?? [];
          return (
            <li key={row.seat} class={`ma-end-player ma-seat${row.seat}${row.place === 1 ? " winner" : ""}`}>
              <h3>
                <span class="ma-place">{row.place}.</span> <span class="ma-dot" aria-hidden="true" /> {nameOf(row.seat)}
                <span class="ma-end-total">
                  {result.scored ? t("ma.points.count", { count: row.points }) : t("ma.pairs.count", { count: row.pairs })}
                </span>
              </h3>
              {result.scored && <p class="hint">{t("ma.pairs.count", { count: row.pairs })}</p>}
              <ul class="ma-end-pairs" aria-label={t("ma.end.pairs", { name: nameOf(row.seat) })}>
                {player.pairs.map((pair, i) => (
                  <li key={i} class="ma-end-pair">
                    <CardPicture face={pair.faces[0]} small />
                    <CardPicture face={pair.faces[1]} small />
                  </li>
                ))}
              </ul>
              {result.scored && lines.length > 0 && (
                <ul class="ma-explain" aria-label={t("ma.end.explain", { name: nameOf(row.seat) })}>
                  {lines.map((line, i) => <li key={i}>{lineText(line)}</li>)}
                  <li class="ma-explain-total">{t("ma.explain.total", { total: row.points })}</li>
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** One line of the engine's explanation in words: "16: mocniny 3 + malá násobilka 2 = 5,
 *  × 2 páry, × 2 za nulu = 20". */
export function lineText(line: ScoreLine): string {
  const groups = line.groups.filter((group) => group !== "zero");
  const parts = groups.map((group) => `${t(`ma.pair.${group}`)} ${POINTS[group] ?? ""}`).join(" + ");
  switch (line.kind) {
    case "number": {
      const steps = [`${line.value}: ${parts}${groups.length > 1 ? ` = ${line.points}` : ""}`];
      if (line.times > 1) steps.push(t("ma.explain.times", { times: line.times }));
      if (line.zeros > 0) steps.push(t("ma.explain.zeros", { factor: 2 ** line.zeros, count: line.zeros }));
      return `${steps.join(", ")} = ${line.total}`;
    }
    case "zero":
      return t("ma.explain.zero", { value: line.value ?? "", count: line.zeros });
    case "factorial":
      return t("ma.explain.factorial", { value: line.value ?? "", total: line.total });
    case "cjv":
      return t("ma.explain.cjv", { count: line.groups.length, sheldons: line.sheldons ?? 0, total: line.total });
  }
}
