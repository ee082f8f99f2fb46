// The Locus Poker screen, the same against the computer, on one device and online: the two
// players with their chips' colour and running totals, the grid, the last move's hand with
// its name, and on the player's turn the preview of the pointed or chosen card (its hand and
// bonus face up and face down, the engine's numbers from the view) with the two buttons that
// play it. At the end: who won, the game's replay from this screen's seat ("Záznam hry") and
// the list of moves. This sends actions; the engine scores.
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { EngineWait } from "../../components/EngineStatus";
import { t, useLang } from "../../i18n";
import { TableShell, type TableFrame as KitFrame } from "../../kit/TableShell";
import { useSession } from "../../net/useSession";
import { ReplayButton } from "../../replay/ReplayButton";
import { Avatar } from "./Avatar";
import { Board } from "./Board";
import { Chip } from "./Card";
import { cardName } from "./cards";
import { End, MoveList } from "./End";
import type { LpSession } from "./session";
import type { Face, LpView, Score, SeatNames } from "./types";
import { errorText, handName, scoreLine } from "./words";
import "../../components/game.css";
import "./lp.css";

const ENGINE = "locus-poker";

export interface TableFrame extends KitFrame {
  /** A line above the end's buttons (a new record). */
  endNote?: ComponentChildren;
  /** The opponents' faces by seat (against the computer), else none. */
  faces?: Array<number | null>;
}

interface Props {
  session: LpSession;
  names: SeatNames;
  frame?: TableFrame;
}

/** The engine's preview of a free cell for the seat to move (null: none in the view). */
function previewOf(view: LpView, cell: number): { up: Score; down: Score } | null {
  return view.preview[cell] ?? null;
}

/** The first free cell (where the cursor starts), else 0. */
function firstFree(view: LpView): number {
  const free = view.chips.findIndex((chip) => chip === null);
  return free < 0 ? 0 : free;
}

export function Table({ session, names, frame }: Props) {
  useLang();
  useSession(session);
  return (
    <TableShell game="lp" session={session} errorText={errorText} frame={frame}
      info={(view) => t("lp.info", { cols: view.cols, rows: view.rows, left: view.chips_left.reduce((a, b) => a + b, 0) })}
      connecting={session.kind === "local" ? <EngineWait text={t("lp.connecting")} /> : undefined}>
      {(view, error) => <Game session={session} view={view} names={names} frame={frame} error={error} />}
    </TableShell>
  );
}

function Game({ session, view, names, frame, error }: { session: LpSession; view: LpView; names: SeatNames; frame?: TableFrame; error: string | null }) {
  const [cursor, setCursor] = useState(() => firstFree(view));
  const [pointed, setPointed] = useState<number | null>(null);
  const [downHover, setDownHover] = useState(false);
  const live = session.ready;
  // A new position: the cursor leaves a card that was just taken.
  useEffect(() => {
    if (view.chips[cursor] !== null) setCursor(firstFree(view));
    setPointed(null);
  }, [session.version]);

  const shown = pointed !== null && view.chips[pointed] === null ? pointed : view.chips[cursor] === null ? cursor : null;
  const preview = shown !== null ? previewOf(view, shown) : null;
  const previewCells = live && preview ? (downHover ? preview.down.cells : preview.up.cells) ?? [] : [];
  const play = (cell: number, face: Face) => {
    setPointed(null);
    setDownHover(false);
    session.play(cell, face);
  };
  const mover = view.turn[0];
  // "Jste na tahu" for the one person at this screen; on one device the mover's name;
  // nothing while this seat's own play waits for its answer
  const you = names[view.seat] === t("lp.you");
  const status = view.over || mover === undefined ? ""
    : live ? (you ? t("lp.turn.yours") : t("lp.turn.named", { name: names[view.seat] ?? "" }))
    : mover === view.seat ? "" : t("lp.turn.other", { name: names[mover] ?? "" });

  return (
    <div class="lp-layout">
      <div class="lp-main">
        <Players view={view} names={names} faces={frame?.faces} />
        <p class="lp-status" role="status">
          {status}
          {session.waiting && (
            <button type="button" class="chip lp-now" onClick={() => session.flush()}>{t("lp.show.now")}</button>
          )}
        </p>
        {view.over && view.result && (
          <End view={view} names={names} note={frame?.endNote}>{frame?.end}</End>
        )}
        {view.over && <Replay session={session} names={names} />}
        <LastMove view={view} names={names} />
        <Board
          view={view}
          names={names}
          cursor={cursor}
          live={live}
          previewed={shown}
          previewCells={previewCells}
          onCursor={(cell) => {
            setCursor(cell);
            setPointed(null);
          }}
          onPoint={setPointed}
          onPlay={play}
        />
        <p class="mp-error lp-error" role="alert">{error}</p>
        {!view.over && <p class="hint lp-keys">{t("lp.keys")}</p>}
        {view.over && <MoveList view={view} names={names} />}
      </div>
      <aside class="lp-side">
        {!view.over && (
          <section class="lp-preview" aria-labelledby="lp-preview-title">
            <h2 id="lp-preview-title">{t("lp.preview")}</h2>
            {shown === null || !preview ? (
              <p class="hint">{t("lp.preview.empty")}</p>
            ) : (
              <>
                <p class="lp-preview-card">{t("lp.preview.card", { card: cardName(view.cards[shown]) })}</p>
                {!live && <p class="hint">{t("lp.preview.wait")}</p>}
                {(["up", "down"] as const).map((face) =>
                  live ? (
                    <button
                      key={face}
                      type="button"
                      class={`lp-play lp-play-${face}${face === "up" ? " primary" : ""}`}
                      onClick={() => play(shown, face)}
                      onPointerEnter={() => setDownHover(face === "down")}
                      onPointerLeave={() => setDownHover(false)}
                      onFocus={() => setDownHover(face === "down")}
                      onBlur={() => setDownHover(false)}
                    >
                      <strong>{t(`lp.face.${face}`)}</strong>
                      <span class="lp-play-score">{scoreLine(preview[face])}</span>
                    </button>
                  ) : (
                    <p key={face} class={`lp-play lp-peek lp-peek-${face}`}>
                      <strong>{t(`lp.face.${face}`)}</strong>
                      <span class="lp-play-score">{scoreLine(preview[face])}</span>
                    </p>
                  ),
                )}
              </>
            )}
          </section>
        )}
        {frame?.side}
      </aside>
    </div>
  );
}

/** "Záznam hry" of this screen's seat (on one device: the person's whose screen it is). */
function Replay({ session, names }: { session: LpSession; names: SeatNames }) {
  return <ReplayButton entry={ENGINE} source={session.replaySource()} names={names} />;
}

/** Both players: chip, name (and face), total, chips left, who is to move. */
export function Players({ view, names, faces }: { view: LpView; names: SeatNames; faces?: Array<number | null> }) {
  return (
    <ol class="lp-players" aria-label={t("lp.online.people")}>
      {view.totals.map((total, seat) => {
        const turn = !view.over && view.turn.includes(seat);
        const face = faces?.[seat];
        const won = view.over && view.result?.winner === seat;
        return (
          <li key={seat} class={`lp-player lp-seat${seat}${turn ? " turn" : ""}${won ? " winner" : ""}${seat === view.seat ? " me" : ""}`} data-seat={seat}>
            {face !== undefined && face !== null ? <Avatar level={face} size={40} /> : <Chip seat={seat} />}
            <span class="lp-player-name">
              <strong>{names[seat] ?? t("lp.player", { n: seat + 1 })}</strong>
              <small>
                {face !== undefined && face !== null && <Chip seat={seat} small />} {t("lp.chips", { count: view.chips_left[seat] })}
              </small>
            </span>
            <span class="lp-total" data-total={total}>{t("lp.points", { points: total })}</span>
            {turn && <span class="lp-turn-tag">{t("lp.turn")}</span>}
          </li>
        );
      })}
    </ol>
  );
}

export function LastMove({ view, names }: { view: LpView; names: SeatNames }) {
  const last = view.last;
  if (!last) return <p class="lp-last hint">{t("lp.last.none")}</p>;
  return (
    <p class={`lp-last lp-seat${last.seat}`}>
      <Chip seat={last.seat} small />{" "}
      {t("lp.last", { name: names[last.seat] ?? "", hand: handName(last.name), points: last.hand, bonus: last.bonus })}
    </p>
  );
}
