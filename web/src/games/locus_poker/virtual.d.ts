// Locus Poker's fixed data, printed at build time by build_data.py from the engine and bots.
declare module "virtual:game-data/locus_poker" {
  /** The declared settings and rooms (klubovna's Setting and RoomPolicy), for the set-up forms. */
  export const SETTINGS: import("../../kit/settings").Declared[];
  export const ROOMS: import("../../kit/settings").DeclaredRoom[];
  /** The grids, columns × rows ("6x5" …), and the one a new game starts with. */
  export const GRIDS: string[];
  export const DEFAULT_GRID: string;
  /** The computer players' names in the registry, weakest first. */
  export const BOTS: string[];
  /** The same opponents with their Czech names and one-line characters. */
  export const OPPONENTS: Array<{ id: string; name: string; character: { cs: string; en: string } }>;
  /** The hands and their points, the best first ([code, points]). */
  export const HANDS: Array<[string, number]>;
  /** The rules page's example: a 3 × 3 area, its dead and chosen card, and the engine's
   *  hand score face up and face down. */
  export const EXAMPLE: { cards: Array<[number, number]>; dead: number; chosen: number; up: number; down: number };
}
