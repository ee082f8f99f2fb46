// Kostkový poker's replay view: one frame of a replay, read-only, with the table's own
// components (replay/Replay.tsx steps through the frames). The frame after the move that
// ended a hand shows the table as that hand left it, with the dice shown and what each won,
// as the live screen does at the showdown; the last frame adds the final ranking.
import { t, useLang } from "../../i18n";
import type { ReplayView, ReplayViewProps, ReplayWords } from "../../replay/types";
import { BET_ACTIONS } from "./Betting";
import { Center } from "./Center";
import { End } from "./End";
import { MyDice } from "./Keep";
import { usePrefs } from "./prefs";
import { Opponents, SeatCard } from "./Seats";
import type { HandOver } from "./session";
import type { BetAction, KpView, SeatNames } from "./types";
import "../../components/game.css";
import "./kp.css";

const STILL = { table: 0, tableFrom: 5 }; // no dice rolling in

/** "Ty" for the replay's seat; the others by the names the end screen gave (`data.names`),
 *  else "Hráč n" (a shared link's replay has no names). */
function replayNames(view: KpView, given: Record<number, string> | undefined): SeatNames {
  const names = view.players.map((p) =>
    p.seat === view.seat ? t("kp.you") : given?.[p.seat] ?? t("kp.player", { n: p.seat + 1 }));
  return { names, bots: names.map(() => null) };
}

/** The hand that `view` has just finished (its last hand is new since `before`), as the
 *  live screen holds it; null when no hand ended at this step. */
export function endedHand(view: KpView, before: KpView | undefined, step: number): HandOver | null {
  const last = view.last_hand;
  if (!last || !before || before.last_hand?.hand === last.hand) return null;
  const uncontested = last.hands.length === 0;
  const taker = last.won.findIndex((won) => won > 0);
  return {
    id: step,
    last,
    pots: null,
    uncontested: uncontested && taker >= 0 ? { seat: taker, won: last.won[taker] } : null,
    out: view.players.filter((p) => p.out === last.hand).map((p) => p.seat),
    chipsAfter: view.players.map((p) => p.chips + p.put_in),
    over: view.game_over,
    before,
  };
}

/** What the seat's own move `index` did, for the stepper's list (the others' actions are
 *  not in a replay): a bet's kind, the dice chosen, agreeing to end the game or not. */
const kpWords: ReplayWords = (data, index) => {
  const action = data.moves[index - 1]?.action as { type?: string; agree?: unknown } | null;
  const type = action?.type;
  if (type === undefined) return null;
  if (BET_ACTIONS.includes(type as BetAction)) return t(`kp.replay.words.${type}`);
  if (type === "keep") return t("kp.replay.words.keep");
  if (type === "stop") return t(action?.agree ? "kp.replay.words.stop.yes" : "kp.replay.words.stop.no");
  return null;
};

function KpFrame({ data, step, view: frame }: ReplayViewProps) {
  useLang();
  const prefs = usePrefs();
  const view = frame as KpView;
  const over = endedHand(view, data.frames[step - 1] as KpView | undefined, step);
  const shown = over?.before ?? view;
  const names = replayNames(view, data.names);
  const watching = (view.seat as number | null) === null;
  return (
    <div class={`kp-game kp-replay felt-${prefs.felt} dice-${prefs.dice}`} data-hand={view.hand}>
      <p class="mp-info">{view.started ? t("kp.game.info", { hand: shown.hand, chips: view.chips_at_start }) : t("kp.game.waiting")}</p>
      <div class="kp-felt">
        <Opponents view={shown} names={names} over={over} />
        <Center view={shown} names={names} over={over} rolls={STILL} />
        {/* (one who watches, seat null, has no seat and no dice of its own: every seat is above) */}
        {!watching && (
          <div class="kp-me">
            <SeatCard view={shown} player={shown.players[shown.seat]} names={names} over={over} mine />
            <MyDice view={shown} rolled={0} shownKept={over?.last.hands.find((hand) => hand.seat === view.seat)?.kept ?? null} />
          </div>
        )}
      </div>
      {view.game_over && view.result && <End result={view.result} names={names} me={view.seat ?? -1} />}
    </div>
  );
}

export const KpReplay: ReplayView = Object.assign(KpFrame, { words: kpWords });
