// The table protocol of platform.md ("Messages"), the same over the socket and the worker,
// and the listener bookkeeping both transports share.
// Shapes and plumbing only; the rules stay in Python.
import type { ReplaySource } from "../replay/types";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Action = { type: string; [field: string]: Json };

export type ClientMessage =
  | { t: "hello"; key: string; since?: number }
  | { t: "act"; seq: number; action: Action }
  | { t: "ping"; seq?: number };

export interface ViewMessage<V = Json> {
  t: "view";
  version: number;
  /** The version the events start after (the version itself when there are none). */
  after?: number;
  now: number; // the table's clock (Unix ms): the server's, or the worker's when local
  view: V;
  events: Array<{ type: string; [field: string]: Json }>;
  ack?: number;
  /** A public update (lobbies): `view` holds only the fields every seat sees alike; the
   *  seat's own fields are those of the view before. The lobby connection merges it, so
   *  listeners always get whole views. */
  public?: true;
}

export interface ErrorMessage {
  t: "error";
  seq: number | null;
  code: string;
  message: string;
}

export type ServerMessage = ViewMessage | ErrorMessage | { t: "pong"; now: number };

/** One open table, whoever runs it: the server (remote) or the engine worker (local). */
export interface TableConnection {
  readonly kind: "remote" | "local";
  /** Send an action; returns its sequence number. Unacknowledged actions are resent
   *  with the same number after a reconnect, so nothing is applied twice. */
  act(action: Action): number;
  /** Subscribe to every message from the table; returns the unsubscribe function. */
  listen(listener: (message: ServerMessage) => void): () => void;
  close(): void;
  /** Where this seat's replay comes from once the game is over (replay/ReplayButton.tsx);
   *  null or absent: none (a room before its table exists). */
  replaySource?(): ReplaySource | null;
}

/** How a new table is asked for: the same body as POST /api/tables. */
export interface TableRequest {
  game: string;
  [field: string]: Json;
}

/** What a client keeps to reopen a table: id, seat key and where it runs. */
export interface TableTicket {
  kind: "remote" | "local";
  table: string;
  key: string;
}

/** The subscribers of one table connection (both transports keep the same bookkeeping). */
export class Listeners {
  private listeners = new Set<(message: ServerMessage) => void>();

  add(listener: (message: ServerMessage) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  emit(message: ServerMessage): void {
    this.listeners.forEach((listener) => listener(message));
  }
}
