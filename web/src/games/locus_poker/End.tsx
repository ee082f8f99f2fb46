// The end of a game of Locus Poker: who won (or a draw) with the totals and what next (End,
// above the final grid), and every move in order (MoveList, below it): who, which card, face
// up or down, the hand, its points, the bonus and the running total (the engine's numbers,
// as the view's move list has them).
import type { ComponentChildren } from "preact";
import { t } from "../../i18n";
import { Chip } from "./Card";
import { cardSign, cardName } from "./cards";
import type { LpView, SeatNames } from "./types";
import { handName } from "./words";

/** Who won (or a draw, or a leave) with the totals, in words. */
export function endHeadline(view: LpView, names: SeatNames): string {
  const result = view.result!;
  const totals = result.totals;
  const winner = result.winner;
  const you = names[view.seat] === t("lp.you");
  const [a, b] = winner === null ? totals : [totals[winner], totals[1 - winner]];
  return result.reason === "left" ? t("lp.end.left")
    : winner === null ? t("lp.end.draw", { a, b })
    : winner === view.seat && you ? t("lp.end.you", { a, b })
    : t("lp.end.won", { name: names[winner] ?? "", a, b });
}

export function End({ view, names, note, children }: { view: LpView; names: SeatNames; note?: ComponentChildren; children?: ComponentChildren }) {
  return (
    <section class="lp-end" aria-labelledby="lp-end-title">
      <h2 id="lp-end-title">{t("lp.end.title")}</h2>
      <p class="lp-end-headline" role="status">{endHeadline(view, names)}</p>
      {note}
      {children && <p class="lp-end-buttons">{children}</p>}
    </section>
  );
}

/** Every move in order with the running total of its player. */
export function MoveList({ view, names }: { view: LpView; names: SeatNames }) {
  const running = [0, 0];
  return (
    <section class="lp-end lp-end-moves" aria-labelledby="lp-moves-title">
      <h2 id="lp-moves-title">{t("lp.end.moves")}</h2>
      {/* it scrolls: a Tab stop, so the keyboard scrolls it too */}
      <div class="lp-moves-wrap" role="region" aria-labelledby="lp-moves-title" tabIndex={0}>
        <table class="lp-moves">
          <thead>
            <tr>
              <th scope="col" class="num">{t("lp.end.n")}</th>
              <th scope="col">{t("lp.end.player")}</th>
              <th scope="col">{t("lp.end.card")}</th>
              <th scope="col">{t("lp.end.face")}</th>
              <th scope="col">{t("lp.end.hand")}</th>
              <th scope="col" class="num">{t("lp.end.points")}</th>
              <th scope="col" class="num">{t("lp.end.bonus")}</th>
              <th scope="col" class="num">{t("lp.end.total")}</th>
            </tr>
          </thead>
          <tbody>
            {view.moves.map((move, i) => {
              running[move.seat] += move.score;
              const card = view.cards[move.cell];
              return (
                <tr key={i} class={`lp-seat${move.seat}`}>
                  <td class="num">{i + 1}</td>
                  <th scope="row"><Chip seat={move.seat} small /> {names[move.seat] ?? ""}</th>
                  <td><abbr class={`lp-s${card[1]}`} title={cardName(card)}>{cardSign(card)}</abbr></td>
                  <td>{t(`lp.face.${move.face}.short`)}</td>
                  <td>{handName(move.name)}</td>
                  <td class="num">{move.hand}</td>
                  <td class="num">{move.bonus}</td>
                  <td class="num">{running[move.seat]}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
