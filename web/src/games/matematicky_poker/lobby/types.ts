// Matematický poker's lobby shapes (docs/api.md, "Lobbies: Duel and group games"): its
// duel's and group's settings and lobby; its multi-seat views
// (docs/decisions/0091-mp-multiseat-views.md, "Multi-seat views") are the engine's, generated from
// klubovna/games/matematicky_poker/wire.py.
import type { Lobby } from "../../../lobby/types";
import type { Mode, ScoringTable } from "../types";
import type { MultiView, SeatPublic } from "../wire.gen";

export type LobbyKind = "duel" | "group";
export interface LobbySettings {
  mode: Mode;
  seconds: number | null;
  table: ScoringTable;
}

/** A Matematický poker duel's or group's lobby. */
export interface LobbyState extends Lobby<LobbyKind, LobbySettings> {
  dealer_plays: boolean;
  duel_recorded: boolean;
}

export type {
  DealerView,
  FinalBoard,
  MultiResult,
  MultiView,
  Opponent,
  PlayingView,
  RankRow,
  SeatPublic,
} from "../wire.gen";

/** Drawn cards a seat still has to handle (the one in hand plus its queue): `drawn` minus
 *  what it handled, 0 once finished. The server sends `handled`, not the queue, so that a
 *  draw changes no seat's entry (docs/decisions/0091-mp-multiseat-views.md). */
export function queueOf(view: Pick<MultiView, "drawn">, entry: SeatPublic | undefined): number {
  return entry === undefined || entry.finished ? 0 : view.drawn - entry.handled;
}
