// A table run by the engine worker in this browser (offline play): the same Python table
// the server runs, the same messages, nothing recorded anywhere.
import type { Action, ServerMessage, TableConnection, TableRequest } from "./protocol";
import { ApiError } from "./remote";
import {
  closeLocalTable,
  createLocalTable,
  exposeForTests,
  onLocalTable,
  sendToLocalTable,
} from "../worker/client";

function randomHex(bytes: number): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buffer, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A random seed below 2**53, so it is exact as a JavaScript number. */
function randomSeed(): number {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high & 0x1fffff) * 2 ** 32 + low;
}

/** The seed asked for (`?seed=N` in the hash, for tests and shared deals), else a random one. */
function seedOf(request: TableRequest): number {
  const asked = request.seed;
  if (asked === undefined || asked === null) return randomSeed();
  const seed = typeof asked === "string" ? Number(asked) : asked;
  if (typeof seed !== "number" || !Number.isSafeInteger(seed) || seed < 0) {
    throw new ApiError("bad_config", "The seed must be a whole number from 0 to 2^53 − 1.");
  }
  return seed;
}

export class LocalTable implements TableConnection {
  readonly kind = "local";
  private listeners = new Set<(message: ServerMessage) => void>();
  private seq = 0;
  private closed = false;
  private unsubscribe: () => void;

  constructor(readonly table: string, key: string) {
    this.unsubscribe = onLocalTable(table, (messages) => this.deliver(messages));
    this.send({ t: "hello", key });
  }

  act(action: Action): number {
    const seq = ++this.seq;
    this.send({ t: "act", seq, action });
    return seq;
  }

  listen(listener: (message: ServerMessage) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    closeLocalTable(this.table);
  }

  private send(message: Parameters<typeof sendToLocalTable>[1]): void {
    sendToLocalTable(this.table, message).then(
      (messages) => this.deliver(messages),
      (error: Error) => {
        const seq = message.t === "act" ? message.seq : null;
        this.deliver([{ t: "error", seq, code: "engine_failed", message: error.message }]);
      },
    );
  }

  private deliver(messages: ServerMessage[]): void {
    if (this.closed) return;
    for (const message of messages) this.listeners.forEach((listener) => listener(message));
  }
}

/** A new table in the engine worker for `request` (the body POST /api/tables takes). */
export async function openLocalTable(request: TableRequest): Promise<TableConnection> {
  const { seed: _asked, ...config } = request;
  const seed = seedOf(request);
  const table = `local-${randomHex(8)}`;
  const key = randomHex(32);
  const reply = await createLocalTable(table, JSON.stringify(config), seed, key);
  if (reply.t === "error") throw new ApiError(reply.code, reply.message);
  return new LocalTable(table, key);
}

exposeForTests({ openLocalTable });
