// Žolíky s kameny's fixed numbers, printed at build time by build_data.py from the engine.
declare module "virtual:game-data/zoliky_s_kameny" {
  /** The declared settings and rooms (klubovna's Setting and RoomPolicy), for the set-up forms. */
  export const SETTINGS: import("../../kit/settings").Declared[];
  export const ROOMS: import("../../kit/settings").DeclaredRoom[];
  /** [min, max] seats at a table. */
  export const SEATS: [number, number];
  /** The initial meld's least value. */
  export const MELD_MIN: number;
  /** Tiles dealt to each player. */
  export const RACK_START: number;
  /** The computer players' names, easiest first (the levels Lehká, Střední, Těžká). */
  export const BOTS: string[];
}
