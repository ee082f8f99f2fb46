// The page #/zoliky-s-kameny through the play kit (kit/PlayPage.tsx): against the computer
// or 2–4 people on one device, each mode saved apart, unconfirmed edits included. On one
// device the board is wrapped in <HandOver>, which hides the rack between two people's
// turns (and before the first one's, so the first player is handed the device too).
// Against the computer its level may change during the game: the saved table gets the other
// computer player in its seat and the game goes on from it, so the position stays.
import { useState } from "preact/hooks";
import { BOTS } from "virtual:game-data/zoliky_s_kameny";
import { Dialog } from "../../components/Dialog";
import { HandOver } from "../../components/HandOver";
import { t } from "../../i18n";
import type { PlayControls, PlayGame, Running } from "../../kit/game";
import { PlayPage } from "../../kit/PlayPage";
import { robotsOf } from "../../kit/request";
import type { LocalTable } from "../../net/local";
import type { TableRequest } from "../../net/protocol";
import { exportLocalTable } from "../../worker/client";
import { LevelPills } from "./Levels";
import { ZkSession } from "./session";
import { Setup } from "./Setup";
import { loadSetup, saveSetup, setupStore, slot, turnStore, type Mode, type ZkSetup } from "./storage";
import { Table } from "./Table";
import { errorText, levelName, localNames } from "./words";

interface Seats {
  /** People at the device (1 against the computer). */
  people: number;
  /** The computer player (against the computer), else null. */
  bot: string | null;
}

function ZkTable({ running, controls }: { running: Running<Seats, ZkSession>; controls: PlayControls }) {
  const { session, seats, mode } = running;
  const [choosing, setChoosing] = useState<number | null>(null);
  const names = localNames(seats.people, seats.bot);
  const level = seats.bot === null ? -1 : BOTS.indexOf(seats.bot);
  const over = session.view?.over === true;

  /** The same position with the computer at `level`: its snapshot with the other player. */
  const changeLevel = async (chosen: number) => {
    setChoosing(null);
    if (seats.bot === null || BOTS[chosen] === seats.bot) return;
    const table = slot("computer");
    const key = table.load()?.key;
    if (!key) return;
    const snapshot = JSON.parse(await exportLocalTable((session.conn as LocalTable).table)) as { request: { robots: Record<string, string> } };
    snapshot.request.robots = { "1": BOTS[chosen] };
    table.save({ key, snapshot: JSON.stringify(snapshot) });
    saveSetup({ ...loadSetup(), mode: "computer", level: chosen });
    controls.reopen();
  };

  const side = (
    <section class="zk-level-side" aria-label={t("zk.game.menu")}>
      {seats.bot !== null && !over && (
        <p>
          {t("zk.level")}: <strong>{levelName(seats.bot)}</strong>{" "}
          <button type="button" class="chip" onClick={() => setChoosing(level)}>{t("zk.level.change")}</button>
        </p>
      )}
      {!over && <button type="button" class="chip" onClick={controls.menu}>{t("zk.game.menu")}</button>}
    </section>
  );
  return (
    <>
      <HandOver connection={session.conn} name={(seat) => names[seat]}>
        <Table
          session={session}
          names={names}
          hint
          frame={{
            side,
            people: mode === "local" ? Array.from({ length: seats.people }, (_, seat) => seat) : undefined,
            end: controls.end,
          }}
        />
      </HandOver>
      {choosing !== null && (
        <Dialog title={t("zk.level.change")} onClose={() => setChoosing(null)}>
          <p>{t("zk.level.change.text")}</p>
          <LevelPills name="zk-level-change" value={choosing} onChoose={setChoosing} />
          <p class="zk-dialog-buttons">
            <button type="button" class="primary" onClick={() => void changeLevel(choosing)}>{t("zk.level.apply")}</button>
            <button type="button" onClick={() => setChoosing(null)}>{t("zk.level.cancel")}</button>
          </p>
        </Dialog>
      )}
    </>
  );
}

const ZOLIKY: PlayGame<ZkSetup, Seats, ZkSession> = {
  id: "zoliky-s-kameny",
  words: { failed: "zk.start.failed", again: "zk.end.again", setup: "zk.end.setup" },
  setup: setupStore,
  modeOf: (setup) => setup.mode,
  withMode: (setup, mode) => ({ ...setup, mode: mode as Mode }),
  slot: (mode) => slot(mode as Mode),
  // against the computer it sits in seat 1
  request(setup, round): TableRequest {
    if (setup.mode === "computer") return { game: "zoliky-s-kameny", seats: 2, round, robots: { "1": BOTS[setup.level] } };
    return { game: "zoliky-s-kameny", seats: setup.people, round };
  },
  seatsOf(request, mode) {
    const seats = typeof request.seats === "number" ? request.seats : 0;
    const bot = robotsOf(request)["1"] ?? null;
    if (seats < 2 || (bot !== null && !BOTS.includes(bot)) || (bot === null) !== (mode === "local")) return null;
    return { people: bot === null ? seats : 1, bot };
  },
  hotSeat: (seats) => seats.bot === null,
  table: { handFirst: true },
  rounds: true,
  session: (conn, _seats, mode) => new ZkSession(conn, turnStore(mode as Mode)),
  over: (session) => session.view?.over === true,
  again: ({ mode, seats }) => ({ ...loadSetup(), mode: mode as Mode, people: seats.people, level: Math.max(0, seats.bot === null ? 0 : BOTS.indexOf(seats.bot)) }),
  errorText,
  Setup: (props) => <Setup {...props} />,
  Table: ZkTable,
};

export function ZkPage() {
  return <PlayPage game={ZOLIKY} />;
}
