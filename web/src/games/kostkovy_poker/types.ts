// Kostkový poker's shapes: the engine's views, result and actions, generated from
// klubovna/games/kostkovy_poker/wire.py (wire.gen.ts, by the build) and re-exported here
// under the names the folder uses; its events (not declared in Python yet) and the setup the
// player chooses are this folder's own.
export type {
  BetAction,
  KpAction,
  KpPlayer,
  KpResult,
  KpView,
  LastHand,
  Phase,
  ShownHand,
  ShownPot,
  Standing,
} from "./wire.gen";

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
