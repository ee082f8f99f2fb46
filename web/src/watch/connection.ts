// One who watches a room's table (#/sledovat/<table>): the app's reconnecting socket without a
// key (its first frame {"t": "watch", since}), and what it heard (watch/watch.ts). It holds no
// seat and sends only the socket's pings. A lost line is tried again; a table that may not be
// watched (4403), that the server does not know (4404) or whose game ended is not.
import { ReconnectingSocket, type Incoming } from "../net/socket";
import { heard, lost, settled, UNWATCHED, type Watched } from "./watch";

export class WatchConnection {
  state: Watched = UNWATCHED;
  private line: ReconnectingSocket;
  private listeners = new Set<() => void>();

  constructor(readonly table: string) {
    const owner = {
      receive: (message: Incoming) => this.receive(message),
      lost: (code: number | null) => {
        this.update(lost(this.state, code));
        return !settled(this.state.link);
      },
    };
    this.line = new ReconnectingSocket(`/ws/tables/${encodeURIComponent(table)}`, null, owner);
    this.line.open();
  }

  /** Re-run `listener` after any change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Ask again after a refusal (the host may have let people watch again since). */
  retry(): void {
    this.update({ ...this.state, link: this.state.view && !this.state.view.over ? "reconnecting" : "connecting" });
    this.line.open();
  }

  close(): void {
    this.line.close();
    this.listeners.clear();
  }

  private receive(message: Incoming): void {
    const next = heard(this.state, message);
    if (next === this.state) return;
    if (next.link === "live") this.line.healthy();
    this.update(next);
    // Nothing more will come: the end is shown, a refusal said (the server closes a refused
    // watch frame's socket only when the host stopped watching).
    if (settled(next.link)) this.line.stop(1000);
  }

  private update(next: Watched): void {
    if (next === this.state) return;
    this.state = next;
    this.listeners.forEach((listener) => listener());
  }
}
