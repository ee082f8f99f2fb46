// Mathesso's fixed data, printed at build time by build_data.py from the engine.
declare module "virtual:game-data/mathesso" {
  /** The declared settings and rooms (klubovna's Setting and RoomPolicy), for the set-up forms. */
  export const SETTINGS: import("../../kit/settings").Declared[];
  export const ROOMS: import("../../kit/settings").DeclaredRoom[];
  /** [min, max] seats at a table (people and computer players). */
  export const SEATS: [number, number];
  /** The variants, easiest first. */
  export const VARIANTS: string[];
  /** The variants the CJV add-on, and the Faktoriál add-on, are played from. */
  export const CJV_FROM: string[];
  export const FAKTORIAL_FROM: string[];
  /** Cards per variant: [plain, with CJV, with Faktoriál, with both] (0: not played). */
  export const COUNTS: Record<string, [number, number, number, number]>;
  /** Each group's points per pair (named in the end screen's explanation lines). */
  export const POINTS: Record<string, number>;
  /** The computer players' names, weakest memory first. */
  export const BOTS: string[];
}
