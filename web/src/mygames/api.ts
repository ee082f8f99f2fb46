// GET /api/my/games (docs/api.md, "My games"): every open room of the profile, those
// waiting for the person first. The profile's key on the call.
import { json } from "../profile/api";

export interface MyGame {
  code: string;
  /** The game's id (its route). */
  game: string;
  kind: string;
  status: "waiting" | "playing";
  /** A turn-based room's days per move; null: played live. */
  days_per_move: number | null;
  /** The game waits for this person's move. */
  your_turn: boolean;
  /** Turn-based, while it is the person's turn: when their time runs out (server ms). */
  deadline: number | null;
  /** The people in the room, in seat order, the person included. */
  players: string[];
  /** The room's page: "/#/<game>/hra/<code>". */
  link: string;
  since: number;
}

/** The games and the server's clock when it answered (`now`, ms). */
export async function myGames(key: string): Promise<{ games: MyGame[]; now: number }> {
  return await json<{ games: MyGame[]; now: number }>("GET", "/api/my/games", { key });
}
