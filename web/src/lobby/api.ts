// The lobby HTTP API (docs/api.md, "Lobbies"): create, look up, join, the open list and quick
// pairing ("Hrát s kýmkoli": wait for anyone with the same settings). With the selected
// profile's key the person plays as that profile (and the game is recorded); without one a
// nickname is sent. Every call answers, throws ApiError (the server's code) or
// ServerUnreachable (no server: offline, or a service worker answering in its place).
import { ApiError, ServerUnreachable } from "../net/remote";
import { reportServer } from "../worker/client";
import type { LobbySummary, OpenRoom, PairingStatus, PairingTicket, SeatTicket } from "./types";

/** Who asks: the profile key, else the nickname. */
export interface Who {
  key: string | null;
  nickname: string;
}

async function call<T>(method: string, path: string, body: unknown, key: string | null, keepalive = false): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (key) headers.authorization = `Bearer ${key}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
      keepalive,
    });
  } catch {
    reportServer(false);
    throw new ServerUnreachable("no server");
  }
  if (response.status === 204) {
    reportServer(true);
    return undefined as T;
  }
  const answer = (await response.json().catch(() => undefined)) as (T & { code?: unknown; message?: string }) | undefined;
  if (response.ok && answer !== undefined) {
    reportServer(true);
    return answer;
  }
  if (!response.ok && typeof answer?.code === "string") {
    reportServer(true);
    throw new ApiError(answer.code, answer.message ?? answer.code);
  }
  // No JSON from the API: a proxy or a service worker answered, not the server.
  reportServer(false);
  throw new ServerUnreachable(`HTTP ${response.status}`);
}

/** The body's game, kind and settings side by side, as the form gives them, nested as the
 *  server takes them: `{game, kind, settings}`. */
function nested(body: Record<string, unknown>): { game: unknown; kind: unknown; settings: Record<string, unknown> } {
  const { game, kind, ...settings } = body;
  return { game, kind, settings };
}

/** The room's own flags beside the game's settings: own words in its chat, listed in the
 *  open list, and days per move (a turn-based room). */
const ROOM_FLAGS = ["free_chat", "public", "days_per_move"] as const;

/** A new lobby: `body` is the game, the kind of room, the room's flags (`free_chat`,
 *  `public`) and its settings side by side; the POST /api/lobbies body nests the settings
 *  (`{game, kind, free_chat, public, settings}`), and the nickname goes along when there is
 *  no profile key. */
export function createLobby(body: Record<string, unknown>, who: Who): Promise<SeatTicket> {
  const { game, kind, settings } = nested(body);
  const flags: Record<string, unknown> = {};
  for (const flag of ROOM_FLAGS) {
    if (flag in settings) flags[flag] = settings[flag];
    delete settings[flag];
  }
  const request = { game, kind, ...flags, settings };
  return call("POST", "/api/lobbies", who.key ? request : { ...request, nickname: who.nickname }, who.key);
}

export function lookupLobby(code: string): Promise<LobbySummary> {
  return call("GET", `/api/lobbies/${encodeURIComponent(code)}`, undefined, null);
}

export function joinLobby(code: string, who: Who): Promise<SeatTicket> {
  return call("POST", `/api/lobbies/${encodeURIComponent(code)}/join`, who.key ? {} : { nickname: who.nickname }, who.key);
}

/** The open list: the public rooms waiting with a free seat, of one game (its engine's
 *  name) or of every game, the newest first; with `status` "playing", the public rooms whose
 *  game runs, each with its table to watch (null: its host does not let people watch). */
export async function openRooms(game?: string, status: "waiting" | "playing" = "waiting"): Promise<OpenRoom[]> {
  const asked = [game ? `game=${encodeURIComponent(game)}` : "", status === "playing" ? "status=playing" : ""].filter(Boolean);
  const query = asked.length ? `?${asked.join("&")}` : "";
  return (await call<{ lobbies: OpenRoom[] }>("GET", `/api/lobbies${query}`, undefined, null)).lobbies;
}

/** Quick pairing: wait for anyone (of close rating first) who chose the same game, kind of
 *  room and settings, given side by side as for createLobby (no room flags). A profile's
 *  `key` is needed. Then ask `pairingStatus` every second or two until it is paired. */
export function seekPairing(body: Record<string, unknown>, key: string): Promise<PairingTicket> {
  return call("POST", "/api/pairing", nested(body), key);
}

/** How the wait goes: waiting (the window), paired (the seat) or failed; ApiError
 *  `unknown_ticket` once it waits no more. Asking keeps the ticket alive. */
export function pairingStatus(ticket: string): Promise<PairingStatus> {
  return call("GET", `/api/pairing/${encodeURIComponent(ticket)}`, undefined, null);
}

/** Wait no more; sent even while the page goes away (keepalive). */
export function stopPairing(ticket: string): Promise<void> {
  return call("DELETE", `/api/pairing/${encodeURIComponent(ticket)}`, undefined, null, true);
}

/** The QR code of the join link, as an image the server draws. */
export function qrUrl(code: string): string {
  return `/api/lobbies/${encodeURIComponent(code)}/qr.svg`;
}
