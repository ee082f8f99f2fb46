// The page #/mathesso through the play kit (kit/PlayPage.tsx): 1–6 players on this device,
// people and computer players, saved in this browser so a reload goes on with it. Nothing
// on a Mathesso table is one player's secret, so with several people the screen passes from
// one to the next at once (no hand-over screen): the big name says whose turn.
import { BOTS } from "virtual:game-data/mathesso";
import { t } from "../../i18n";
import type { PlayControls, PlayGame, Running } from "../../kit/game";
import { PlayPage } from "../../kit/PlayPage";
import { knownRobots, robotsOf } from "../../kit/request";
import type { TableRequest } from "../../net/protocol";
import { MaSession } from "./session";
import { Setup } from "./Setup";
import { loadNames, loadSetup, localGame, saveNames, setupStore, type MaSetup } from "./storage";
import { Table } from "./Table";
import { errorText, namesOf } from "./words";

interface Seats {
  names: string[];
  /** The computer players' seats. */
  computers: Set<number>;
}

function MaTable({ running, controls }: { running: Running<Seats, MaSession>; controls: PlayControls }) {
  const { session, seats } = running;
  return (
    <Table
      session={session}
      names={seats.names}
      here={(seat) => !seats.computers.has(seat)}
      frame={{
        side: session.view?.over !== true && <button type="button" class="chip ma-menu" onClick={controls.menu}>{t("ma.menu")}</button>,
        end: controls.end,
      }}
    />
  );
}

const MATHESSO: PlayGame<MaSetup, Seats, MaSession> = {
  id: "mathesso",
  words: { failed: "ma.start.failed", again: "ma.end.again", setup: "ma.end.setup" },
  setup: setupStore,
  slot: () => localGame,
  // the setup's rows are the seats, computer players named in `robots`
  request(setup) {
    const robots: Record<string, string> = {};
    setup.players.forEach((player, seat) => {
      if (player.level !== null) robots[String(seat)] = BOTS[player.level];
    });
    const asked: TableRequest = { game: "mathesso", seats: setup.players.length, variant: setup.variant, robots };
    // (an add-on is named only when it is on: a variant without it refuses the setting)
    if (setup.cjv) asked.cjv = true;
    if (setup.faktorial) asked.faktorial = true;
    return asked;
  },
  seatsOf(request) {
    const seats = typeof request.seats === "number" ? request.seats : 0;
    if (seats < 1 || !knownRobots(request, BOTS)) return null;
    const stored = loadNames();
    const names = stored?.length === seats ? stored : Array.from({ length: seats }, (_, i) => t("ma.player", { n: i + 1 }));
    return { names, computers: new Set(Object.keys(robotsOf(request)).map(Number)) };
  },
  hotSeat: () => true,
  table: { passAtOnce: true },
  session: (conn, seats) => new MaSession(conn, (seat) => seats.computers.has(seat)),
  over: (session) => session.view?.over === true,
  again: () => loadSetup(),
  opened(setup, seats) {
    const names = namesOf(setup.players);
    saveNames(names);
    return { ...seats, names };
  },
  errorText,
  Setup: (props) => <Setup {...props} saved={props.saved("local")} />,
  Table: MaTable,
};

export function MaPage() {
  return <PlayPage game={MATHESSO} />;
}
