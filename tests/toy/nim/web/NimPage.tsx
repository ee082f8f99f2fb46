// #/nim: the setup until a game runs, then the table. The game runs in the browser's engine
// worker: one person against the computer (the perfect player), or several people at this
// device taking turns (hot seat: the table is wrapped in <HandOver>, which hides it between
// two people's turns). It survives a reload of the tab (its snapshot, net/local.ts).
import { useEffect, useState } from "preact/hooks";
import { HandOver } from "@web/components/HandOver";
import { t, useLang } from "@web/i18n";
import { openHotSeat, openLocalTable, resumeHotSeat, resumeLocalTable } from "@web/net/local";
import type { TableRequest } from "@web/net/protocol";
import { ReplayButton } from "@web/replay/ReplayButton";
import { seedParam } from "@web/router";
import { localTableSlot } from "@web/storage";
import { Board } from "./Board";
import { Counts, NimNav } from "./Parts";
import { NimSession } from "./session";

const slot = localTableSlot("klubovna.nim.local");

interface Running {
  session: NimSession;
  people: number;
}

/** One person plays against the perfect player in seat 1; more people fill every seat. */
function request(people: number, heaps: number): TableRequest {
  const seed = seedParam(); // tests name the heaps with #/nim?seed=N
  const robots: Record<string, string> = people === 1 ? { "1": "perfect" } : {};
  return { game: "nim", seats: Math.max(2, people), heaps, seconds: null, robots, ...(seed === null ? {} : { seed }) };
}

function namer(people: number): (seat: number) => string {
  return (seat) => (people > 1 ? t("nim.player", { number: seat + 1 }) : seat === 0 ? t("nim.you") : t("nim.computer"));
}

/** The game this tab played before a reload, if any: its people are the seats without a
 *  computer player in the saved request. */
function resume(): Running | null {
  const saved = slot.load();
  let people = 0;
  try {
    const { seats, robots } = (JSON.parse(saved?.snapshot ?? "") as { request: { seats: number; robots: object } }).request;
    people = seats - Object.keys(robots).length;
  } catch {
    return null; // none, or not a game of this page
  }
  const conn = people > 1 ? resumeHotSeat(saved!, slot.save) : resumeLocalTable(saved!, slot.save);
  return { session: new NimSession(conn), people };
}

export function NimPage() {
  useLang();
  const [running, setRunning] = useState<Running | null>(resume);
  const [people, setPeople] = useState(1);
  const [heaps, setHeaps] = useState(3);
  const [failure, setFailure] = useState<string | null>(null);
  const session = running?.session;
  useEffect(() => () => session?.close(), [session]);
  // A saved game the worker could not rebuild: back to the setup, saying why.
  useEffect(() => session?.subscribe(() => {
    if (session.fatal) {
      setFailure(t("nim.setup.failed", { message: session.fatal.message }));
      stop();
    }
  }), [session]);

  const start = async () => {
    setFailure(null);
    try {
      const open = people > 1 ? openHotSeat : openLocalTable;
      const next = new NimSession(await open(request(people, heaps), slot.save));
      next.start();
      setRunning({ session: next, people });
    } catch (error) {
      setFailure(t("nim.setup.failed", { message: error instanceof Error ? error.message : String(error) }));
    }
  };
  const stop = () => {
    slot.save(null);
    setRunning(null);
  };

  if (running) {
    const name = namer(running.people);
    return (
      <HandOver connection={running.session.conn} name={name}>
        <Board
          session={running.session}
          name={name}
          title={t("nim.title")}
          nav={<NimNav current="/nim" />}
          end={
            <>
              <button type="button" class="primary" onClick={() => { stop(); void start(); }}>{t("nim.again")}</button>
              <button type="button" onClick={stop}>{t("nim.setup.back")}</button>
            </>
          }
          replay={<ReplayButton entry="nim" source={running.session.replaySource()} />}
        />
      </HandOver>
    );
  }
  return (
    <section class="page nim-setup" aria-labelledby="nim-title">
      <NimNav current="/nim" />
      <h1 id="nim-title">{t("nim.title")}</h1>
      <p class="lead">{t("nim.lead")}</p>
      <form class="mp-form" aria-label={t("nim.setup.label")} onSubmit={(event) => { event.preventDefault(); void start(); }}>
        <fieldset class="mp-choices">
          <legend>{t("nim.setup.label")}</legend>
          <Counts label={t("nim.setup.people")} name="nim-people" from={1} to={4} value={people} onChoose={setPeople} />
          <p class="hint">{t("nim.setup.people.hint")}</p>
          <Counts label={t("nim.setup.heaps")} name="nim-heaps" from={1} to={5} value={heaps} onChoose={setHeaps} />
        </fieldset>
        <div class="mp-start-row">
          <button type="submit" class="primary mp-start">{t("nim.setup.start")}</button>
          <p class="mp-start-status" role="status">{failure ?? ""}</p>
        </div>
      </form>
    </section>
  );
}
