// #/zoliky-s-kameny/pravidla: the rules of Žolíky s kameny from the game's source text, in
// the current language, with a group, a run and a joker drawn as on the table.
import { t, useLang } from "../../i18n";
import { TileView } from "./Tile";
import type { Tile } from "./types";
import { GameNav } from "../../kit/GameNav";
import "../../components/rules.css";
import "./zk.css";

const SECTIONS: Array<[string, string[]]> = [
  ["start", ["p1"]],
  ["game", ["p1", "p2", "p3", "p4", "p5"]],
  ["keys", ["p1"]],
  ["tips", ["p1"]],
  ["save", ["p1"]],
];

const EXAMPLES: Tile[][] = [
  [[0, 7], [1, 7], [3, 7]],
  [[2, 4], [2, 5], "J", [2, 7]],
];

export function ZkRulesPage() {
  useLang();
  return (
    <article class="page rules zk-rules" data-page="zk-rules">
      <GameNav game="zk" current="/zoliky-s-kameny/pravidla" />
      <h1>{t("zk.rules.title")}</h1>
      {SECTIONS.map(([id, paragraphs]) => (
        <section key={id} aria-labelledby={`zk-rules-${id}`}>
          <h2 id={`zk-rules-${id}`}>{t(`zk.rules.${id}.title`)}</h2>
          {paragraphs.map((p) => [
            <p key={p}>{t(`zk.rules.${id}.${p}`)}</p>,
            // a group and a run with a joker, beside the paragraph that defines them
            id === "game" && p === "p2" && (
              <div key="examples" class="zk-examples">
                {EXAMPLES.map((tiles, i) => (
                  <span key={i} class="zk-set zk-example">
                    <span class="zk-set-tiles">{tiles.map((tile, j) => <TileView key={j} tile={tile} />)}</span>
                  </span>
                ))}
              </div>
            ),
          ])}
        </section>
      ))}
    </article>
  );
}
