// The shapes a Kostkový poker table sends (klubovna/games/kostkovy_poker/view.py, events in
// rules.py) and the setup the player chooses. Shapes only: every rule stays in the engine.

export type Phase = "waiting" | "keep" | "betting" | "over";
export type BetAction = "check" | "bet" | "call" | "raise" | "fold";

/** What everybody knows of a seat. */
export interface KpPlayer {
  seat: number;
  chips: number;
  /** The hand in which the player lost their last chip; null while in the game. */
  out: number | null;
  in_hand: boolean;
  folded: boolean;
  all_in: boolean;
  /** Has chosen the dice to keep this hand. */
  chosen: boolean;
  /** How many dice it kept, once everyone has chosen (never which). */
  kept: number | null;
  /** Chips put into the pot this hand: ante, keeping cost and bets. */
  put_in: number;
  /** Chips bet in the current betting round. */
  round_bet: number;
  /** Chips bet or called this hand (without ante and keeping). */
  bets: number;
  /** Agrees to end the game after a hand. */
  stop: boolean;
}

export interface ShownHand {
  seat: number;
  /** The kept dice shown at the showdown. */
  kept: number[];
  /** The six dice of the hand, ascending: all kept dice and 6 − k table dice. */
  six: number[];
  value: number;
  pips: number;
  /** The value table's line (a catalogue key suffix), null when the six score nothing. */
  line: string | null;
}

export interface LastHand {
  hand: number;
  table: number[];
  /** Empty when everybody else folded. */
  hands: ShownHand[];
  /** Chips each seat took from the pot(s). */
  won: number[];
}

export interface Standing {
  seat: number;
  chips: number;
  out: number | null;
  place: number;
}

export interface KpResult {
  reason: "last_player" | "agreement";
  hands: number;
  winner: number | null;
  standings: Standing[];
}

export interface KpView {
  game: "kostkovy-poker";
  seat: number;
  chips_at_start: number;
  seconds: number | null;
  started: boolean;
  phase: Phase;
  hand: number;
  dealer: number;
  /** The seats that may act now (the view envelope): every undecided keeper, or the one
   *  whose betting turn it is. */
  turn: number[];
  deadline: number | null;
  table: number[];
  pot: number;
  /** While betting: the main pot and the side pots, smallest first (else empty). */
  pots: ShownPot[];
  bet_size: number | null;
  /** The highest round bet of this round: what everyone must match. */
  level: number;
  raises: number;
  max_raises: number;
  players: KpPlayer[];
  /** This seat's five dice rolled behind the screen (empty between hands). */
  dice: number[];
  /** Indexes into `dice` of the dice kept; null until chosen. */
  kept: number[] | null;
  /** What calling costs now (capped by the chips). */
  to_call: number;
  /** Whether calling takes every chip this seat has. */
  call_all_in: boolean;
  /** While betting: the round bet a raise makes ("raise to N"); else null. */
  raise_to: number | null;
  actions: string[];
  /** While keeping: the most dice this seat can pay for. */
  keep_max: number | null;
  last_hand: LastHand | null;
  game_over: boolean;
  result: KpResult | null;
}

/** A pot while the betting runs: its chips and the seats that can still win it. */
export interface ShownPot {
  amount: number;
  eligible: number[];
}

/** A pot of the showdown event: its chips, who could win it, who did; `returned`: the part
 *  that goes back to its only eligible seat uncalled (nobody could match it), not won. */
export interface ShowdownPot {
  amount: number;
  eligible: number[];
  winners: number[];
  returned?: number;
}

export type KpEvent = { type: string; [field: string]: unknown };

export type BotName = "klidny" | "chytry";

/** What the setup page asks: the computer players (1–5, each Klidný or Chytrý) and chips. */
export interface KpSetup {
  /** The people playing at this device (seats 0..people-1; 1: a game against the computer,
   *  more: hot seat, the device handed over between them). */
  people: number;
  /** The computer players, seated after the people. */
  bots: BotName[];
  chips: number;
}

/** Who sits at each seat, for names: the person(s) and the computer players. */
export interface SeatNames {
  /** Seat -> a name to show (a nickname, "Klidný 2"...). */
  names: string[];
  /** Seat -> the computer player's kind, null for a person. */
  bots: Array<BotName | null>;
}
