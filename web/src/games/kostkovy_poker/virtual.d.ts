// Kostkový poker's value table and fixed numbers, printed at build time by build_data.py
// from the engine (klubovna/games/kostkovy_poker/scoring.py and state.py; web/build/games.ts).
declare module "virtual:game-data/kostkovy_poker" {
  /** The declared settings and rooms (klubovna's Setting and RoomPolicy), for the set-up forms. */
  export const SETTINGS: import("../../kit/settings").Declared[];
  export const ROOMS: import("../../kit/settings").DeclaredRoom[];
  export interface ValueLine {
    /** Catalogue key suffix: the name is t(`kp.line.${name}`). */
    name: string;
    /** The line's value; null when it depends on the dice (two triples: their sum). */
    points: number | null;
    /** Six dice worth exactly this line. */
    example: number[];
  }
  /** The value table top to bottom; anything else is worth 0. */
  export const LINES: ValueLine[];
  /** What three dice of a face are worth, by face ("1".."6"). */
  export const TRIPLES: Record<string, number>;
  export const ANTE: number;
  /** Chips for keeping 1..4 dice, by count ("1".."4"). */
  export const KEEP_COSTS: Record<string, number>;
  /** The fixed bet of the first and of the second betting round. */
  export const BET_SIZES: number[];
  /** Raises allowed after the opening bet of a round. */
  export const MAX_RAISES: number;
  /** [min, max] seats at a table. */
  export const SEATS: [number, number];
  /** [min, default, max] chips each. */
  export const CHIPS: [number, number, number];
  /** Dice each player rolls behind the screen. */
  export const ROLLED: number;
  /** The computer players' names. */
  export const BOTS: string[];
}
