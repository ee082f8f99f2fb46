// The server's profile, leaderboard and daily-challenge API (docs/api.md). Every call either
// answers, throws ApiError (the server said no, with its code) or ServerUnreachable (no
// server: offline, or a service worker answering in its place).
import { ApiError, ServerUnreachable } from "../net/remote";
import { reportServer } from "../worker/client";

export interface Streak {
  current: number;
  best: number;
  last_day?: string | null;
}

/** A game's block by default (klubovna.core.statistics.game_statistics): its games, their
 *  outcomes and its own figures summed (Kostkový poker: hands, hands_won, chips). A game
 *  with statistics of its own gives their shape with its card (registry.ts `card`). */
export interface GameStats {
  games: number;
  won: number;
  lost: number;
  drawn: number;
  figures: Record<string, number>;
}

/** What keeps a profile if this device is lost. */
export interface Keeping {
  devices: number;
  passkeys: number;
  recovery: boolean;
}

export interface Profile {
  id: string;
  nickname: string;
  consent: boolean | null;
  created_at?: number;
  /** Each game's own statistics block by the engine's name (GameEntry.engine). */
  stats?: Record<string, unknown>;
  keeping?: Keeping;
  /** Own words in the chats of rooms that allow them. */
  free_chat?: boolean;
  /** A moderator's word to the person, until read (readNotice). */
  notice?: { kind: string; reason: string } | null;
  /** No online play before this time (Unix ms), by a moderator. */
  barred_until?: number | null;
}

export interface TransferCode {
  code: string;
  /** Unix ms of the server's clock; `now` is the server's clock when it answered. */
  expires_at: number;
  now: number;
  link: string;
  /** The link as a QR code (SVG text). */
  qr: string;
}

export interface Device {
  id: string;
  /** "Firefox, Android"; "" when the browser said nothing known. */
  name: string;
  created_at: number;
  last_seen: number;
  current: boolean;
}

export interface Passkey {
  id: string;
  name: string;
  created_at: number;
  last_used: number | null;
}

export interface CreatedProfile extends Profile {
  key: string;
}

export type Period = "today" | "week" | "month" | "all";
export type BoardMode = "all" | "easy" | "hard";

export interface Entry {
  rank: number;
  nickname: string;
  score: number;
  mode?: "easy" | "hard";
  seconds?: number | null;
  finished_at: number;
}

export interface Leaderboard {
  period: Period;
  mode: BoardMode;
  from: string | null;
  to: string | null;
  entries: Entry[];
}

export interface DailyResult {
  score: number;
  complete?: boolean;
  finished_at?: number;
  [field: string]: unknown;
}

export interface Daily {
  date: string;
  record: { score: number; nickname: string } | null;
  played: boolean;
  result: DailyResult | null;
  rank: number | null;
  entries: Entry[];
  streak: Streak | null;
}

interface Options {
  body?: unknown;
  key?: string | null;
}

/** One API call: the response when it is ok; else ApiError or ServerUnreachable. */
export async function send(method: string, path: string, { body, key }: Options = {}): Promise<Response> {
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
    });
  } catch {
    reportServer(false);
    throw new ServerUnreachable("no server");
  }
  if (response.ok) {
    reportServer(true);
    return response;
  }
  const error = await response.json().catch(() => null) as { code?: string; message?: string } | null;
  if (error && typeof error.code === "string") {
    reportServer(true);
    throw new ApiError(error.code, error.message ?? error.code);
  }
  // No JSON error from the API: a proxy or a service worker answered, not the server.
  reportServer(false);
  throw new ServerUnreachable(`HTTP ${response.status}`);
}

/** One API call's JSON answer. */
export async function json<T>(method: string, path: string, options?: Options): Promise<T> {
  const response = await send(method, path, options);
  const body = await response.json().catch(() => undefined);
  if (body === undefined) {
    reportServer(false);
    throw new ServerUnreachable("no JSON");
  }
  return body as T;
}

export function createProfile(nickname: string): Promise<CreatedProfile> {
  return json("POST", "/api/profiles", { body: { nickname } });
}

export function getMe(key: string): Promise<Profile> {
  return json("GET", "/api/profiles/me", { key });
}

export function patchMe(key: string, changes: { nickname?: string; consent?: boolean; free_chat?: boolean }): Promise<Profile> {
  return json("PATCH", "/api/profiles/me", { key, body: changes });
}

export async function deleteMe(key: string): Promise<void> {
  await send("DELETE", "/api/profiles/me", { key });
}

export async function resetStats(key: string): Promise<void> {
  await send("DELETE", "/api/profiles/me/stats", { key });
}

/** Everything the server stores about the profile, as the file it sends. */
export async function exportMe(key: string): Promise<Blob> {
  const response = await send("GET", "/api/profiles/me/export", { key });
  return response.blob();
}

export async function readNotice(key: string): Promise<void> {
  await send("DELETE", "/api/profiles/me/notice", { key });
}

export function makeTransfer(key: string): Promise<TransferCode> {
  return json("POST", "/api/profiles/me/transfer", { key });
}

export function makeRecovery(key: string): Promise<{ code: string }> {
  return json("POST", "/api/profiles/me/recovery", { key });
}

/** Sign this browser in with a transfer or recovery code: the profile and a key of its own. */
export function redeemCode(code: string): Promise<CreatedProfile> {
  return json("POST", "/api/profiles/transfer", { body: { code } });
}

export async function getDevices(key: string): Promise<Device[]> {
  return (await json<{ devices: Device[] }>("GET", "/api/profiles/me/devices", { key })).devices;
}

export async function signOutDevice(key: string, id: string): Promise<void> {
  await send("DELETE", `/api/profiles/me/devices/${encodeURIComponent(id)}`, { key });
}

export async function getPasskeys(key: string): Promise<Passkey[]> {
  return (await json<{ passkeys: Passkey[] }>("GET", "/api/profiles/me/passkeys", { key })).passkeys;
}

export async function deletePasskey(key: string, id: string): Promise<void> {
  await send("DELETE", `/api/profiles/me/passkeys/${encodeURIComponent(id)}`, { key });
}

/** WebAuthn options (JSON) for adding a passkey to the profile, then keeping what the
 *  browser made; and for signing in with any passkey of this site. */
export function passkeyOptions(key: string): Promise<unknown> {
  return json("POST", "/api/profiles/me/passkeys/options", { key });
}

export function addPasskey(key: string, credential: unknown): Promise<Passkey> {
  return json("POST", "/api/profiles/me/passkeys", { key, body: { credential } });
}

export function signInOptions(): Promise<unknown> {
  return json("POST", "/api/passkeys/options");
}

export function passkeySignIn(credential: unknown): Promise<CreatedProfile> {
  return json("POST", "/api/profiles/passkey", { body: { credential } });
}

export function getLeaderboard(period: Period, mode: BoardMode): Promise<Leaderboard> {
  return json("GET", `/api/leaderboard?period=${period}&mode=${mode}`);
}

/** One row of a game's rating board. */
export interface Standing {
  nickname: string;
  rating: number;
  games: number;
  provisional: boolean;
}

/** A game's rating board (its engine's name): the best settled ratings, best first. */
export async function getRatings(game: string): Promise<Standing[]> {
  return (await json<{ ratings: Standing[] }>("GET", `/api/ratings/${encodeURIComponent(game)}`)).ratings;
}

/** The board of `day` (YYYY-MM-DD; by default the server's today in Prague). */
export function getDaily(key: string | null, day?: string): Promise<Daily> {
  return json("GET", day ? `/api/daily?day=${encodeURIComponent(day)}` : "/api/daily", { key });
}

/** The codes meaning "this key opens no profile" (deleted elsewhere, another server). */
export const STALE_KEY = new Set(["bad_key", "missing_key", "unknown_profile", "profile_required", "not_found"]);

export { ApiError, ServerUnreachable };
