// The running duel or group game of one seat: the solo game screen (board, hand, clock,
// jokers) framed with the live ranking and what the lobby says (an opponent who dropped, a
// dealer away); a dealer who only deals gets the dealer's desk instead; once the whole game
// is over, the end ranking with everybody's board.
import type { ComponentChildren } from "preact";
import { useCallback, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { Game } from "../Game";
import type { GameSession } from "../session";
import { ConfirmDialog } from "../../../profile/ConfirmDialog";
import { DealerDesk, useDrawKey } from "./DealerDesk";
import { kindName, settingsInfo } from "./words";
import type { PlayProps } from "../../../lobby/game";
import { Ranking } from "./Ranking";
import { Results } from "./Results";
import { queueOf, type LobbyState, type MultiView } from "./types";

export function MultiGame({ session, lobby, seat, banner, onLeave }: PlayProps<GameSession, LobbyState>) {
  useLang();
  const [ending, setEnding] = useState(false);
  const me = lobby.players.find((player) => player.seat === lobby.you);
  const dealer = lobby.kind === "group" && me?.host === true;

  const view = session.view as MultiView;
  // A profile's seat: the game counts in its statistics.
  if (view.game_over) return <Results lobby={lobby} view={view} recorded={seat.profile} source={session.replaySource()} />;

  const title = kindName(lobby.kind);
  const info = settingsInfo(lobby.settings);
  const lines = [banner, ...lobbyNotes(lobby, view)];
  const endDialog = ending && (
    <ConfirmDialog
      title={t("lobby.end.title")}
      text={t("lobby.end.text")}
      confirm={t("lobby.end")}
      onConfirm={() => {
        setEnding(false);
        session.act({ type: "end" });
      }}
      onCancel={() => setEnding(false)}
    />
  );
  const controls = (
    <div class="lobby-controls">
      {dealer && (
        <button type="button" class="lobby-end" onClick={() => setEnding(true)}>{t("lobby.end")}</button>
      )}
      <button type="button" class="lobby-leave" onClick={onLeave}>{t("lobby.leave")}</button>
    </div>
  );
  const ranking = <Ranking lobby={lobby} view={view} />;

  if (!view.playing) {
    return (
      <>
        <DealerDesk session={session} view={view} title={title} info={info} banner={lines} controls={controls} ranking={ranking} />
        {endDialog}
      </>
    );
  }
  const waiting = queueOf(view, view.seats.find((entry) => entry.seat === view.seat));
  // A dealer who plays and whom the group waits for: the draw is the main thing to do.
  const groupWaits = dealer && groupWaitsForDraw(view);
  // The queue behind the number in hand, or what the seat waits for; nothing when neither.
  const queue = view.over
    ? null
    : waiting > 1
      ? t("lobby.queue", { count: waiting - 1 })
      : view.hand === null && !groupWaits
        ? t(lobby.kind === "group" && !dealer ? "lobby.wait.dealer" : "lobby.wait.draw")
        : null;
  const side = (
    <>
      {groupWaits && <DealerDraw session={session} />}
      <p class="lobby-queue" data-waiting={waiting}>{queue}</p>
      {controls}
    </>
  );
  return (
    <>
      <Game
        session={session}
        onAgain={() => undefined}
        frame={{ title, info, banner: lines, canDraw: lobby.kind === "duel" || (dealer && !groupWaits), side, aside: ranking }}
      />
      {endDialog}
    </>
  );
}

/** Whether a group waits for its dealer's next draw: numbers are left and a playing seat
 *  (the dealer's own too) has dealt with every number drawn so far. */
function groupWaitsForDraw(view: MultiView): boolean {
  if (!view.started || view.over || view.cards_left === 0) return false;
  return view.seats.some((entry) => !entry.finished && !entry.left && queueOf(view, entry) === 0);
}

/** The dealer's draw while the group waits for it: the primary button, what it waits for. */
function DealerDraw({ session }: { session: GameSession }) {
  const draw = useCallback(() => {
    if (session.view?.started && !session.view.over) session.act({ type: "draw" });
  }, [session]);
  useDrawKey(draw);
  return (
    <div class="lobby-dealer-draw">
      <p class="lobby-group-waits" role="status">{t("lobby.wait.you")}</p>
      <button type="button" class="mp-draw primary" aria-keyshortcuts="G" onClick={draw}>
        {t("lobby.draw.next")}
        <kbd aria-hidden="true">G</kbd>
      </button>
    </div>
  );
}

/** What the lobby says about the others while the game runs, one notice each. */
function lobbyNotes(lobby: LobbyState, view: MultiView): ComponentChildren[] {
  const notes: ComponentChildren[] = [];
  const others = lobby.players.filter((player) => player.seat !== lobby.you);
  if (lobby.kind === "duel") {
    const opponent = others[0];
    if (opponent?.gone) notes.push(t("lobby.note.opponent.left", { name: opponent.nickname }));
    else if (opponent && !opponent.connected) notes.push(t("lobby.note.opponent.off", { name: opponent.nickname }));
  } else {
    const host = others.find((player) => player.host);
    if (host && !host.connected && !host.gone) notes.push(t("lobby.note.dealer.off", { name: host.nickname }));
  }
  if (view.playing && view.over && !view.game_over) notes.push(t(`lobby.note.done.${lobby.kind}`));
  return notes.map((text, index) => (
    <p key={index} class="notice lobby-note" role="status">{text}</p>
  ));
}
