// Kostkový poker in words: plural forms, the players' names, one log line per event, and
// a showdown hand's value explained by its line of the value table.
import { TRIPLES } from "virtual:game-data/kostkovy_poker";
import { getLang, t } from "../../i18n";
import { codeText } from "../../lobby/format";
import { kp } from "./i18n";
import type { LogLine } from "./session";
import type { BotName, KpView, SeatNames, ShowdownPot, ShownHand } from "./types";

/** `key.one` / `key.few` / `key.other` by the current language's plural rules. */
export function tn(key: string, count: number, params: Record<string, string | number> = {}): string {
  const lang = getLang();
  const form = new Intl.PluralRules(lang).select(count);
  const pick = form === "one" ? "one" : form === "few" ? "few" : "other";
  return t(`${key}.${pick}`, { count, ...params });
}

export function chips(count: number): string {
  return tn("kp.chips", count);
}

/** An error's text: ours for a code we know, else the table's own message. */
export function errorText(code: string, message: string): string {
  return `kp.error.${code}` in kp.cs ? t(`kp.error.${code}`) : codeText(code, message);
}

/** Names for a local table: "Ty" at seat 0 when one person plays ("Hráč 1", "Hráč 2"… for
 *  the people of a hot-seat game), then the computer players by kind, numbered when a kind
 *  sits more than once ("Klidný 1", "Klidný 2"). */
export function localNames(people: number, bots: BotName[]): SeatNames {
  const total = (kind: BotName) => bots.filter((bot) => bot === kind).length;
  const seen: Record<string, number> = {};
  const names = bots.map((bot) => {
    seen[bot] = (seen[bot] ?? 0) + 1;
    return total(bot) > 1 ? `${t(`kp.bot.${bot}`)} ${seen[bot]}` : t(`kp.bot.${bot}`);
  });
  const persons = people === 1 ? [t("kp.you")] : Array.from({ length: people }, (_, i) => t("kp.player", { n: i + 1 }));
  return { names: [...persons, ...names], bots: [...persons.map(() => null), ...bots] };
}

/** Whether `seat` is the person looking. */
export function isMe(view: KpView, seat: number): boolean {
  return view.seat === seat;
}

export function nameOf(names: SeatNames, seat: number): string {
  return names.names[seat] ?? `#${seat + 1}`;
}

/** A list of names ("Klidný, Chytrý a ty"), the person in lower case inside the list. */
export function nameList(names: SeatNames, seats: number[], me: number): string {
  const parts = seats.map((seat) => (seat === me ? t("kp.you.lower") : nameOf(names, seat)));
  try {
    return new Intl.ListFormat(getLang(), { style: "long", type: "conjunction" }).format(parts);
  } catch {
    return parts.join(", ");
  }
}

/** The dice as words for a log line ("3, 5"). */
export function diceText(dice: number[]): string {
  return dice.join(", ");
}

/** One event as a sentence, or null for events the log does not tell. */
export function logText(line: LogLine, names: SeatNames, me: number): string | null {
  const event = line.event;
  const seat = typeof event.seat === "number" ? event.seat : -1;
  const you = seat === me;
  const name = nameOf(names, seat);
  switch (event.type) {
    case "hand": {
      const params = { hand: Number(event.hand), name: nameOf(names, Number(event.dealer)), ante: chips(Number(event.ante)) };
      return t(Number(event.dealer) === me ? "kp.log.hand.you" : "kp.log.hand", params);
    }
    case "chosen": {
      const text = you ? t("kp.log.chosen.you") : t("kp.log.chosen", { name });
      return event.timeout ? withNote(text, t("kp.log.timeout")) : text;
    }
    case "revealed": {
      const kept = (event.kept as Array<number | null>) ?? [];
      const list = kept
        .map((count, i) => (count === null ? null : `${i === me ? t("kp.you.lower") : nameOf(names, i)}: ${count}`))
        .filter((part): part is string => part !== null)
        .join("; ");
      return t("kp.log.revealed", { list });
    }
    case "table":
      return t("kp.log.table", { dice: diceText((event.dice as number[]) ?? []) });
    case "acted": {
      const action = String(event.action);
      // A call says what it cost; a bet or raise the round bet it makes ("raises to 6").
      const amount = action === "call" ? Number(event.paid) : Number(event.round_bet ?? event.paid);
      let text = t(`kp.log.acted.${action}${you ? ".you" : ""}`, { name, amount });
      if (event.all_in) text = withNote(text, t("kp.log.all_in"));
      if (event.timeout) text = withNote(text, t("kp.log.timeout"));
      return text;
    }
    case "uncontested":
      return you ? t("kp.log.uncontested.you", { won: Number(event.won) }) : t("kp.log.uncontested", { name, won: Number(event.won) });
    case "showdown": {
      const hands = (event.hands as ShownHand[]) ?? [];
      const list = hands.map((hand) => `${hand.seat === me ? t("kp.you.lower") : nameOf(names, hand.seat)}: ${formatNumber(hand.value)}`).join("; ");
      const back = ((event.pots as ShowdownPot[]) ?? []).filter((pot) => (pot.returned ?? 0) > 0);
      return [t("kp.log.showdown", { list }), ...back.map((pot) => returnedText(pot, names, me))].join(" ");
    }
    case "out":
      return you ? t("kp.log.out.you") : t("kp.log.out", { name });
    case "over":
      return t("kp.log.over");
    case "earlier":
      return t("kp.log.earlier");
    case "stop": {
      const agree = event.agree ? "yes" : "no";
      return you ? t(`kp.log.stop.${agree}.you`) : t(`kp.log.stop.${agree}`, { name });
    }
    default:
      return null;
  }
}

/** Chips a pot gives back uncalled: "Chytrý: vráceno 4 – tolik nikdo nedorovnal." */
export function returnedText(pot: ShowdownPot, names: SeatNames, me: number): string {
  const seat = pot.winners[0] ?? pot.eligible[0];
  const amount = formatNumber(pot.returned ?? 0);
  return seat === me ? t("kp.showdown.returned.you", { amount }) : t("kp.showdown.returned", { amount, name: nameOf(names, seat) });
}

/** "Chytrý dorovnává 3 (all-in)." from the sentence and the note. */
function withNote(sentence: string, note: string): string {
  return `${sentence.replace(/\.$/, "")} ${note}.`;
}

/** The value of a shown hand explained by its line: "tři šestky: 600", "dvě trojice:
 *  400 + 600 = 1 000", "bez kombinace: 0". */
export function valueText(hand: ShownHand): string {
  const value = formatNumber(hand.value);
  if (hand.line === null) return t("kp.showdown.value", { line: t("kp.line.none"), value });
  const line = t(`kp.line.${hand.line}`);
  if (hand.line === "two_triples") {
    const faces = [1, 2, 3, 4, 5, 6].filter((face) => hand.six.filter((die) => die === face).length === 3);
    if (faces.length === 2) {
      const [a, b] = faces.map((face) => TRIPLES[String(face)] ?? 0).sort((x, y) => x - y);
      return t("kp.showdown.triples", { line, a: formatNumber(a), b: formatNumber(b), value });
    }
  }
  return t("kp.showdown.value", { line, value });
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(getLang() === "cs" ? "cs-CZ" : "en-GB").format(value);
}

/** The table dice a hand used: its six without its kept dice (as a multiset). */
export function fromTable(hand: ShownHand): number[] {
  const rest = [...hand.six];
  for (const die of hand.kept) {
    const at = rest.indexOf(die);
    if (at >= 0) rest.splice(at, 1);
  }
  return rest;
}
