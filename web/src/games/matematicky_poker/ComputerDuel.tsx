// A duel against the computer (a local table: seat 0 the player, seat 1 the robot): the solo
// game screen framed with the computer's board beside it, as far as the player has come
// (the view's `opponent`: docs/decisions/0093-mp-duel-opponent-board.md), its total and "Počítač
// přemýšlí…" while it has a number to place; at the end who won by how many, both boards, "Hrát
// znovu" and "Záznam hry".
import { useEffect, useRef } from "preact/hooks";
import { t, useLang } from "../../i18n";
import { useSession } from "../../net/useSession";
import { plural } from "../../profile/format";
import { ReplayButton } from "../../replay/ReplayButton";
import type { ReplaySource } from "../../replay/types";
import { byEngine } from "../../registry";
import { Game } from "./Game";
import { MiniBoard } from "./lobby/MiniBoard";
import { queueOf, type MultiView, type PlayingView } from "./lobby/types";
import type { GameSession } from "./session";
import type { Level } from "./types";
import "../../lobby/lobby.css";

/** A duel seat's view: it always has the other board (`opponent`). */
export type DuelView = PlayingView & Required<Pick<PlayingView, "opponent">>;

interface Props {
  session: GameSession;
  level: Level;
  onAgain: () => void;
  onSetup: () => void;
  onLeave?: () => void;
}

const COMPUTER = 1;

export function ComputerDuel({ session, level, onAgain, onSetup, onLeave }: Props) {
  useLang();
  useSession(session);
  const view = session.view as DuelView | null;
  const name = t("mp.computer.name", { level: t(`mp.computer.${level}`) });
  if (view?.game_over) {
    return <DuelEnd view={view} name={name} onAgain={onAgain} onSetup={onSetup} source={session.replaySource()} />;
  }

  const entry = view?.seats?.find((seat) => seat.seat === COMPUTER);
  const thinking = !!view?.started && queueOf(view, entry) > 0;
  const info = view ? t("mp.computer.info", { level: t(`mp.computer.${level}`), info: gameInfo(view) }) : "";
  const aside = view?.opponent && (
    <section class="mp-computer" aria-label={name} data-thinking={thinking ? "true" : "false"}>
      <MiniBoard board={view.opponent} caption={name} score={view.opponent.score} you={false} />
      <p class="mp-computer-status">{thinking ? t("mp.computer.thinking") : t("mp.computer.shown")}</p>
    </section>
  );
  return (
    <Game
      session={session}
      onAgain={onAgain}
      onLeave={onLeave}
      frame={{ title: t("mp.computer.title"), info, canDraw: true, aside }}
    />
  );
}

function gameInfo(view: MultiView): string {
  const params = { mode: t(`mp.mode.${view.mode}`), table: t(`mp.table.${view.table}`), seconds: view.seconds ?? 0 };
  return t(view.mode === "hard" ? "mp.game.info.hard" : "mp.game.info", params);
}

/** Who won by how many (then by filled cells, as the engine's ranking), and both boards. */
function DuelEnd({ view, name, onAgain, onSetup, source }: {
  view: DuelView; name: string; onAgain: () => void; onSetup: () => void; source: ReplaySource | null;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const mine = view.seats.find((seat) => seat.seat === view.seat);
  const theirs = view.seats.find((seat) => seat.seat === COMPUTER);
  const me = { score: mine?.score ?? 0, filled: mine?.filled ?? 0 };
  const it = { score: theirs?.score ?? 0, filled: theirs?.filled ?? 0 };
  const diff = Math.abs(me.score - it.score);
  const points = (n: number) => plural("mp.computer.points", n);
  const verdict = me.score !== it.score
    ? me.score > it.score ? "win" : "loss"
    : me.filled !== it.filled ? (me.filled > it.filled ? "win" : "loss") : "draw";
  const text = me.score !== it.score
    ? t(`mp.computer.${verdict}`, { diff, points: points(diff) })
    : verdict === "draw"
      ? t("mp.computer.draw", { score: me.score, points: points(me.score) })
      : t(`mp.computer.${verdict}.filled`);
  const boards = new Map((view.boards ?? []).map((board) => [board.seat, board]));
  return (
    <section class="page lobby-page lobby-results mp-computer-end" aria-labelledby="mp-computer-end-title">
      <div class="mp-game-head">
        <h1 id="mp-computer-end-title" ref={heading} tabIndex={-1}>{t("mp.computer.end.title")}</h1>
        <p class="mp-info">{name} · {gameInfo(view)}</p>
      </div>
      <div class="lobby-verdict-box panel">
        <p class="lobby-verdict" data-verdict={verdict} data-diff={diff} role="status">{text}</p>
        <p class="lobby-record">{t("mp.computer.local")}</p>
      </div>
      <div class="lobby-boards">
        {[view.seat, COMPUTER].map((seat) => {
          const board = boards.get(seat);
          const score = seat === COMPUTER ? it.score : me.score;
          return board ? (
            <MiniBoard key={seat} board={board} caption={seat === COMPUTER ? name : t("mp.computer.you")} score={score}
              you={seat !== COMPUTER} />
          ) : null;
        })}
      </div>
      <p class="page-links lobby-back">
        <button type="button" class="primary" onClick={onAgain}>{t("mp.computer.again")}</button>
        <button type="button" onClick={onSetup}>{t("mp.computer.setup")}</button>
      </p>
      <ReplayButton entry={byEngine("matematicky-poker")!} source={source} names={{ [COMPUTER]: name }} />
    </section>
  );
}
