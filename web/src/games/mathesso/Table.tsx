// The Mathesso screen, the same on one device and online: the players in their order of play
// (whose turn it is in big letters and their colour), the order ritual while it runs, the
// cards, the colour ruler, and the end with each player's pairs and their score explained
// line by line by the engine. This sends actions; the engine judges them and scores.
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../../i18n";
import { TableShell, type TableFrame } from "../../kit/TableShell";
import { useSession } from "../../net/useSession";
import { byEngine } from "../../registry";
import { ReplayButton } from "../../replay/ReplayButton";
import { CardButton, ColouredSide } from "./Card";
import { End } from "./End";
import { useGrid } from "./grid";
import { Prefs } from "./Prefs";
import { usePrefs } from "./prefs";
import { Ritual } from "./Ritual";
import { litBy, Ruler } from "./Ruler";
import type { MaSession } from "./session";
import type { Face, MaView, SeatNames } from "./types";
import { errorText, faceText, TableNames } from "./words";
import "../../components/game.css";
import "./ma.css";

export type { TableFrame } from "../../kit/TableShell";

interface Props {
  session: MaSession;
  names: SeatNames;
  /** The seats a person plays at this device (their turns say "you"). */
  here: (seat: number) => boolean;
  frame?: TableFrame;
}

export function Table({ session, names, here, frame }: Props) {
  useLang();
  useSession(session);
  const nameOf = (seat: number) => names[seat] ?? t("ma.player", { n: seat + 1 });
  return (
    <TableShell game="ma" session={session} errorText={errorText} frame={frame} info={infoText}>
      {(view, error) => (
        <>
          <Players view={view} nameOf={nameOf} />
          <p class="mp-error ma-error" role="alert">{error}</p>
          {view.over && view.result ? (
            <End
              view={view}
              result={view.result}
              nameOf={nameOf}
              replay={
                // (every seat saw the same table: the seat on screen's replay is everyone's)
                <TableNames.Provider value={names}>
                  <ReplayButton entry={byEngine(view.game)!} source={session.replaySource()} names={names} />
                </TableNames.Provider>
              }
            >
              {frame?.end}
            </End>
          ) : !view.started ? (
            <p role="status">{t("ma.waiting.start")}</p>
          ) : (
            <Play session={session} view={view} nameOf={nameOf} here={here} />
          )}
          {frame?.side && <div class="ma-frame-side">{frame.side}</div>}
        </>
      )}
    </TableShell>
  );
}

function infoText(view: MaView): string {
  const addOns = [view.cjv && "CJV", view.faktorial && t("ma.addon.faktorial")].filter(Boolean).join(" + ");
  const variant = t(`ma.variant.${view.variant}`);
  return `${addOns ? `${variant} + ${addOns}` : variant} · ${t("ma.remaining", { count: view.remaining })}`;
}

/** The players in their order of play: colour, name, pairs (and points), whose turn. */
export function Players({ view, nameOf }: { view: MaView; nameOf: (seat: number) => string }) {
  const order = view.order.length > 0 ? view.order : view.players.map((p) => p.seat);
  return (
    <ol class="ma-players" aria-label={t("ma.players")}>
      {order.map((seat) => {
        const player = view.players[seat];
        const turn = view.turn.includes(seat) && !view.over;
        const last = player.pairs[player.pairs.length - 1];
        return (
          <li key={seat} class={`ma-player ma-seat${seat}${turn ? " turn" : ""}`} aria-current={turn ? "true" : undefined}>
            <span class="ma-dot" aria-hidden="true" />
            <strong class="ma-player-name">{nameOf(seat)}</strong>
            <span class="ma-player-score">
              {t("ma.pairs.count", { count: player.pairs.length })}
              {view.scored && <> · {t("ma.points.count", { count: player.points })}</>}
              {player.extras > 0 && <> · {t("ma.extras", { count: player.extras })}</>}
            </span>
            {last && (
              <span key={player.pairs.length} class="ma-pile" aria-hidden="true">
                <span class="ma-pile-card"><MiniFace face={last.faces[0]} /></span>
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** The top card of a player's pile. */
function MiniFace({ face }: { face: Face }) {
  return <span class="ma-mini" data-group={face.group}><ColouredSide face={face} /></span>;
}

function Play({ session, view, nameOf, here }: { session: MaSession; view: MaView; nameOf: (seat: number) => string; here: (seat: number) => boolean }) {
  const prefs = usePrefs();
  const box = useRef<HTMLDivElement>(null);
  const below = useRef<HTMLDivElement>(null);
  const [belowHeight, setBelowHeight] = useState(120);
  useEffect(() => {
    const element = below.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setBelowHeight(Math.ceil(element.getBoundingClientRect().height) + 16));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const grid = useGrid(box, view.cards.length, belowHeight);
  const ready = session.ready;
  const mover = view.turn[0];
  const mine = ready && mover !== undefined && here(mover);
  const holding = session.holding && view.last !== null;
  const lastIds = new Map((holding ? view.last!.cards : []).map((card) => [card.id, card.face]));
  const took = holding && view.last!.took;
  const canTurn = mine && view.actions.includes("turn") && !view.choosing;
  // The ruler shows the card just turned (or, while the finished turn's cards lie turned,
  // the first of them it can light up).
  const turned = view.up.length > 0
    ? view.up.map((id) => ({ id, face: view.cards[id].face! }))
    : holding ? view.last!.cards : [];
  const onRuler = turned.find((card) => litBy(card.face).length > 0) ?? turned[0] ?? null;

  const status = mover === undefined
      ? ""
      : here(mover)
        ? view.choosing ? t("ma.turn.choose", { name: nameOf(mover) }) : t(view.up.length > 0 ? "ma.turn.second" : "ma.turn.yours", { name: nameOf(mover) })
        : t("ma.turn.other", { name: nameOf(mover) });

  return (
    <div class={`ma-play ma-seat${mover ?? 0}`} data-shown={session.shown} data-ready={ready ? "true" : "false"}>
      <div class="ma-turn-row">
        <p class={`ma-status ma-seat${mover ?? 0}`} role="status">
          {mover !== undefined && <span class="ma-dot" aria-hidden="true" />}
          <span>{status}</span>
        </p>
        {view.last && holding && <p class="ma-last" role="status">{lastText(view, nameOf)}</p>}
        {mine && view.actions.includes("stop") && (
          <button type="button" class="ma-stop" onClick={() => session.stop()}>{t("ma.stop")}</button>
        )}
        {session.catchingUp && (
          <button type="button" class="chip ma-hurry" onClick={() => session.hurry()}>{t("ma.hurry")}</button>
        )}
      </div>
      {mine && view.choosing && (
        <div class="ma-extra" role="group" aria-label={t("ma.extra.title")}>
          <p>{t("ma.extra.text", { name: nameOf(mover!) })}</p>
          <button type="button" class="primary" onClick={() => session.extra(true)}>{t("ma.extra.now")}</button>
          <button type="button" onClick={() => session.extra(false)}>{t("ma.extra.later")}</button>
        </div>
      )}
      <div ref={box} class="ma-table-box">
        {view.ritual && view.ritual.length > 0 && <Ritual key={session.ritualShown} rounds={view.ritual} order={view.order} nameOf={nameOf} animate={prefs.pace !== "instant"} />}
        <div
          class="ma-table"
          role="group"
          aria-label={t("ma.table")}
          style={{ gridTemplateColumns: `repeat(${grid.cols}, ${grid.size}px)`, gap: `${grid.gap}px`, "--card": `${grid.size}px` }}
        >
          {view.cards.map((card) => {
            const held = lastIds.get(card.id);
            const face = card.state === "up" ? card.face : held ?? null;
            if (card.state === "gone" && !held) return <span key={card.id} class="ma-slot" aria-hidden="true" />;
            const label = face ? t("ma.card.up", { black: card.black, face: faceText(face) }) : t("ma.card.down", { black: card.black });
            return (
              <CardButton
                key={card.id}
                index={card.id}
                black={card.black}
                face={face}
                label={label}
                enabled={canTurn && card.state === "down" && !held}
                mark={held ? (took ? "pair" : "miss") : null}
                onTurn={() => session.turn(card.id)}
              />
            );
          })}
        </div>
      </div>
      <div ref={below} class="ma-below">
        {prefs.ruler && <Ruler face={onRuler?.face ?? null} known={onRuler ? view.cards[onRuler.id].black : null} compact />}
        <Prefs pace={view.players.some((player) => session.computer(player.seat))} />
      </div>
    </div>
  );
}

/** What the turn just finished did: "Anička: pár!". */
export function lastText(view: MaView, nameOf: (seat: number) => string): string {
  const last = view.last!;
  const name = nameOf(last.seat);
  if (last.took) return t("ma.last.pair", { name });
  return last.cards.length > 1 ? t("ma.last.miss", { name }) : t("ma.last.one", { name });
}
