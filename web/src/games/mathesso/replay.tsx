// Mathesso's replay view: one frame of a finished game's replay, read-only (the stepper
// around it is replay/Replay.tsx). The frame is the seat's view after that move, so it
// shows what the table showed then: the cards turned in the turn running (`up`) or those
// of the turn just finished (`last`, marked pair or miss), the black sides of the others,
// the order ritual right after the start, and the end with the scores explained. Nothing
// earlier is remembered here: the engine's views repeat no reveal, nor does this.
import { useContext, useRef } from "preact/hooks";
import { t, useLang } from "../../i18n";
import type { ReplayView, ReplayViewProps, ReplayWords } from "../../replay/types";
import { BlackSide, ColouredSide } from "./Card";
import { End } from "./End";
import { useGrid } from "./grid";
import { usePrefs } from "./prefs";
import { Ritual } from "./Ritual";
import { litBy, Ruler } from "./Ruler";
import { lastText, Players } from "./Table";
import type { Face, MaCard, MaView } from "./types";
import { faceText, TableNames } from "./words";
import "../../components/game.css";
import "./ma.css";

/** The share of the window's height the frame's cards may take (the stepper is under it). */
const TABLE_HEIGHT = 0.55;

/** What move `index` did, for the stepper's list, told from the frames around it (every
 *  turned card is seen by all): the card turned, then a pair or not, or one card only; an
 *  extra turn taken or kept for later. */
const maWords: ReplayWords = (data, index) => {
  const before = data.frames[index - 1] as MaView | undefined;
  const after = data.frames[index] as MaView | undefined;
  const seat = data.moves[index - 1]?.seat;
  if (!before?.started || !after || seat === null || seat === undefined) return null;
  if (before.choosing) {
    return t(after.turn[0] === seat && !after.choosing ? "ma.replay.words.extra" : "ma.replay.words.pass");
  }
  const turned = after.up.find((id) => !before.up.includes(id));
  if (turned !== undefined) return t("ma.replay.words.turned", { face: faceText(after.cards[turned].face!) });
  const last = after.last;
  if (before.up.length === 0 || after.up.length > 0 || !last) return null;
  if (last.cards.length === 1) return t("ma.replay.words.one");
  const face = faceText(last.cards[last.cards.length - 1].face);
  return t(last.took ? "ma.replay.words.pair" : "ma.replay.words.miss", { face });
};

function MaFrame({ data, view: frame }: ReplayViewProps) {
  useLang();
  const view = frame as MaView;
  const names = useContext(TableNames);
  const nameOf = (seat: number) =>
    names?.[seat] ?? (seat === data.seat ? t("ma.you") : t("ma.player", { n: seat + 1 }));
  const mover = view.turn[0];
  const status = view.over || mover === undefined ? null
    : view.choosing ? t("ma.turn.choose", { name: nameOf(mover) })
    : t("ma.turn.other", { name: nameOf(mover) });
  return (
    <div class="ma-game ma-replay">
      <Players view={view} nameOf={nameOf} />
      <div class="ma-turn-row">
        {!view.started && <p class="ma-status">{t("ma.waiting.start")}</p>}
        {status && (
          <p class={`ma-status ma-seat${mover}`}>
            <span class="ma-dot" aria-hidden="true" />
            <span>{status}</span>
          </p>
        )}
        {view.last && <p class="ma-last">{lastText(view, nameOf)}</p>}
      </div>
      {view.over && view.result
        ? <End view={view} result={view.result} nameOf={nameOf} />
        : <Cards view={view} nameOf={nameOf} />}
    </div>
  );
}

export const MaReplay: ReplayView = Object.assign(MaFrame, { words: maWords });

/** The table as it lay: a face only where the view has one turned. */
function Cards({ view, nameOf }: { view: MaView; nameOf: (seat: number) => string }) {
  const prefs = usePrefs();
  const box = useRef<HTMLDivElement>(null);
  const grid = useGrid(box, view.cards.length, 0, Math.round(innerHeight * TABLE_HEIGHT));
  const last = new Map((view.last?.cards ?? []).map((card) => [card.id, card.face]));
  const mark = view.last?.took ? "pair" : "miss";
  const turned = view.up.length > 0 ? view.up.map((id) => ({ id, face: view.cards[id].face! })) : view.last?.cards ?? [];
  const onRuler = turned.find((card) => litBy(card.face).length > 0) ?? turned[0] ?? null;
  return (
    <>
      {view.ritual && view.ritual.length > 0 && (
        <Ritual rounds={view.ritual} order={view.order} nameOf={nameOf} animate={false} closable={false} />
      )}
      <div ref={box} class="ma-table-box">
        <div
          class="ma-table"
          role="group"
          aria-label={t("ma.table")}
          style={{ gridTemplateColumns: `repeat(${grid.cols}, ${grid.size}px)`, gap: `${grid.gap}px` }}
        >
          {view.cards.map((card) => {
            const held = last.get(card.id);
            if (card.state === "gone" && !held) return <span key={card.id} class="ma-slot" aria-hidden="true" />;
            return <Tile key={card.id} card={card} face={card.state === "up" ? card.face : held ?? null} mark={held ? mark : null} />;
          })}
        </div>
      </div>
      {prefs.ruler && <Ruler face={onRuler?.face ?? null} known={onRuler ? view.cards[onRuler.id].black : null} compact />}
    </>
  );
}

/** A card drawn as it lay (nothing to press in a replay). */
function Tile({ card, face, mark }: { card: MaCard; face: Face | null; mark: "pair" | "miss" | null }) {
  const label = face ? t("ma.card.up", { black: card.black, face: faceText(face) }) : t("ma.card.down", { black: card.black });
  return (
    <span
      class={`ma-tile${face ? " up" : ""}${mark ? ` ${mark}` : ""}`}
      role="img"
      aria-label={label}
      data-index={card.id}
    >
      {face ? <ColouredSide face={face} /> : <BlackSide black={card.black} />}
    </span>
  );
}
