// A table on the server: POST /api/tables to create, one WebSocket to play. Reconnects on its
// own, says hello with the last version it saw, and resends unacknowledged actions.
import { Listeners, type Action, type ServerMessage, type TableConnection, type TableRequest, type TableTicket } from "./protocol";
import { profileKey } from "../profile/store";

export class ServerUnreachable extends Error {}

export class ApiError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

/** A new server table; `recorded` says whether the server records it for a profile. */
export interface CreatedTicket extends TableTicket {
  recorded: boolean;
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
    return { kind: "remote", table: body.table, key: body.key, recorded: body.recorded === true };
  }
  if (body?.code) throw new ApiError(body.code, body.message);
  throw new ServerUnreachable(`HTTP ${response.status}`);
}

export class RemoteTable implements TableConnection {
  readonly kind = "remote";
  private socket: WebSocket | null = null;
  private listeners = new Listeners();
  private pending = new Map<number, Action>(); // sent, not yet acknowledged
  private seq: number;
  private version: number | null = null;
  private closed = false;
  private retry = 0;

  constructor(readonly ticket: TableTicket, lastSeq = 0) {
    this.seq = lastSeq;
    this.connect();
  }

  act(action: Action): number {
    const seq = ++this.seq;
    this.pending.set(seq, action);
    this.send({ t: "act", seq, action });
    return seq;
  }

  listen(listener: (message: ServerMessage) => void): () => void {
    return this.listeners.add(listener);
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }

  get lastSeq(): number {
    return this.seq;
  }

  private connect(): void {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.ticket.table}`);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      socket.send(JSON.stringify({ t: "hello", key: this.ticket.key, ...(this.version === null ? {} : { since: this.version }) }));
      for (const [seq, action] of this.pending) socket.send(JSON.stringify({ t: "act", seq, action }));
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as ServerMessage;
      if (message.t === "view") {
        this.version = message.version;
        if (message.ack !== undefined) for (const seq of this.pending.keys()) if (seq <= message.ack) this.pending.delete(seq);
      } else if (message.t === "error" && message.seq !== null) {
        this.pending.delete(message.seq);
      }
      this.listeners.emit(message);
    };
    socket.onclose = () => {
      if (this.closed) return;
      const delay = Math.min(5000, 300 * 2 ** this.retry++);
      setTimeout(() => this.connect(), delay);
    };
  }

  private send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}
