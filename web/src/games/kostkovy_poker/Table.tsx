// The Kostkový poker table screen, the same for a solo game and an online table: the
// opponents, the table dice and pots, the person's own seat and dice, what they may do now
// (keep dice, bet, wait), the finished hand explained, the end ranking; beside it the story
// of the table, ending by agreement and the device settings. Everything shown comes from the
// table's views and events; this sends actions and nothing else.
import type { ComponentChildren } from "preact";
import { useSession } from "../../net/useSession";
import { t, useLang } from "../../i18n";
import { TableShell, type TableFrame } from "../../kit/TableShell";
import { Countdown } from "../../components/Countdown";
import type { Action } from "../../net/protocol";
import { ReplayButton } from "../../replay/ReplayButton";
import { Betting } from "./Betting";
import { Center } from "./Center";
import { End } from "./End";
import { KeepChoice, MyDice } from "./Keep";
import { Log } from "./Log";
import { PACES, setPrefs, usePrefs } from "./prefs";
import { Prefs } from "./Prefs";
import { Opponents, SeatCard } from "./Seats";
import type { KpSession } from "./session";
import { Showdown } from "./Showdown";
import type { KpView, SeatNames } from "./types";
import { errorText, nameList, nameOf } from "./words";
import "../../components/game.css";
import "./kp.css";

const ERROR_MS = 5000;

/** What an online table puts around the same screen. */
export type { TableFrame } from "../../kit/TableShell";

interface Props {
  session: KpSession;
  names: SeatNames;
  onAgain?: () => void;
  onSetup?: () => void;
  frame?: TableFrame;
}

export function Table({ session, names, onAgain, onSetup, frame }: Props) {
  useLang();
  const prefs = usePrefs();
  useSession(session);
  const over = session.handOver;
  const ready = session.ready;
  const act = (action: Action) => session.act(action);

  return (
    <TableShell game="kp" class={`felt-${prefs.felt} dice-${prefs.dice}`} session={session} frame={frame}
      errorMs={ERROR_MS} errorText={errorText}
      // the table as the finished hand left it
      info={(view) => gameInfo(over?.before ?? view)}
      note={session.kind === "local" && <p class="kp-local hint">{t("kp.local")}</p>}>
      {(view, error) => {
        const shown = over?.before ?? view; // the table as the finished hand left it
        return (
          <div class="kp-layout">
            <div class="kp-main">
              <div class="kp-felt">
                <Opponents view={shown} names={names} over={over} />
                <Center view={shown} names={names} over={over} rolls={session.rolls} />
                <div class="kp-me">
                  <SeatCard view={shown} player={shown.players[shown.seat]} names={names} over={over} mine />
                  {!(view.actions.includes("keep") && !over) && (
                    <MyDice
                      view={shown}
                      rolled={over ? 0 : session.rolls.own}
                      shownKept={over?.last.hands.find((hand) => hand.seat === view.seat)?.kept ?? null}
                    />
                  )}
                </div>
              </div>
              <div class="kp-actions">
                <p class="mp-error kp-error" role="alert">{error}</p>
                <Actions
                  session={session}
                  view={view}
                  names={names}
                  ready={ready}
                  onAct={act}
                  end={frame?.end ?? (
                    <>
                      {onAgain && <button type="button" class="primary" onClick={onAgain}>{t("kp.end.again")}</button>}
                      {onSetup && <button type="button" onClick={onSetup}>{t("kp.end.setup")}</button>}
                    </>
                  )}
                />
                {view.game_over && !over && <ReplayButton entry="kostkovy-poker" source={session.replaySource()} names={names.names} />}
                {session.catchingUp && !over && view.players[view.seat].out === null && (
                  <p class="kp-hurry">
                    <button type="button" class="chip" onClick={() => session.hurry()}>{t("kp.hurry")}</button>
                  </p>
                )}
              </div>
            </div>
            <aside class="kp-side">
              <Log lines={session.log} names={names} me={view.seat} />
              <Stop view={view} names={names} onAct={act} />
              {frame?.side}
              <Prefs />
            </aside>
          </div>
        );
      }}
    </TableShell>
  );
}

interface ActionsProps {
  session: KpSession;
  view: KpView;
  names: SeatNames;
  ready: boolean;
  onAct: (action: Action) => void;
  end: ComponentChildren;
}

/** What the person may do now, or what the table waits for. */
function Actions({ session, view, names, ready, onAct, end }: ActionsProps) {
  const over = session.handOver;
  if (over) {
    const latest = session.latest;
    const out = latest !== null && latest.players[view.seat].out !== null;
    // At a table with a timer the next hand's keeping already runs: its clock shows here too.
    const next = latest?.deadline != null && latest.seconds !== null && latest.actions.includes("keep") && (
      <Countdown deadline={latest.deadline} seconds={latest.seconds} offset={session.offset} />
    );
    return (
      <div class="kp-action-row">
        <Showdown
          over={over}
          names={names}
          me={view.seat}
          auto={view.seconds !== null}
          onGoOn={() => session.goOn()}
          onSkip={out && onlyComputers(latest, names) ? () => session.toResults() : undefined}
        />
        {next}
      </div>
    );
  }
  if (view.game_over && view.result) {
    return <End result={view.result} names={names} me={view.seat}>{end}</End>;
  }
  const me = view.players[view.seat];
  const timer = view.deadline !== null && view.seconds !== null && (
    <Countdown deadline={view.deadline} seconds={view.seconds} offset={session.offset} />
  );
  if (!view.started) return <p class="kp-wait" role="status">{t("kp.game.waiting")}</p>;
  if (me.out !== null) return <Watching session={session} view={view} names={names} />;
  if (view.actions.includes("keep")) {
    return (
      <div class="kp-action-row">
        <KeepChoice key={view.hand} view={view} rolled={session.rolls.own} ready={ready} onKeep={(dice) => onAct({ type: "keep", dice })} />
        {timer}
      </div>
    );
  }
  if (view.phase === "betting" && view.turn.includes(view.seat) && view.actions.length > 0) {
    return (
      <div class="kp-action-row">
        <Betting view={view} ready={ready} onAct={onAct} />
        {timer}
      </div>
    );
  }
  let text = "";
  if (view.phase === "keep") text = t("kp.keep.waiting");
  else if (me.folded) text = t("kp.bet.folded");
  else if (view.turn.length > 0) text = t("kp.bet.waiting", { name: nameOf(names, view.turn[0]) });
  if (me.all_in && !me.folded && view.phase === "betting") text = `${t("kp.bet.all_in")} ${text}`;
  return (
    <div class="kp-action-row">
      <p class="kp-wait" role="status">{text}</p>
      {timer}
    </div>
  );
}

/** Whether everyone still in the game at `view` is a computer player (the person out): their
 *  game is played out at once (the engine's, locally and online), so it can be skipped. */
function onlyComputers(view: KpView | null, names: SeatNames): boolean {
  return view !== null && view.players.every((p) => p.out !== null || names.bots[p.seat] != null);
}

/** The person is out and the others play on: go straight to the results (when only computer
 *  players are left), or watch them at a pace of the person's choice. */
function Watching({ session, view, names }: { session: KpSession; view: KpView; names: SeatNames }) {
  const prefs = usePrefs();
  const skip = onlyComputers(session.latest ?? view, names);
  return (
    <div class="kp-action-row kp-watching">
      <p class="kp-wait" role="status">
        {t("kp.log.out.you")} {t(skip ? "kp.watch.computers" : "kp.watch.others")}
      </p>
      {skip && (
        <button type="button" class="primary kp-to-results" onClick={() => session.toResults()}>
          {t("kp.showdown.skip")}
        </button>
      )}
      <fieldset class="kp-watch-pace">
        <legend>{t("kp.prefs.pace")}</legend>
        {PACES.map((pace) => (
          <label key={pace} class={`kp-swatch plain${prefs.pace === pace ? " chosen" : ""}`}>
            <input type="radio" name="kp-watch-pace" checked={prefs.pace === pace}
              onChange={() => { setPrefs({ pace }); session.repace(); }} />
            <span>{t(`kp.pace.${pace}`)}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}

/** Ending the game by agreement: the person's switch and who agrees so far. */
function Stop({ view, names, onAct }: { view: KpView; names: SeatNames; onAct: (action: Action) => void }) {
  const me = view.players[view.seat];
  if (!view.started || view.game_over || me.out !== null) return null;
  const agreeing = view.players.filter((p) => p.stop && p.out === null).map((p) => p.seat);
  return (
    <section class="kp-stop" aria-label={t("kp.stop.offer")}>
      <button
        type="button"
        class="chip kp-stop-button"
        aria-pressed={me.stop ? "true" : "false"}
        onClick={() => onAct({ type: "stop", agree: !me.stop })}
      >
        {t("kp.stop.offer")}
      </button>
      <p class="hint">{t("kp.stop.about")}</p>
      {agreeing.length > 0 && <p class="kp-stop-who">{t("kp.stop.agreed", { names: nameList(names, agreeing, view.seat) })}</p>}
    </section>
  );
}

function gameInfo(view: KpView): string {
  if (!view.started) return t("kp.game.waiting");
  return t("kp.game.info", { hand: view.hand, chips: view.chips_at_start });
}
