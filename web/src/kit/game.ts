// What a game declares to be played through the kit's page (PlayPage.tsx): its set-up and
// where it is kept, its modes and their saved games, how a create request is made and read
// back, how a table opens, its session, its words, and its set-up form and table on
// screen. Everything else (resume, saved games per mode, fatal errors, opening and closing
// tables, the menu, the end's "again" and "to set-up") is the kit's, the same for every game.
import type { ComponentChildren, JSX } from "preact";
import type { TableConnection, TableRequest } from "../net/protocol";
import type { Stored, TableSlot } from "./saved";
import type { PlaySession } from "./session";

/** A running game: its session, the mode it is saved under, who sits where (the game's own
 *  reading of its request), and its place in a series of games played again. */
export interface Running<Seats, Session> {
  /** A new one for every table opened (the table's screen starts afresh). */
  id: number;
  session: Session;
  mode: string;
  seats: Seats;
  /** Game `round` of a series kept since its first game (`series`: who began it). */
  round: number;
  series: number;
}

/** What the kit gives a game's table screen. */
export interface PlayControls {
  /** Back to the set-up; the game stays saved (Start goes on with it). */
  menu(): void;
  /** The next game, from the set-up `again` makes (the end's "Hrát znovu"). */
  again(): void;
  /** Forget the game and go back to the set-up. */
  toSetup(): void;
  /** The end's two buttons, "Hrát znovu" and "Zpět k nastavení", in the game's words. */
  end: ComponentChildren;
  /** The game was changed in its saved slot (another computer player): play on from it. */
  reopen(): void;
}

/** What the kit gives a game's set-up form. */
export interface SetupProps<S> {
  initial: S;
  busy: boolean;
  /** Why the last start (or resume) failed, already in words. */
  failure: string | null;
  /** Take the focus (back from a game). */
  focusStart: boolean;
  /** Whether a game of `mode` is saved (Start goes on with it). */
  saved: (mode: string) => boolean;
  /** Start: go on with the saved game of the set-up's mode, or (`fresh`) a new one. */
  onStart: (setup: S, fresh?: boolean) => void;
}

export interface PlayGame<S, Seats, Session extends PlaySession<unknown>> {
  /** The engine's name (a create request's `game`). */
  id: string;
  /** Keys of the game's words: a start that failed ({message}), the end's two buttons. */
  words: { failed: string; again: string; setup: string };
  /** The set-up kept in this browser. */
  setup: Stored<S>;
  /** The mode a set-up plays (each mode's game is saved apart); absent for a game of one
   *  mode, "local". */
  modeOf?(setup: S): string;
  /** The set-up with `mode` chosen (back from a game to the menu: Start goes on with it);
   *  absent for a game of one mode. */
  withMode?(setup: S, mode: string): S;
  /** Where the game of `mode` is saved. */
  slot(mode: string): TableSlot;
  /** The create request of game `round` of a series (`series`: kept since its first game). */
  request(setup: S, round: number, series: number): TableRequest;
  /** Who sits where, read from a create request (a new game's or a saved one's); null when
   *  it is not a game of `mode` this browser can play (a saved one is then forgotten). */
  seatsOf(request: TableRequest, mode: string): Seats | null;
  /** Whether the table is one device's several people (a hot seat) or one person's. */
  hotSeat(seats: Seats): boolean;
  /** How the local table opens: on one device the first screen is a hand-over too
   *  (`handFirst`); a resumed table's first view brings the game's events so far
   *  (`history`); nothing is hidden, so the screen passes on at once (`passAtOnce`). */
  table?: { handFirst?: boolean; history?: boolean; passAtOnce?: boolean };
  /** Games played again make a series: the round counts up, the series stays. */
  rounds?: boolean;
  session(conn: TableConnection, seats: Seats, mode: string): Session;
  /** Whether the game shown is over (the menu button goes). */
  over(session: Session): boolean;
  /** The set-up of the next game after `running` (the end's "Hrát znovu"). */
  again(running: Running<Seats, Session>): S;
  /** A new table opened from `setup`: what the seats keep of it (the names typed in). */
  opened?(setup: S, seats: Seats): Seats;
  /** The engine's refusal in words. */
  errorText(code: string, message: string): string;
  Setup(props: SetupProps<S>): JSX.Element;
  Table(props: { running: Running<Seats, Session>; controls: PlayControls }): JSX.Element;
}
