// The Žolíky s kameny screen, the same for a game against the computer, on one device and
// online: the players (each in their seat's colour for the whole match), the sets on the
// table, the player's rack, and on their turn the editing of the table: select tiles, "Nová
// skupina", the plus at a set, back to the rack, undo, restore, the hint, confirm, draw.
// Sets the engine does not read as sets are marked with its reason. At the end of a round:
// who won, every rack and the scores. This sends actions; the engine judges them.
import type { ComponentChildren, JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import { useSession } from "../../net/useSession";
import { t, useLang } from "../../i18n";
import { TableShell, type TableFrame as KitFrame } from "../../kit/TableShell";
import { arranged, laidAny, type Piece, type TableSet } from "./edit";
import { pressTile, type DropZone } from "./drag";
import { EndReplay } from "./EndReplay";
import { bestMove, type Verdict } from "./engine";
import { signature, type LastMove, type ZkSession } from "./session";
import { loadOrder, saveOrder } from "./storage";
import { TileButton, TileView } from "./Tile";
import { sameTile, sortTiles, type RackOrder } from "./tiles";
import type { SeatNames, Tile, ZkResult, ZkView } from "./types";
import { errorText } from "./words";
import "../../components/game.css";
import "./zk.css";

export interface TableFrame extends KitFrame {
  /** A hot-seat game's people: the seats whose replay the end offers (EndReplay.tsx). */
  people?: number[];
}

interface Props {
  session: ZkSession;
  names: SeatNames;
  /** The hint button (against the computer and on one device). */
  hint?: boolean;
  frame?: TableFrame;
}

export function Table({ session, names, hint = false, frame }: Props) {
  useLang();
  useSession(session);
  return (
    <TableShell game="zk" session={session} errorText={errorText} frame={frame}
      info={(view) => t("zk.info", { round: view.round, pool: view.pool })}
      note={session.kind === "local" && <p class="zk-local hint">{t("zk.local")}</p>}>
      {(view, error) => (
        <div class="zk-layout">
          <div class="zk-main">
            <Players view={view} names={names} />
            {(view.over || !view.started) && <p class="mp-error zk-error" role="alert">{error}</p>}
            {view.over && view.result ? (
              <End result={view.result} view={view} names={names}
                after={<EndReplay session={session} names={names} people={frame?.people} />}>
                {frame?.end}
              </End>
            ) : !view.started ? (
              <p role="status">{t("zk.waiting.start")}</p>
            ) : (
              <Play session={session} view={view} names={names} hint={hint} error={error} />
            )}
          </div>
          {frame?.side && <aside class="zk-side">{frame.side}</aside>}
        </div>
      )}
    </TableShell>
  );
}

/** Every player: their colour, name, tile count, whether they melded, who is to move. */
export function Players({ view, names }: { view: ZkView; names: SeatNames }) {
  return (
    <ol class="zk-players" aria-label={t("zk.online.people")}>
      {view.players.map((player) => {
        const turn = view.turn.includes(player.seat);
        return (
          <li key={player.seat} class={`zk-player zk-seat${player.seat}${turn ? " turn" : ""}${player.seat === view.seat ? " me" : ""}`}>
            <span class="zk-dot" aria-hidden="true" />
            <strong>{names[player.seat] ?? t("zk.player", { n: player.seat + 1 })}</strong>
            <span>{t("zk.tiles", { count: player.tiles })}</span>
            {player.melded && <span class="hint">{t("zk.melded")}</span>}
            {turn && <span class="zk-turn-tag">{t("zk.turn")}</span>}
          </li>
        );
      })}
    </ol>
  );
}

/** A table view's sets as pieces (not editable: another player's turn). */
export function shownSets(view: ZkView): TableSet[] {
  return view.table.map((tiles, s) => ({ id: `v${s}`, pieces: tiles.map((tile, i) => ({ id: `v${s}.${i}`, tile, own: false })) }));
}

interface PlayProps {
  session: ZkSession;
  view: ZkView;
  names: SeatNames;
  hint: boolean;
  /** A refusal of the last action, in words (shown beside the turn's buttons). */
  error: string | null;
}

function Play({ session, view, names, hint, error }: PlayProps) {
  const [selected, setSelected] = useState<string[]>([]);
  const [order, setOrder] = useState<RackOrder>(loadOrder);
  const [note, setNote] = useState<string | null>(null);
  const [hinting, setHinting] = useState(false);
  const turn = session.turn;
  const draft = session.draft;
  // A new turn (or another seat's) starts with nothing selected.
  useEffect(() => {
    setSelected([]);
    setNote(null);
  }, [turn?.version, turn?.seat]);

  const mine = draft !== null && session.ready;
  const sets = draft?.sets ?? shownSets(view);
  const rack: Piece[] = draft?.rack ?? view.rack.map((tile, i) => ({ id: `vr${i}`, tile, own: true }));
  const checks = sets.map((set) => session.checks.get(signature(set)));
  const fresh = freshPieces(sets, session.last, sameTile);
  const invalid = checks.some((check) => check !== undefined && check.code !== null);
  const edits = turn?.edits.length ?? 0;
  // The engine's judgement of the whole turn (the meld's 30…): no confirm while it refuses.
  const verdict = session.changedTable ? session.verdict : null;
  const refused = verdict !== null && verdict.code !== null;
  const canConfirm = mine && laidAny(draft) && !invalid && !refused;
  const why = invalid ? t("zk.invalid") : refused ? verdictText(verdict, view.meld_min) : "";
  const selectedOwnOnly = selected.length > 0 && draft !== null &&
    selected.every((id) => draft.sets.some((set) => set.pieces.some((p) => p.id === id && p.own)));

  const toggle = (id: string) => setSelected((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));
  const after = (change: () => void) => {
    change();
    setSelected([]);
    setNote(null);
  };
  const addTo = (setId: string) => selected.length > 0 && after(() => session.addTo(setId, selected));
  // A drag lifts the pressed tile, or all the selected ones when it is one of them.
  const dropOn = (zone: DropZone, ids: string[]) => {
    if (zone === "new") after(() => session.newSet(ids));
    else if (zone === "rack") after(() => session.toRack(ids));
    else if (zone?.startsWith("set:")) after(() => session.addTo(zone.slice(4), ids));
  };
  const press = (piece: Piece) => (event: JSX.TargetedPointerEvent<HTMLButtonElement>) =>
    pressTile(event, event.currentTarget, (zone) => dropOn(zone, selected.includes(piece.id) ? selected : [piece.id]));
  const sort = (next: RackOrder) => {
    setOrder(next);
    saveOrder(next);
  };
  const showHint = async () => {
    if (!turn) return;
    setHinting(true);
    setNote(t("zk.hint.busy"));
    try {
      const best = await bestMove(view.table, view.rack, view.melded);
      const next = best.amount > 0 ? arranged(turn.start, best.table, sameTile) : null;
      if (next && session.turn === turn) {
        after(() => session.arrange(next));
        setNote(t("zk.hint.shown", { count: best.amount }));
      } else {
        setNote(t("zk.hint.none"));
      }
    } catch (error) {
      setNote(error instanceof Error ? error.message : String(error));
    } finally {
      setHinting(false);
    }
  };
  const pass = view.actions.includes("pass");
  const drawLabel = session.changedTable ? t(pass ? "zk.pass.restore" : "zk.draw.restore") : t(pass ? "zk.pass" : "zk.draw");
  const mover = view.turn[0];
  // "Jste na tahu" for the one person at this screen; on one device the player is named.
  const me = names[view.seat];
  const turnText = mine && (me === undefined || me === t("zk.you")) ? t("zk.turn.yours")
    : mover !== undefined ? t("zk.turn.other", { name: names[mover] ?? "" }) : "";

  return (
    <div class={`zk-play${session.last ? ` zk-seat${session.last.seat}` : ""}`} data-version={session.version}>
      <p class="zk-status" role="status">
        {turnText}
        {mine && !view.melded && <> {t("zk.turn.meld", { min: view.meld_min })}</>}
        {session.last && <span class="zk-last"> {lastText(session.last, names)}</span>}
      </p>
      <section
        class="zk-table"
        aria-label={t("zk.table")}
        aria-busy={mine && session.reading ? "true" : undefined}
        data-drop={mine ? "new" : undefined}
      >
        {sets.length === 0 && <p class="hint zk-empty">{t("zk.table.empty")}</p>}
        {sets.map((set, index) => (
          <SetRow
            key={set.id}
            set={set}
            fresh={fresh}
            number={index + 1}
            check={checks[index]}
            editable={mine}
            selected={selected}
            onToggle={toggle}
            onAdd={() => addTo(set.id)}
            onPress={press}
          />
        ))}
      </section>
      {mine && (
        <div class="zk-tools" role="toolbar" aria-label={t("zk.table")}>
          <button type="button" class="zk-new" disabled={selected.length === 0} onClick={() => after(() => session.newSet(selected))}>
            {t("zk.new.group")}
          </button>
          <button type="button" disabled={!selectedOwnOnly} onClick={() => after(() => session.toRack(selected))}>{t("zk.to.rack")}</button>
          <button type="button" disabled={edits === 0} onClick={() => after(() => session.undo())}>{t("zk.undo")}</button>
          <button type="button" disabled={edits === 0} onClick={() => after(() => session.restore())}>{t("zk.restore")}</button>
          {hint && <button type="button" disabled={hinting} onClick={showHint}>{t("zk.hint")}</button>}
          <span class="zk-count hint">{selected.length > 0 && t("zk.selected", { count: selected.length })}</span>
        </div>
      )}
      {mine && (
        <div class="zk-turn-actions">
          <button
            type="button"
            class="primary zk-confirm"
            disabled={!canConfirm}
            aria-describedby={why ? "zk-confirm-why" : undefined}
            onClick={() => session.confirm()}
          >
            {t("zk.confirm")}
          </button>
          <button type="button" class="zk-draw" onClick={() => after(() => session.drawOrPass())}>{drawLabel}</button>
          <p id="zk-confirm-why" class="hint zk-invalid" role="status">{why}</p>
          <p class="mp-error zk-error" role="alert">{error}</p>
        </div>
      )}
      {!mine && <p class="mp-error zk-error" role="alert">{error}</p>}
      {note && <p class="zk-note" role="status">{note}</p>}
      <section class="zk-rack-area" aria-labelledby="zk-rack-title" data-drop={mine ? "rack" : undefined}>
        <div class="zk-rack-head">
          <h2 id="zk-rack-title">{t("zk.rack")}</h2>
          <div class="zk-sort" role="group" aria-label={t("zk.rack.sort")}>
            <span aria-hidden="true">{t("zk.rack.sort")}:</span>
            {(["colour", "number"] as const).map((by) => (
              <button key={by} type="button" class="chip" aria-pressed={order === by ? "true" : "false"} onClick={() => sort(by)}>
                {t(`zk.rack.${by}`)}
              </button>
            ))}
          </div>
        </div>
        <div class="zk-rack">
          {rack.length === 0 && <p class="hint">{t("zk.rack.empty")}</p>}
          {sortTiles(rack, (piece) => piece.tile, order).map((piece) =>
            mine ? (
              <TileButton key={piece.id} tile={piece.tile} selected={selected.includes(piece.id)} onToggle={() => toggle(piece.id)} onPointerDown={press(piece)} />
            ) : (
              <TileView key={piece.id} tile={piece.tile} />
            ),
          )}
        </div>
      </section>

    </div>
  );
}

interface SetProps {
  set: TableSet;
  number: number;
  check: { code: string | null; order: number[] } | undefined;
  editable: boolean;
  selected: string[];
  onToggle: (id: string) => void;
  onAdd: () => void;
  onPress?: (piece: Piece) => (event: JSX.TargetedPointerEvent<HTMLButtonElement>) => void;
  /** The ids of the pieces the last move laid. */
  fresh?: Set<string>;
}

/** One set on the table: its tiles (in the engine's reading order once read), the plus to
 *  add the selected tiles, and the reason when it is not a set. */
export function SetRow({ set, number, check, editable, selected, onToggle, onAdd, onPress, fresh }: SetProps) {
  const bad = check !== undefined && check.code !== null;
  const pieces = check?.order.length === set.pieces.length ? check.order.map((i) => set.pieces[i]) : set.pieces;
  const reasonId = `zk-set-reason-${set.id}`;
  // Enter on a tile of a set adds the selected tiles to that set (Space selects).
  const enter = (event: JSX.TargetedKeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "Enter" && selected.length > 0) {
      event.preventDefault();
      onAdd();
    }
  };
  return (
    <div
      class={`zk-set${bad ? " bad" : ""}`}
      role="group"
      aria-label={t("zk.set", { n: number })}
      aria-describedby={bad ? reasonId : undefined}
      data-set={number}
      data-drop={editable ? `set:${set.id}` : undefined}
    >
      <div class="zk-set-tiles">
        {pieces.map((piece) =>
          editable ? (
            <TileButton key={piece.id} tile={piece.tile} own={piece.own} fresh={fresh?.has(piece.id)} selected={selected.includes(piece.id)} onToggle={() => onToggle(piece.id)} onKeyDown={enter} onPointerDown={onPress?.(piece)} />
          ) : (
            <TileView key={piece.id} tile={piece.tile} fresh={fresh?.has(piece.id)} />
          ),
        )}
        {editable && (
          <button type="button" class="zk-add" aria-label={t("zk.set.add", { n: number })} disabled={selected.length === 0} onClick={onAdd}>
            +
          </button>
        )}
      </div>
      {bad && <p id={reasonId} class="zk-reason">{t("zk.set.bad", { reason: errorText(check.code!, check.code!) })}</p>}
    </div>
  );
}

/** The table's pieces the last move laid (the first matching ones, not own pieces). */
export function freshPieces(sets: TableSet[], last: LastMove | null, same: (a: Tile, b: Tile) => boolean): Set<string> {
  const ids = new Set<string>();
  if (!last || last.type !== "played") return ids;
  const laid = [...last.laid];
  for (const piece of sets.flatMap((set) => set.pieces)) {
    const at = piece.own ? -1 : laid.findIndex((tile) => same(tile, piece.tile));
    if (at < 0) continue;
    laid.splice(at, 1);
    ids.add(piece.id);
  }
  return ids;
}

/** Why the engine will not take the edited table now, in words: a meld under 30 with what
 *  it is worth so far, else the refusal's catalogue text. */
function verdictText(verdict: Verdict, min: number): string {
  const code = verdict.code ?? "";
  if (code === "meld_too_low" && verdict.meld !== undefined) return t("zk.meld.low", { value: verdict.meld, min });
  return errorText(code, verdict.message ?? code);
}

export function lastText(last: LastMove, names: SeatNames): string {
  const name = names[last.seat] ?? "";
  if (last.type === "played") return t("zk.last.played", { name, count: last.laid.length });
  if (last.type === "drew") return t("zk.last.drew", { name });
  return t("zk.last.passed", { name });
}

interface EndProps {
  result: ZkResult;
  view: ZkView;
  names: SeatNames;
  /** The buttons under the scores. */
  children?: ComponentChildren;
  /** What comes after them (the replay's button). */
  after?: ComponentChildren;
  /** The prefix of its ids (a replay's end frame shows under the live end screen). */
  id?: string;
}

/** The end of a round: who won and why, every rack with its sum, and the scores. */
export function End({ result, view, names, children, after, id = "zk-end" }: EndProps) {
  const left = result.reason === "left";
  // A round someone left has no winner to cheer: it says who left (nobody scored).
  const winner = left ? null : result.winner;
  const gone = view.players.filter((player) => player.left).map((player) => player.seat);
  const nameOf = (seat: number) => names[seat] ?? t("zk.player", { n: seat + 1 });
  const headline = left ? (gone.includes(view.seat) && names[view.seat] === t("zk.you") ? t("zk.end.left.you")
      : t("zk.end.left.who", { name: gone.map(nameOf).join(", ") }))
    : winner === null ? t("zk.end.draw")
    : winner === view.seat && view.players.length === 2 && names[view.seat] === t("zk.you") ? t("zk.end.you")
    : t("zk.end.won", { name: nameOf(winner) });
  return (
    <section class="zk-end" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("zk.end.title")}</h2>
      <p class="zk-end-headline" role="status">{headline}</p>
      <p class="hint">{t(`zk.end.${result.reason}`)}</p>
      <table class="zk-end-table">
        <thead>
          <tr>
            <th scope="col">{t("zk.end.player")}</th>
            <th scope="col">{t("zk.end.rack")}</th>
            <th scope="col" class="num">{t("zk.end.value")}</th>
            <th scope="col" class="num">{t("zk.end.score")}</th>
          </tr>
        </thead>
        <tbody>
          {result.racks.map((rack, seat) => (
            <tr key={seat} class={`zk-seat${seat}${seat === winner ? " winner" : ""}`}>
              <th scope="row">
                <span class="zk-dot" aria-hidden="true" /> {nameOf(seat)}
                {gone.includes(seat) && <span class="zk-end-gone"> ({t("zk.end.gone")})</span>}
              </th>
              <td><span class="zk-end-rack">{rack.map((tile, i) => <TileView key={i} tile={tile} small />)}</span></td>
              <td class="num">{result.rack_values[seat]}</td>
              <td class="num">{result.scores[seat] > 0 ? `+${result.scores[seat]}` : result.scores[seat]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {children && <div class="zk-end-buttons">{children}</div>}
      {after}
      <section class="zk-table" aria-label={t("zk.table")}>
        {shownSets(view).map((set, index) => (
          <SetRow key={set.id} set={set} number={index + 1} check={undefined} editable={false} selected={[]} onToggle={() => {}} onAdd={() => {}} />
        ))}
      </section>
    </section>
  );
}

