// A table on the server: POST /api/tables to create, one WebSocket to play (net/socket.ts:
// it reconnects on its own, says hello with the last version it saw, and resends
// unacknowledged actions).
import { ReconnectingSocket, type Incoming } from "./socket";
import { Listeners, type Action, type ServerMessage, type TableConnection, type TableRequest, type TableTicket } from "./protocol";
import { profileKey } from "../profile/store";
import type { ReplaySource } from "../replay/types";

export class ServerUnreachable extends Error {}

export class ApiError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

/** A new server table; `recorded` says whether the server records it for a profile. */
export interface CreatedTicket extends TableTicket {
  recorded: boolean;
  /** Daily only: the Prague day whose deck is dealt. */
  day?: string;
}

/** Create a table on the server; throws ServerUnreachable when there is no server to ask.
 *  With storage on, the selected profile's key goes along, so the game is recorded. */
export async function createRemoteTable(request: TableRequest, key = profileKey()): Promise<CreatedTicket> {
  try {
    return await postTable(request, key);
  } catch (error) {
    // A key the server no longer knows must not stop a free game: it is just not recorded.
    const solo = request.kind === undefined || request.kind === "solo";
    if (solo && key && error instanceof ApiError && error.code === "bad_key") return postTable(request, null);
    throw error;
  }
}

async function postTable(request: TableRequest, key: string | null): Promise<CreatedTicket> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key) headers.authorization = `Bearer ${key}`;
  let response: Response;
  try {
    response = await fetch("/api/tables", {
      method: "POST",
      headers,
      body: JSON.stringify(request),
    });
  } catch {
    throw new ServerUnreachable("no server");
  }
  // A service worker answering for a missing server gives no JSON API: treat it as offline.
  const body = await response.json().catch(() => null);
  if (response.ok && body?.table) {
    const ticket: CreatedTicket = { kind: "remote", table: body.table, key: body.key, recorded: body.recorded === true };
    if (typeof body.day === "string") ticket.day = body.day;
    return ticket;
  }
  if (body?.code) throw new ApiError(body.code, body.message);
  throw new ServerUnreachable(`HTTP ${response.status}`);
}

/** A socket to an unknown table is closed with this code (docs/decisions/0026-error-shapes.md):
 *  nothing to retry. */
const CLOSE_UNKNOWN = 4404;

export class RemoteTable implements TableConnection {
  readonly kind = "remote";
  private listeners = new Listeners();
  private line: ReconnectingSocket;

  constructor(readonly ticket: TableTicket, lastSeq = 0) {
    const owner = { receive: (message: Incoming) => this.receive(message), lost: (code: number | null) => code !== CLOSE_UNKNOWN };
    this.line = new ReconnectingSocket(`/ws/tables/${this.ticket.table}`, this.ticket.key, owner, lastSeq, {
      pauses: { first: 300, last: 5000 },
    });
    this.line.open();
  }

  act(action: Action): number {
    return this.line.act(action);
  }

  listen(listener: (message: ServerMessage) => void): () => void {
    return this.listeners.add(listener);
  }

  close(): void {
    this.line.close();
  }

  get lastSeq(): number {
    return this.line.lastSeq;
  }

  replaySource(): ReplaySource {
    return { kind: "remote", tableId: this.ticket.table, key: this.ticket.key };
  }

  private receive(message: Incoming): void {
    this.line.healthy();
    this.listeners.emit(message as unknown as ServerMessage);
  }
}
