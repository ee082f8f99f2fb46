// Test helper: a WebSocket the test drives (open, messages, drops), with the browser globals
// net/socket.ts uses: location, the window's and the document's events.
import { vi } from "vitest";

export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket made since `fakeBrowser`, oldest first. */
  static made: FakeSocket[] = [];

  readyState = FakeSocket.CONNECTING;
  /** The frames sent, parsed. */
  sent: Array<Record<string, unknown>> = [];
  /** The code the app closed it with (undefined: not closed by the app). */
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  send(text: string): void {
    if (this.readyState !== FakeSocket.OPEN) throw new Error("send on a socket that is not open");
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }

  close(code?: number): void {
    this.closedWith = code ?? 1005;
    this.readyState = FakeSocket.CLOSED;
  }

  /** The server accepts the connection. */
  accept(): this {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
    return this;
  }

  /** The server sends `message` (text as it is, anything else as JSON). */
  receive(message: unknown): void {
    this.onmessage?.({ data: typeof message === "string" ? message : JSON.stringify(message) });
  }

  /** The connection ends with `code` (its close event comes). */
  drop(code = 1006): void {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }

  /** The frames of type `t` sent so far. */
  frames(t: string): Array<Record<string, unknown>> {
    return this.sent.filter((frame) => frame.t === t);
  }
}

/** Stub the browser for the socket: https on `host`, the window's and document's events
 *  (returned, to fire "online" and "visibilitychange"). */
export function fakeBrowser(host = "klubovna.test"): { window: EventTarget; document: EventTarget } {
  FakeSocket.made = [];
  const window = new EventTarget();
  const document = new EventTarget();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("location", { protocol: "https:", host, origin: `https://${host}` });
  vi.stubGlobal("addEventListener", window.addEventListener.bind(window));
  vi.stubGlobal("removeEventListener", window.removeEventListener.bind(window));
  vi.stubGlobal("document", document);
  return { window, document };
}

/** The newest socket. */
export function lastSocket(): FakeSocket {
  const socket = FakeSocket.made.at(-1);
  if (!socket) throw new Error("no socket was made");
  return socket;
}
