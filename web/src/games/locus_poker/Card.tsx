// One card of the grid drawn in CSS: its rank above its suit in the suit's own colour (a
// four-colour deck, so a flush reads at a glance on a phone), or, played face down, its back
// (dead for the rest of the game); and the chip that lies on it, in its player's colour.
import { rankSign, SUITS } from "./cards";
import type { Card } from "./types";

export function CardFace({ card, small = false }: { card: Card; small?: boolean }) {
  return (
    // drawn from data attributes (CSS content): the card's name is its label, and no text
    // of its own competes with it
    <span class={`lp-face lp-s${card[1]}${small ? " small" : ""}`} aria-hidden="true">
      <span class="lp-rank" data-sign={rankSign(card[0])} />
      <span class="lp-suit" data-sign={SUITS[card[1]]} />
    </span>
  );
}

/** The back of a card played face down. */
export function CardBack() {
  return <span class="lp-back" aria-hidden="true" />;
}

/** A player's chip: seat 0's is solid, seat 1's has a ring, so they differ without colour. */
export function Chip({ seat, small = false }: { seat: number; small?: boolean }) {
  return (
    <svg class={`lp-chip lp-seat${seat}${small ? " small" : ""}`} viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="10" cy="10" r="9" class="lp-chip-body" />
      <circle cx="10" cy="10" r="6" class="lp-chip-ring" fill="none" stroke-width="1.6" stroke-dasharray={seat === 1 ? "3 2" : undefined} />
      {seat === 0 && <circle cx="10" cy="10" r="2.5" class="lp-chip-dot" />}
    </svg>
  );
}
