// How a card is written on screen and read out: its rank's short sign (2..10, J, Q, K, A) and
// its suit's symbol, and its name in words ("sedmička srdce"). The suits' order is the
// engine's 0..3; which symbol stands for which number is the screen's choice (the engine's
// suits have no names), recorded in docs/decisions/0121-lp-web.md. Shapes only: no rule lives here.
import { t } from "../../i18n";
import type { Card } from "./types";

export const SUITS = ["♠", "♥", "♦", "♣"];

export function rankSign(rank: number): string {
  return rank <= 10 ? String(rank) : "JQKA"[rank - 11];
}

export function cardName(card: Card): string {
  return t("lp.card", { rank: t(`lp.rank.${card[0]}`), suit: t(`lp.suit.${card[1]}`) });
}

/** The short written form ("10♥"), for the move list. */
export function cardSign(card: Card): string {
  return `${rankSign(card[0])}${SUITS[card[1]]}`;
}
