// The grid of cards: each a button with its name, its chip and face for a screen reader.
// One card has the focus cursor (a roving tabindex: Tab enters the grid once, the arrows move
// in it); pointing at a free card, or holding it with a finger, previews it; a press
// chooses it. U or Enter plays the focused card face up, D or Shift+Enter face down. The
// last move's hand and the previewed hand are lit; dead cards show their back. StillBoard is
// the same grid read-only (a replay's frame): pictures with the same names, nothing to press.
import type { JSX } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { t } from "../../i18n";
import { CardBack, CardFace, Chip } from "./Card";
import { cardName } from "./cards";
import type { Face, LpView, SeatNames } from "./types";

const HOLD_MS = 350;

interface Props {
  view: LpView;
  names: SeatNames;
  /** The focus cursor's cell (also the chosen card while it is free). */
  cursor: number;
  /** Whether the player may play now (free cards are then live). */
  live: boolean;
  /** The card being previewed (pointed at, else the cursor's), and the cells of its hand. */
  previewed: number | null;
  previewCells: number[];
  onCursor: (cell: number) => void;
  /** Pointing at (or holding) a card: its cell. It stays the previewed card when the
   *  pointer goes on to the buttons that play it. */
  onPoint: (cell: number) => void;
  onPlay: (cell: number, face: Face) => void;
}

export function Board({ view, names, cursor, live, previewed, previewCells, onCursor, onPoint, onPlay }: Props) {
  const grid = useRef<HTMLDivElement>(null);
  const hold = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const last = view.last;
  const lit = new Set(previewCells);

  // The cursor moved on its own (its card was just taken): the focus goes with it.
  useEffect(() => {
    const active = document.activeElement;
    if (!grid.current?.contains(active) || !(active instanceof HTMLElement) || active.dataset.cell === String(cursor)) return;
    grid.current.querySelector<HTMLButtonElement>(`[data-cell="${cursor}"]`)?.focus();
  }, [cursor]);

  const move = (cell: number) => {
    onCursor(cell);
    grid.current?.querySelector<HTMLButtonElement>(`[data-cell="${cell}"]`)?.focus();
  };
  const keyDown = (event: JSX.TargetedKeyboardEvent<HTMLDivElement>) => {
    const { cols, rows } = view;
    const row = Math.floor(cursor / cols);
    const col = cursor % cols;
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0],
    };
    const step = steps[event.key];
    if (step) {
      event.preventDefault();
      const r = Math.min(rows - 1, Math.max(0, row + step[0]));
      const c = Math.min(cols - 1, Math.max(0, col + step[1]));
      return move(r * cols + c);
    }
    if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      return move(event.key === "Home" ? row * cols : row * cols + cols - 1);
    }
    const key = event.key.toLowerCase();
    const face: Face | null = key === "u" ? "up" : key === "d" ? "down" : event.key === "Enter" ? (event.shiftKey ? "down" : "up") : null;
    if (face === null || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    if (live && view.chips[cursor] === null) onPlay(cursor, face);
  };
  const pointerDown = (cell: number) => (event: JSX.TargetedPointerEvent<HTMLButtonElement>) => {
    if (event.pointerType !== "touch") return;
    clearTimeout(hold.current);
    hold.current = setTimeout(() => onPoint(cell), HOLD_MS);
  };
  const pointerEnd = () => {
    clearTimeout(hold.current);
  };

  return (
    <div
      ref={grid}
      class={`lp-board${last ? ` lp-last${last.seat}` : ""}`}
      role="group"
      aria-label={t("lp.board")}
      style={{ "--lp-cols": String(view.cols), "--lp-rows": String(view.rows) }}
      onKeyDown={keyDown}
    >
      {view.cards.map((_, cell) => {
        const chip = view.chips[cell];
        const { label, classes: kind, drawing } = look(view, names, cell);
        const classes = [
          kind,
          lit.has(cell) ? "in-preview" : "",
          cell === cursor && !view.over ? "cursor" : "",
          live && cell === previewed ? "previewed" : "",
        ].filter(Boolean).join(" ");
        return (
          <button
            key={cell}
            type="button"
            class={classes}
            data-cell={cell}
            tabIndex={cell === cursor ? 0 : -1}
            aria-label={label}
            aria-pressed={chip === null && live ? (cell === cursor ? "true" : "false") : undefined}
            aria-disabled={chip !== null || !live ? "true" : undefined}
            onClick={() => onCursor(cell)}
            onFocus={() => cell !== cursor && onCursor(cell)}
            onPointerEnter={(event) => event.pointerType === "mouse" && onPoint(cell)}
            // (after a new position the pointer still over a card points at it again)
            onPointerMove={(event) => event.pointerType === "mouse" && previewed !== cell && chip === null && onPoint(cell)}
            onPointerDown={pointerDown(cell)}
            onPointerUp={pointerEnd}
            onPointerCancel={pointerEnd}
            onContextMenu={(event) => event.preventDefault()}
          >
            {drawing}
          </button>
        );
      })}
    </div>
  );
}

/** A card of the grid as every board shows it: its name for a screen reader (free, or whose
 *  chip and which face, and whether the last move's hand has it), its classes, its drawing. */
function look(view: LpView, names: SeatNames, cell: number): { label: string; classes: string; drawing: JSX.Element } {
  const card = view.cards[cell];
  const chip = view.chips[cell];
  const name = cardName(card);
  const inHand = view.last?.cells?.includes(cell) ?? false;
  const owner = chip ? names[chip.seat] ?? t("lp.player", { n: chip.seat + 1 }) : "";
  const label = (chip === null ? t("lp.card.free", { card: name })
    : t(chip.face === "up" ? "lp.card.up" : "lp.card.down", { card: name, name: owner }))
    + (inHand ? t("lp.card.hand") : "");
  const classes = [
    "lp-card",
    chip === null ? "free" : chip.face === "down" ? "dead" : "taken",
    inHand ? "in-hand" : "",
    view.last?.cell === cell ? "last" : "",
  ].filter(Boolean).join(" ");
  const drawing = (
    <>
      {chip?.face === "down" ? <CardBack /> : <CardFace card={card} />}
      {chip && <Chip seat={chip.seat} />}
    </>
  );
  return { label, classes, drawing };
}

/** The grid read-only: each card a picture with its name, the last move's hand lit. */
export function StillBoard({ view, names }: { view: LpView; names: SeatNames }) {
  const last = view.last;
  return (
    <div
      class={`lp-board lp-still${last ? ` lp-last${last.seat}` : ""}`}
      role="group"
      aria-label={t("lp.board")}
      style={{ "--lp-cols": String(view.cols), "--lp-rows": String(view.rows) }}
    >
      {view.cards.map((_, cell) => {
        const { label, classes, drawing } = look(view, names, cell);
        return <span key={cell} class={classes} data-cell={cell} role="img" aria-label={label}>{drawing}</span>;
      })}
    </div>
  );
}
