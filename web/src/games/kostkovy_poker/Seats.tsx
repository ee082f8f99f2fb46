// The players at the table: one card per seat with the name, the dealer button, the chip
// stack, what the seat is doing (choosing, kept dice face down as a count, folded, all-in,
// out, to act), its bet in this round and whether it agrees to stop. At the end of a hand
// the cards show the hand as it stood, the dice shown at the showdown and what each won.
import { t } from "../../i18n";
import { Die } from "./Die";
import type { HandOver } from "./session";
import { returnedTo } from "./Showdown";
import type { KpPlayer, KpView, SeatNames, ShownHand } from "./types";
import { chips, nameOf, valueText } from "./words";

interface SeatProps {
  /** The view the card shows (the last one of a finished hand while it stays on screen). */
  view: KpView;
  player: KpPlayer;
  names: SeatNames;
  over: HandOver | null;
  /** The person's own card (their dice are drawn apart). */
  mine?: boolean;
}

export function SeatCard({ view, player, names, over, mine = false }: SeatProps) {
  const seat = player.seat;
  const name = nameOf(names, seat);
  const dealer = view.dealer === seat && view.started;
  const out = player.out !== null; // one who went out in a hand on screen was still in it
  const turn = !over && view.phase === "betting" && view.turn.includes(seat);
  const shown = over?.last.hands.find((hand) => hand.seat === seat) ?? null;
  // Chips that came back uncalled are no win: they are told apart.
  const back = over ? returnedTo(over.pots ?? [], seat) : 0;
  const won = over ? (over.last.won[seat] ?? 0) - back : 0;
  const stack = over ? over.chipsAfter[seat] ?? player.chips : player.chips;
  const classes = ["kp-seat", mine ? "mine" : "", turn ? "turn" : "", player.folded && !out ? "folded" : "", out ? "out" : "", won > 0 ? "won" : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div class={classes} data-seat={seat} data-chips={stack}>
      <div class="kp-seat-head">
        <span class="kp-seat-name">{name}</span>
        {dealer && (
          <span class="kp-dealer" title={t("kp.seat.dealer")}>
            <span aria-hidden="true">{t("kp.seat.dealer.short")}</span>
            <span class="visually-hidden">{t("kp.seat.dealer")}</span>
          </span>
        )}
      </div>
      <p class="kp-stack">
        <span class="kp-chip-icon" aria-hidden="true" />
        <span class="kp-stack-count">{chips(stack)}</span>
        <span class="kp-stack-short" aria-hidden="true">{stack}</span>
      </p>
      <SeatStatus view={view} player={player} over={over} shown={shown} won={won} back={back} out={out} turn={turn} mine={mine} />
    </div>
  );
}

interface StatusProps {
  view: KpView;
  player: KpPlayer;
  over: HandOver | null;
  shown: ShownHand | null;
  won: number;
  back: number;
  out: boolean;
  turn: boolean;
  mine: boolean;
}

function SeatStatus({ view, player, over, shown, won, back, out, turn, mine }: StatusProps) {
  const tags: Array<{ key: string; text: string; kind?: string }> = [];
  let dice = null;
  if (out) {
    tags.push({ key: "out", text: t("kp.seat.out", { hand: player.out ?? view.hand }), kind: "out" });
  } else if (over) {
    if (shown && !mine) {
      dice = (
        <span class="kp-seat-dice" role="img" aria-label={`${t("kp.showdown.kept")}: ${shown.kept.join(", ")}`}>
          {shown.kept.map((value, i) => <Die key={i} value={value} class="small" />)}
        </span>
      );
      tags.push({ key: "value", text: valueText(shown), kind: "value" });
    } else if (player.folded) {
      tags.push({ key: "folded", text: t("kp.seat.folded"), kind: "folded" });
    }
    if (won > 0) tags.push({ key: "won", text: t("kp.seat.won", { count: won }), kind: "won" });
    if (back > 0) tags.push({ key: "back", text: t("kp.seat.back", { count: back }), kind: "returned" });
  } else if (player.in_hand) {
    if (view.phase === "keep") {
      tags.push({ key: "choose", text: t(player.chosen ? "kp.seat.chosen" : "kp.seat.choosing"), kind: player.chosen ? "done" : "busy" });
    } else if (player.folded) {
      tags.push({ key: "folded", text: t("kp.seat.folded"), kind: "folded" });
    } else if (player.kept !== null && !mine) {
      dice = (
        <span class="kp-seat-dice" role="img" aria-label={t("kp.seat.kept", { count: player.kept })}>
          {Array.from({ length: player.kept }, (_, i) => <Die key={i} value={null} class="small" />)}
        </span>
      );
    }
    if (player.all_in && !player.folded) tags.push({ key: "allin", text: t("kp.seat.all_in"), kind: "allin" });
    if (turn) tags.push({ key: "turn", text: t("kp.seat.turn"), kind: "turn" });
  }
  if (player.stop && !out) tags.push({ key: "stop", text: t("kp.seat.stop"), kind: "stop" });
  const bet = !over && view.phase === "betting" && player.round_bet > 0 ? player.round_bet : 0;
  return (
    <div class="kp-seat-status">
      {dice}
      {tags.map((tag) => (
        <span key={tag.key} class={`kp-tag ${tag.kind ?? ""}`}>{tag.text}</span>
      ))}
      {bet > 0 && (
        <span class="kp-bet" title={t("kp.seat.bet", { count: bet })}>
          <span class="kp-chip-icon" aria-hidden="true" />
          <span class="visually-hidden">{t("kp.seat.bet", { count: bet })}</span>
          <span aria-hidden="true">{bet}</span>
        </span>
      )}
    </div>
  );
}

/** The other players' cards, in turn order from the seat left of the person's; one who
 *  watches (seat null) sees every player's, from the first seat. */
export function Opponents({ view, names, over }: { view: KpView; names: SeatNames; over: HandOver | null }) {
  const n = view.players.length;
  const seat = view.seat as number | null;
  const order = seat === null
    ? view.players.map((player) => player.seat)
    : Array.from({ length: n - 1 }, (_, i) => (seat + 1 + i) % n);
  return (
    <ul class={`kp-seats n${order.length}`} aria-label={t("kp.seats")}>
      {order.map((seat) => (
        <li key={seat}>
          <SeatCard view={view} player={view.players[seat]} names={names} over={over} />
        </li>
      ))}
    </ul>
  );
}
