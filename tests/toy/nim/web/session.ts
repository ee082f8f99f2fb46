// One Nim game on screen, local or online: the newest view, and the two moves. Shapes only:
// the rules are the engine's (tests/toy/nim/game.py).
import type { ViewMessage } from "@web/net/protocol";
import { TableSession } from "@web/net/session";

export interface NimView {
  seat: number;
  over: boolean;
  turn: number[];
  started: boolean;
  heaps: number[];
  left: boolean[];
  took: number[];
  winner: number | null;
}

export class NimSession extends TableSession<NimView> {
  /** Whether the seat on screen may take stones now. */
  get mayTake(): boolean {
    const view = this.view;
    return view !== null && view.started && !view.over && view.turn.includes(view.seat) && !this.awaitingAnswer;
  }

  start(): void {
    this.send({ type: "start" }, true);
  }

  take(heap: number, count: number): void {
    if (this.mayTake) this.send({ type: "take", heap, count }, true);
  }

  protected onView(message: ViewMessage): void {
    this.view = message.view as unknown as NimView;
    this.changed();
  }
}
