// Getting a replay: from the engine worker (a local table), from the server with a seat's
// key, or from the server with a share link's token (docs/api.md, "Replays").
import { localReplay } from "../worker/client";
import { ReplayError, type ReplayData, type ReplaySource } from "./types";

async function fetchReplay(url: string, headers: Record<string, string> = {}): Promise<ReplayData> {
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch {
    throw new ReplayError("network", "no server");
  }
  const body = await response.json().catch(() => null);
  if (response.ok && body?.t === "replay") return body as ReplayData;
  // (a service worker answering for a missing server gives no JSON API: offline)
  if (body?.code) throw new ReplayError(body.code, body.message);
  throw new ReplayError("network", `HTTP ${response.status}`);
}

/** The replay of a finished table from its source; rejects with a ReplayError. */
export function loadReplay(source: ReplaySource): Promise<ReplayData> {
  if (source.kind === "local") return localReplay(source.tableId, source.seat);
  return fetchReplay(`/api/tables/${encodeURIComponent(source.tableId)}/replay`, {
    authorization: `Bearer ${source.key}`,
  });
}

/** The replay a share link's token opens. */
export function sharedReplay(token: string): Promise<ReplayData> {
  return fetchReplay(`/api/replays/${encodeURIComponent(token)}`);
}

/** The share link of a replay's token, on this site. */
export function shareLink(token: string): string {
  return `${location.origin}${location.pathname}#/zaznam/${encodeURIComponent(token)}`;
}
