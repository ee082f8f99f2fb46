// Matematický poker's server-only games (ranked, daily): started straight on the server,
// never in the browser's engine. What kind of game it is is kept next to its resumable ticket
// (localStorage, see storage.ts), so a reload or another tab still hides the preview switch
// and words the end dialog right.
import type { TableRequest } from "../../net/protocol";
import { RemoteTable, createRemoteTable } from "../../net/remote";
import { GameSession, ticketOf } from "./session";

export type GameKind = "solo" | "ranked" | "daily";

export interface GameMeta {
  table: string;
  kind: GameKind;
  /** The server records the game (a profile key was sent and accepted). */
  recorded: boolean;
  /** Daily replay: the day's deck again, not recorded. */
  replay?: boolean;
  /** The profile's publishing consent when the game started. */
  consent?: boolean | null;
  /** Daily: the day whose deck is dealt (an attempt may end after midnight). */
  day?: string;
}

const META_KEY = "klubovna.mp.game";

export function saveGameMeta(meta: GameMeta | null): void {
  try {
    if (meta === null) localStorage.removeItem(META_KEY);
    else localStorage.setItem(META_KEY, JSON.stringify(meta));
  } catch {
    /* storage disabled */
  }
}

/** What is known about the game at `table`; null for another table or none. */
export function loadGameMeta(table: string | undefined): GameMeta | null {
  if (!table) return null;
  try {
    const meta = JSON.parse(localStorage.getItem(META_KEY) ?? "null") as GameMeta | null;
    return meta && meta.table === table ? meta : null;
  } catch {
    return null;
  }
}

/** A ranked or daily table on the server, started; throws ServerUnreachable or ApiError and
 *  never falls back to a local game. */
export async function startServerGame(
  request: TableRequest,
  kind: GameKind,
  consent: boolean | null,
): Promise<{ session: GameSession; meta: GameMeta }> {
  const ticket = await createRemoteTable({ ...request, kind });
  const conn = new RemoteTable(ticket);
  const saved = ticketOf(conn);
  const session = new GameSession(conn, saved ? { ticket: saved, lastSeq: 0 } : null);
  const meta: GameMeta = {
    table: ticket.table,
    kind,
    recorded: ticket.recorded,
    replay: request.replay === true,
    consent,
  };
  if (ticket.day) meta.day = ticket.day;
  saveGameMeta(meta);
  session.act({ type: "start" });
  return { session, meta };
}
