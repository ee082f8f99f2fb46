// The session base of a game played through the kit: the shared TableSession (the view,
// the refusals, a fatal error, the answer awaited) and the start of a new game. A game's
// session adds only what is its own: its moves, and the pace at which its views show.
import { TableSession } from "../net/session";

export type { Failure } from "../net/session";

export abstract class PlaySession<V> extends TableSession<V> {
  /** Begin a new game (a resumed one has begun already); the first play waits for it. */
  start(): void {
    this.send({ type: "start" }, true);
  }
}
