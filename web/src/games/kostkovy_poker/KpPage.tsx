// The page #/kostkovy-poker through the play kit (kit/PlayPage.tsx): one person against
// computer players, or several people on one device with them (a hot seat: the board is
// wrapped in <HandOver>, which hides it between two people's turns). The game is kept in
// this tab, so a reload goes on with it; its log is rebuilt from the game's events so far.
import { HandOver } from "../../components/HandOver";
import type { PlayControls, PlayGame, Running } from "../../kit/game";
import { PlayPage } from "../../kit/PlayPage";
import { knownRobots, robotsOf } from "../../kit/request";
import type { TableRequest } from "../../net/protocol";
import { KpSession } from "./session";
import { Setup } from "./Setup";
import { BOT_NAMES, loadSetup, localGame, setupStore } from "./storage";
import { Table } from "./Table";
import type { BotName, KpSetup } from "./types";
import { errorText, localNames, nameOf } from "./words";

/** The people (seats 0..people-1) and the computer players after them. */
interface Seats {
  people: number;
  bots: BotName[];
}

function KpTable({ running, controls }: { running: Running<Seats, KpSession>; controls: PlayControls }) {
  const { session, seats } = running;
  const names = localNames(seats.people, seats.bots);
  return (
    <HandOver connection={session.conn} name={(seat) => nameOf(names, seat)}>
      <Table session={session} names={names} onAgain={controls.again} onSetup={controls.toSetup} />
    </HandOver>
  );
}

const KOSTKOVY_POKER: PlayGame<KpSetup, Seats, KpSession> = {
  id: "kostkovy-poker",
  words: { failed: "kp.start.failed", again: "kp.end.again", setup: "kp.end.setup" },
  setup: setupStore,
  slot: () => localGame,
  // the people's seats first, then the computer players
  request(setup): TableRequest {
    const robots: Record<string, string> = {};
    setup.bots.forEach((bot, i) => (robots[String(setup.people + i)] = bot));
    return { game: "kostkovy-poker", seats: setup.people + setup.bots.length, chips: setup.chips, seconds: null, robots };
  },
  seatsOf(request) {
    const seats = typeof request.seats === "number" ? request.seats : 0;
    const robots = robotsOf(request);
    const people = seats - Object.keys(robots).length;
    const bots = Array.from({ length: seats - people }, (_, i) => robots[String(people + i)] as BotName);
    return people >= 1 && knownRobots(request, BOT_NAMES) && bots.every((bot) => bot !== undefined) ? { people, bots } : null;
  },
  hotSeat: (seats) => seats.people > 1,
  // the hello asks for the events so far: the log is rebuilt from them
  table: { history: true },
  session: (conn) => new KpSession(conn),
  over: (session) => session.view?.game_over === true,
  again: () => loadSetup(),
  errorText,
  Setup: (props) => <Setup {...props} />,
  Table: KpTable,
};

export function KpPage() {
  return <PlayPage game={KOSTKOVY_POKER} />;
}
