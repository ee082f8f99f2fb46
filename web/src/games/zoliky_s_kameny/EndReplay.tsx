// "Záznam hry" at the end of a round, the same against the computer, on one device and
// online (the shared ReplayButton with this screen's seat). On one device every person of
// the round may look at their own: a choice of whose replay, first the seat on screen.
import { useState } from "preact/hooks";
import { t } from "../../i18n";
import { Choice } from "../../kit/Choice";
import { byEngine } from "../../registry";
import { ReplayButton } from "../../replay/ReplayButton";
import type { ZkSession } from "./session";
import type { SeatNames } from "./types";

const GAME = "zoliky-s-kameny";

interface Props {
  session: ZkSession;
  names: SeatNames;
  /** The seats of the people at this device (a hot-seat game); else none. */
  people?: number[];
}

export function EndReplay({ session, names, people = [] }: Props) {
  const source = session.replaySource();
  const [seat, setSeat] = useState(source?.kind === "local" ? source.seat : 0);
  const entry = byEngine(GAME);
  if (!entry || !source) return null;
  const choice = source.kind === "local" && people.length > 1;
  return (
    <div class="zk-end-replay">
      {choice && (
        <fieldset class="zk-replay-seats">
          <legend>{t("zk.replay.seat")}</legend>
          <Choice label={t("zk.replay.seat")} name="zk-replay-seat" cls="zk-pill" look="pills" value={seat} onChoose={setSeat}
            options={people.map((person) => ({ value: person, text: names[person] ?? t("zk.player", { n: person + 1 }) }))} />
        </fieldset>
      )}
      {/* another seat: its own replay, loaded afresh when opened */}
      <ReplayButton key={seat} entry={entry} source={choice ? { ...source, seat } : source} names={names} />
    </div>
  );
}
