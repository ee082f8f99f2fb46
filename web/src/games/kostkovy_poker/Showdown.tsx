// A finished hand, explained: the table dice; every hand shown with the six dice it made
// (kept ones marked, the rest from the table), its line of the value table and the value,
// and the pip sum; who took each pot and why (the higher pips, a shared tie); who went out.
// Or, without a showdown, who took the pot. It stays until the person goes on.
import { useEffect, useRef } from "preact/hooks";
import { t } from "../../i18n";
import { Die } from "./Die";
import type { HandOver } from "./session";
import type { SeatNames, ShownHand, ShowdownPot } from "./types";
import { formatNumber, fromTable, nameList, nameOf, returnedText, tn, valueText } from "./words";

interface Props {
  over: HandOver;
  names: SeatNames;
  me: number;
  /** With a timer online the next hand comes by itself after a moment. */
  auto: boolean;
  onGoOn: () => void;
  /** When the person is out: skip the remaining hands (shown only then). */
  onSkip?: () => void;
}

export function Showdown({ over, names, me, auto, onGoOn, onSkip }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus();
  }, [over.id]);
  const last = over.last;
  const who = (seat: number) => (seat === me ? t("kp.you") : nameOf(names, seat));
  const ranked = [...last.hands].sort((a, b) => b.value - a.value || b.pips - a.pips || a.seat - b.seat);
  return (
    <section class="kp-showdown" aria-labelledby="kp-showdown-title" data-hand={last.hand}>
      <h2 id="kp-showdown-title" ref={heading} tabIndex={-1}>
        {t(over.uncontested ? "kp.uncontested.title" : "kp.showdown.title", { hand: last.hand })}
      </h2>
      {over.uncontested ? (
        <p class="kp-uncontested">
          {over.uncontested.seat === me
            ? t("kp.uncontested.text.you", { won: over.uncontested.won })
            : t("kp.uncontested.text", { name: who(over.uncontested.seat), won: over.uncontested.won })}
        </p>
      ) : (
        <>
          <ul class="kp-hands">
            {ranked.map((hand) => {
              const back = returnedTo(over.pots ?? [], hand.seat);
              return <HandRow key={hand.seat} hand={hand} name={who(hand.seat)} won={(last.won[hand.seat] ?? 0) - back} back={back} />;
            })}
          </ul>
          {over.pots && <PotLines pots={over.pots} hands={last.hands} names={names} me={me} />}
        </>
      )}
      {over.out.length > 0 && <p class="kp-out-line">{t("kp.showdown.out", { names: nameList(names, over.out, me) })}</p>}
      <div class="kp-go-on">
        <button type="button" class="primary" onClick={onGoOn}>
          {t(over.over ? "kp.showdown.results" : "kp.showdown.next")}
        </button>
        {onSkip && !over.over && <button type="button" onClick={onSkip}>{t("kp.showdown.skip")}</button>}
        {auto && !over.over && <p class="hint">{t("kp.showdown.auto")}</p>}
      </div>
    </section>
  );
}

/** The chips the pots hand back to `seat` uncalled. */
export function returnedTo(pots: ShowdownPot[], seat: number): number {
  return pots.reduce((sum, pot) => sum + (pot.winners.length === 1 && pot.winners[0] === seat ? pot.returned ?? 0 : 0), 0);
}

function HandRow({ hand, name, won, back }: { hand: ShownHand; name: string; won: number; back: number }) {
  const table = fromTable(hand);
  // The six in order, the kept ones first marked as such.
  const six = [...hand.kept.map((value) => ({ value, kept: true })), ...table.map((value) => ({ value, kept: false }))].sort(
    (a, b) => a.value - b.value || Number(b.kept) - Number(a.kept),
  );
  const spoken = `${t("kp.showdown.kept")}: ${hand.kept.join(", ")}; ${t("kp.showdown.six")}: ${hand.six.join(", ")}`;
  return (
    <li class={`kp-hand${won > 0 ? " winner" : ""}`} data-seat={hand.seat} data-value={hand.value}>
      <p class="kp-hand-who">
        <strong>{name}</strong>
        {won > 0 && <span class="kp-tag won">{t("kp.showdown.won", { count: won })}</span>}
        {back > 0 && <span class="kp-tag returned">{t("kp.showdown.back", { count: back })}</span>}
      </p>
      <div class="kp-six" role="img" aria-label={spoken}>
        {six.map((die, i) => (
          <Die key={i} value={die.value} class={die.kept ? "small kept" : "small"} />
        ))}
      </div>
      <p class="kp-hand-value">
        <strong>{valueText(hand)}</strong> · {t("kp.showdown.pips", { pips: hand.pips })}
      </p>
      <p class="kp-hand-how">
        {t("kp.showdown.how", { kept: hand.kept.length, table: tn("kp.dice", table.length) })}
      </p>
    </li>
  );
}

function PotLines({ pots, hands, names, me }: { pots: ShowdownPot[]; hands: ShownHand[]; names: SeatNames; me: number }) {
  const bySeat = new Map(hands.map((hand) => [hand.seat, hand]));
  // Chips that go back uncalled make no pot of their own: the pots are those won.
  const won = pots.filter((pot) => pot.amount > (pot.returned ?? 0));
  const back = pots.filter((pot) => (pot.returned ?? 0) > 0);
  return (
    <ul class="kp-pot-lines">
      {won.map((pot, i) => {
        const label = won.length === 1 ? t("kp.pot") : i === 0 ? t("kp.pot.main") : t("kp.pot.side", { n: i });
        const amount = formatNumber(pot.amount - (pot.returned ?? 0));
        const contenders = pot.eligible.map((seat) => bySeat.get(seat)).filter((hand): hand is ShownHand => !!hand);
        const best = Math.max(...contenders.map((hand) => hand.value));
        const sameValue = contenders.filter((hand) => hand.value === best).length;
        const text =
          pot.winners.length === 1
            ? pot.winners[0] === me
              ? t("kp.showdown.pot.won.you", { pot: label, amount })
              : t("kp.showdown.pot.won", { pot: label, amount, name: nameOf(names, pot.winners[0]) })
            : t("kp.showdown.pot.split", { pot: label, amount, names: nameList(names, pot.winners, me) });
        const why = pot.winners.length > 1 ? t("kp.showdown.tie") : sameValue > 1 ? t("kp.showdown.pips.decided") : "";
        return (
          <li key={i}>
            {text} {why && <small>{why}</small>}
          </li>
        );
      })}
      {back.map((pot, i) => (
        <li key={`back-${i}`} class="kp-returned">{returnedText(pot, names, me)}</li>
      ))}
    </ul>
  );
}
