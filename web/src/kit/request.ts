// Reading a saved local game's create request (the engine's snapshot keeps it): who sat
// where, which round of a series, which computer players. Pure functions, no storage.
import type { Json, TableRequest } from "../net/protocol";

/** The create request inside a table's snapshot (JSON text); null when it has none. */
export function requestOf(snapshot: string): TableRequest | null {
  try {
    const data = JSON.parse(snapshot) as { request?: unknown };
    const request = data?.request;
    if (request === null || typeof request !== "object" || Array.isArray(request)) return null;
    return typeof (request as { game?: unknown }).game === "string" ? (request as TableRequest) : null;
  } catch {
    return null;
  }
}

/** The computer players of a request, by seat ({} when none). */
export function robotsOf(request: TableRequest): Record<string, string> {
  const robots = request.robots;
  if (robots === null || typeof robots !== "object" || Array.isArray(robots)) return {};
  const named: Record<string, string> = {};
  for (const [seat, bot] of Object.entries(robots as Record<string, Json>)) if (typeof bot === "string") named[seat] = bot;
  return named;
}

/** Whether every computer player of `request` is one this browser knows. */
export function knownRobots(request: TableRequest, bots: readonly string[]): boolean {
  return Object.values(robotsOf(request)).every((bot) => bots.includes(bot));
}

/** A whole number field of the request, else `fallback`. */
export function numberOf(request: TableRequest, field: string, fallback: number): number {
  const value = request[field];
  return typeof value === "number" && Number.isSafeInteger(value) ? value : fallback;
}

/** The seed of game `round` of a series asked for with `?seed=N` (each game its own deal). */
export function roundSeed(seed: number, round: number): number {
  return seed + round - 1;
}
