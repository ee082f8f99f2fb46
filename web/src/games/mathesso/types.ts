// The shapes of Mathesso's views as klubovna/games/mathesso/view.py builds them. Shapes only:
// no rule lives here (pairs, scores and the order come from the engine).

export type Group = "multiplication" | "square" | "prime" | "fibonacci" | "factorial" | "zero" | "cjv";

/** A card's coloured side: what a turned card shows. */
export interface Face {
  group: Group;
  /** The number on the coloured side (a zero's is 0: `behind` is the faint one). */
  value: number;
  /** The factors whose ruler colours paint the digits (multiplication: [a, b]; square: [a]). */
  colours?: number[];
  /** A zero's faint number behind the 0. */
  behind?: number;
  /** A factorial's n (the small "n!" hint). */
  hint?: number;
}
