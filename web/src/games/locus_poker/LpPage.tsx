// The page #/locus-poker through the play kit (kit/PlayPage.tsx): against the computer or
// two people on one device, each mode saved apart. Nothing in this game is hidden from
// either player, so on one device the screen passes from one person to the other at once.
// Against the computer the opponent's move shows after a short pause (session.ts), and a
// win over an opponent is noted in the browser's record.
import { useEffect, useState } from "preact/hooks";
import { BOTS } from "virtual:game-data/locus_poker";
import { t } from "../../i18n";
import type { PlayControls, PlayGame, Running } from "../../kit/game";
import { PlayPage } from "../../kit/PlayPage";
import { robotsOf } from "../../kit/request";
import { hashParams } from "../../router";
import { LpSession } from "./session";
import { Setup } from "./Setup";
import { noteBeaten, setupStore, slot, type LpSetup, type Mode } from "./storage";
import { Table } from "./Table";
import { errorText, localNames, opponentLevel, opponentName } from "./words";

/** How long the player's own move stays on screen before the computer's shows (ms);
 *  `?pace=0` in the hash turns the pause off (the browser tests). */
const PACE = 900;

function pace(mode: string): number {
  if (mode !== "computer") return 0;
  const asked = hashParams().get("pace");
  return asked !== null && /^\d{1,5}$/.test(asked) ? Number(asked) : PACE;
}

interface Seats {
  /** The computer player (against the computer), else null. */
  bot: string | null;
  grid: string;
}

function LpTable({ running, controls }: { running: Running<Seats, LpSession>; controls: PlayControls }) {
  const { session, seats } = running;
  const [firstWin, setFirstWin] = useState<string | null>(null);
  // a win over the computer goes into this browser's record (once per opponent)
  useEffect(
    () =>
      session.subscribe(() => {
        const view = session.view;
        if (seats.bot && view?.over && view.result?.winner === view.seat && noteBeaten(seats.bot)) setFirstWin(seats.bot);
      }),
    [session],
  );
  const level = seats.bot === null ? -1 : opponentLevel(seats.bot);
  return (
    <Table
      session={session}
      names={localNames(seats.bot)}
      frame={{
        faces: seats.bot === null ? undefined : [null, level],
        side: session.view?.over !== true && (
          <section class="lp-menu" aria-label={t("lp.game.menu")}>
            <button type="button" class="chip" onClick={controls.menu}>{t("lp.game.menu")}</button>
          </section>
        ),
        endNote: firstWin && <p class="lp-first-win">{t("lp.end.beaten", { name: opponentName(firstWin) })}</p>,
        end: controls.end,
      }}
    />
  );
}

const LOCUS_POKER: PlayGame<LpSetup, Seats, LpSession> = {
  id: "locus-poker",
  words: { failed: "lp.start.failed", again: "lp.end.again", setup: "lp.end.setup" },
  setup: setupStore,
  modeOf: (setup) => setup.mode,
  withMode: (setup, mode) => ({ ...setup, mode: mode as Mode }),
  slot: (mode) => slot(mode as Mode),
  // against the computer it sits in seat 1
  request(setup, round, series) {
    const asked = { game: "locus-poker", seats: 2, grid: setup.grid, round, series };
    return setup.mode === "computer" ? { ...asked, robots: { "1": BOTS[setup.level] } } : asked;
  },
  seatsOf(request, mode) {
    const bot = robotsOf(request)["1"] ?? null;
    if ((bot !== null && !BOTS.includes(bot)) || (bot === null) !== (mode === "local")) return null;
    return { bot, grid: typeof request.grid === "string" ? request.grid : "" };
  },
  hotSeat: (seats) => seats.bot === null,
  table: { passAtOnce: true },
  rounds: true,
  session: (conn, _seats, mode) => new LpSession(conn, pace(mode)),
  over: (session) => session.view?.over === true,
  again: ({ mode, seats, session }) => ({
    mode: mode as Mode,
    grid: session.view?.grid ?? seats.grid,
    level: Math.max(0, seats.bot === null ? 0 : opponentLevel(seats.bot)),
  }),
  errorText,
  Setup: (props) => <Setup {...props} />,
  Table: LpTable,
};

export function LpPage() {
  return <PlayPage game={LOCUS_POKER} />;
}

