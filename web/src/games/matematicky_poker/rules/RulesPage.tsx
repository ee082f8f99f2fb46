// The rules of Matematický poker in the current language, the engine's three scoring tables
// (from virtual:game-data/matematicky_poker, i.e. scoring.py itself) and the FAQ.
import { TABLES, DIAGONAL_BONUS, type ScoringTableData } from "virtual:game-data/matematicky_poker";
import { t, useLang } from "../../../i18n";
import { href } from "../../../router";
import { MpNav } from "./MpNav";
import "../../../components/rules.css";

type Block = { p: string } | { ul: string[] } | { ol: string[] };

const keys = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

/** The sections before the tables, in the order of the source text. */
const BEFORE: Array<[string, Block[]]> = [
  ["flow", [{ ol: keys("mp.rules.flow.li", 5) }]],
  ["preview", keys("mp.rules.preview.p", 3).map((p) => ({ p }))],
  ["deck", [{ p: "mp.rules.deck.p1" }]],
  ["jokers", [{ p: "mp.rules.jokers.p1" }, { ul: keys("mp.rules.jokers.li", 2) }, { p: "mp.rules.jokers.p2" }]],
  ["scoring", keys("mp.rules.scoring.p", 4).map((p) => ({ p }))],
];

/** The sections after the tables; the helper modes are rendered apart (they link). */
const AFTER: Array<[string, Block[]]> = [
  ["difficulty", [{ ul: keys("mp.rules.difficulty.li", 2) }, { p: "mp.rules.difficulty.p1" }]],
  ["ranked", [{ p: "mp.rules.ranked.p1" }, { ul: keys("mp.rules.ranked.li", 3) }]],
  ["daily", [{ p: "mp.rules.daily.p1" }, { ul: keys("mp.rules.daily.li", 5) }]],
  ["publish", keys("mp.rules.publish.p", 2).map((p) => ({ p }))],
  ["duel", [{ p: "mp.rules.duel.p1" }, { ul: keys("mp.rules.duel.li", 4) }]],
  ["group", [{ p: "mp.rules.group.p1" }, { ul: keys("mp.rules.group.li", 7) }]],
];

const LAST: Array<[string, Block[]]> = [
  ["profile", keys("mp.rules.profile.p", 2).map((p) => ({ p }))],
  ["install", keys("mp.rules.install.p", 2).map((p) => ({ p }))],
  ["keys", [{ ul: keys("mp.rules.keys.li", 4) }]],
];

const FAQ = 5;

export function RulesPage() {
  useLang();
  return (
    <article class="page rules" data-page="mp-rules">
      <MpNav current="/matematicky-poker/pravidla" />
      <h1>{t("mp.rules.title")}</h1>
      <p class="lead">{t("mp.rules.intro")}</p>
      {BEFORE.map(([id, blocks]) => <Section key={id} id={id} blocks={blocks} />)}
      <section class="rules-tables" aria-labelledby="mp-rules-tables">
        <h2 id="mp-rules-tables">{t("mp.rules.tables.title")}</h2>
        <div class="tables">
          {TABLES.map((table) => <ScoringTable key={table.id} table={table} />)}
        </div>
        <p class="note">{t("mp.rules.table.five")}</p>
      </section>
      {AFTER.map(([id, blocks]) => <Section key={id} id={id} blocks={blocks} />)}
      <section aria-labelledby="mp-rules-helpers">
        <h2 id="mp-rules-helpers">{t("mp.rules.helpers.title")}</h2>
        <ul>
          <li>
            <a href={href("/matematicky-poker/vyber-cisel")}>{t("mp.rules.nav.picker")}</a>: {t("mp.rules.helpers.picker")}
          </li>
          <li>
            <a href={href("/matematicky-poker/tabulka")}>{t("mp.rules.nav.manual")}</a>: {t("mp.rules.helpers.manual")}
          </li>
        </ul>
      </section>
      {LAST.map(([id, blocks]) => <Section key={id} id={id} blocks={blocks} />)}
      <section class="faq" aria-labelledby="mp-rules-faq">
        <h2 id="mp-rules-faq">{t("mp.rules.faq.title")}</h2>
        {Array.from({ length: FAQ }, (_, i) => (
          <details key={i} class="faq-item">
            <summary>{t(`mp.rules.faq.q${i + 1}`)}</summary>
            <p>{t(`mp.rules.faq.a${i + 1}`)}</p>
          </details>
        ))}
      </section>
    </article>
  );
}

function Section({ id, blocks }: { id: string; blocks: Block[] }) {
  const heading = `mp-rules-${id}`;
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>{t(`mp.rules.${id}.title`)}</h2>
      {blocks.map((block, i) => {
        if ("p" in block) return <p key={i}>{t(block.p)}</p>;
        const items = "ul" in block ? block.ul : block.ol;
        const List = "ul" in block ? "ul" : "ol";
        return <List key={i}>{items.map((key) => <li key={key}>{t(key)}</li>)}</List>;
      })}
    </section>
  );
}

function ScoringTable({ table }: { table: ScoringTableData }) {
  const caption = `mp-table-${table.id}`;
  return (
    <div class="scoring" data-table={table.id}>
      <h3 id={caption}>{t(`mp.rules.table.${table.id}`)}</h3>
      <p class="about">{t(`mp.rules.table.${table.id}.about`)}</p>
      <table aria-labelledby={caption}>
        <thead>
          <tr>
            <th scope="col">{t("mp.rules.table.combination")}</th>
            <th scope="col">{t("mp.rules.table.example")}</th>
            <th scope="col" class="pts">{t("mp.rules.table.points")}</th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.name} data-combo={row.name}>
              <th scope="row" class="combo">{t(`mp.combo.${row.name}`)}</th>
              <td>
                <Example cells={row.example} />
              </td>
              <td class="pts">{row.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {table.id === "matematico" && (
        <p class="bonus">{t("mp.rules.table.bonus", { bonus: DIAGONAL_BONUS })}</p>
      )}
    </div>
  );
}

function Example({ cells }: { cells: Array<number | null> }) {
  const spoken = cells.map((v) => (v === null ? t("mp.rules.table.empty") : String(v))).join(", ");
  return (
    <span class="example">
      <span class="visually-hidden">{t("mp.rules.table.example.label", { cells: spoken })}</span>
      <span class="cells" aria-hidden="true">
        {cells.map((v, i) => (
          <span key={i} class={v === null ? "cell empty" : "cell"}>{v ?? ""}</span>
        ))}
      </span>
    </span>
  );
}
