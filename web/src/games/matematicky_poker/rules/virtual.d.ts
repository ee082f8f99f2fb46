// The engine's scoring tables, printed at build time by ../build_data.py (web/build/games.ts).
declare module "virtual:game-data/matematicky_poker" {
  export interface CombinationRow {
    /** Catalogue key suffix: the name is t(`mp.combo.${name}`). */
    name: string;
    points: number;
    /** Five cells of a line that scores exactly this row; null = empty cell. */
    example: Array<number | null>;
  }
  export interface ScoringTableData {
    id: "adjacent" | "school" | "matematico";
    rows: CombinationRow[];
  }
  /** The tables in the engine's order (adjacent, school, matematico), rows top to bottom. */
  export const TABLES: ScoringTableData[];
  /** Matematico: points added for each diagonal that scores. */
  export const DIAGONAL_BONUS: number;
}
