// #/kostkovy-poker/pravidla: the rules of Kostkový poker in the current language, the value
// table read from the engine (virtual:game-data/kostkovy_poker, i.e. scoring.py itself) and the tactics tips.
import { ANTE, CHIPS, LINES, type ValueLine } from "virtual:game-data/kostkovy_poker";
import { t, useLang } from "../../i18n";
import { Die } from "./Die";
import { GameNav } from "../../kit/GameNav";
import { formatNumber } from "./words";
import "../../components/rules.css";
import "./kp.css";

type Block = { p: string } | { ul: string[] };

const keys = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

const BEFORE: Array<[string, Block[]]> = [
  ["table", [{ p: "kp.rules.table.p1" }, { p: "kp.rules.table.p2" }]],
  ["hand", keys("kp.rules.hand.p", 3).map((p) => ({ p }))],
  ["betting", [{ ul: keys("kp.rules.betting.li", 5) }, { p: "kp.rules.betting.p1" }]],
  ["showdown", [{ p: "kp.rules.showdown.p1" }]],
];

const AFTER: Array<[string, Block[]]> = [
  ["ties", [{ p: "kp.rules.ties.p1" }]],
  ["tactics", [{ ul: keys("kp.rules.tactics.li", 3) }]],
  ["computer", [{ p: "kp.rules.computer.p1" }]],
  ["modes", [{ ul: keys("kp.rules.modes.li", 3) }]],
  ["keys", [{ ul: keys("kp.rules.keys.li", 3) }]],
];

export function KpRulesPage() {
  useLang();
  return (
    <article class="page rules kp-rules" data-page="kp-rules">
      <GameNav game="kp" current="/kostkovy-poker/pravidla" />
      <h1>{t("kp.rules.title")}</h1>
      <p class="lead">{t("kp.rules.intro")}</p>
      {BEFORE.map(([id, blocks]) => <Section key={id} id={id} blocks={blocks} />)}
      <section class="rules-tables" aria-labelledby="kp-rules-values">
        <h2 id="kp-rules-values">{t("kp.rules.values.title")}</h2>
        <div class="scoring kp-values">
          <table aria-labelledby="kp-rules-values">
            <thead>
              <tr>
                <th scope="col">{t("kp.rules.values.line")}</th>
                <th scope="col">{t("kp.rules.values.example")}</th>
                <th scope="col" class="pts">{t("kp.rules.values.value")}</th>
              </tr>
            </thead>
            <tbody>
              {LINES.map((line) => <ValueRow key={line.name} line={line} />)}
            </tbody>
          </table>
        </div>
        <p class="note">{t("kp.rules.values.p1")}</p>
      </section>
      {AFTER.map(([id, blocks]) => <Section key={id} id={id} blocks={blocks} />)}
    </article>
  );
}

function ValueRow({ line }: { line: ValueLine }) {
  return (
    <tr data-line={line.name}>
      <th scope="row" class="combo">
        {t(`kp.line.${line.name}`)}
        {line.name === "three_pairs" && <small class="kp-rules-also"> {t("kp.rules.values.three_pairs")}</small>}
      </th>
      <td>
        <span class="kp-example" role="img" aria-label={t("kp.rules.values.example.label", { dice: line.example.join(", ") })}>
          {line.example.map((value, i) => <Die key={i} value={value} class="small" />)}
        </span>
      </td>
      <td class="pts">{line.points === null ? t("kp.rules.values.sum") : formatNumber(line.points)}</td>
    </tr>
  );
}

function Section({ id, blocks }: { id: string; blocks: Block[] }) {
  const heading = `kp-rules-${id}`;
  const params = { chips: CHIPS[1], ante: ANTE };
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>{t(`kp.rules.${id}.title`)}</h2>
      {blocks.map((block, i) =>
        "p" in block ? (
          <p key={i}>{t(block.p, params)}</p>
        ) : (
          <ul key={i}>{block.ul.map((key) => <li key={key}>{t(key, params)}</li>)}</ul>
        ),
      )}
    </section>
  );
}
