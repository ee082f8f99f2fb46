// One tile drawn in CSS and SVG: its number in its colour over a mark of the colour's own
// shape (circle, square, triangle, diamond), so colours are told apart without seeing them;
// the joker a star. As a button it is selected with a press (Space, a tap), and its label
// says what it is ("červená 7, vybráno").
import type { JSX } from "preact";
import { t } from "../../i18n";
import { isJoker, tileName } from "./tiles";
import type { Tile as TileValue } from "./types";

const MARKS = [
  <circle cx="6" cy="6" r="4.5" />,
  <rect x="1.5" y="1.5" width="9" height="9" />,
  <path d="M6 1 L11 11 H1 Z" />,
  <path d="M6 0.5 L11.5 6 L6 11.5 L0.5 6 Z" />,
];

function Face({ tile }: { tile: TileValue }) {
  if (isJoker(tile)) {
    return (
      <svg class="zk-joker" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 2 L14.6 8.6 L21.5 9.2 L16.2 13.7 L17.9 20.5 L12 16.8 L6.1 20.5 L7.8 13.7 L2.5 9.2 L9.4 8.6 Z" />
      </svg>
    );
  }
  return (
    <>
      <span class="zk-number" aria-hidden="true">{tile[1]}</span>
      <svg class="zk-mark" viewBox="0 0 12 12" aria-hidden="true">{MARKS[tile[0]]}</svg>
    </>
  );
}

function classes(tile: TileValue, extra: string): string {
  return `zk-tile ${isJoker(tile) ? "zk-j" : `zk-c${tile[0]}`}${extra}`;
}

/** A tile to look at (the end's racks, another player's view). */
export function TileView({ tile, small = false, fresh = false }: { tile: TileValue; small?: boolean; fresh?: boolean }) {
  return (
    <span class={classes(tile, `${small ? " small" : ""}${fresh ? " fresh" : ""}`)} role="img" aria-label={tileName(tile)}>
      <Face tile={tile} />
    </span>
  );
}

interface ButtonProps {
  tile: TileValue;
  selected: boolean;
  /** Laid from the rack in this turn (marked, and it may go back to the rack). */
  own?: boolean;
  disabled?: boolean;
  onToggle: () => void;
  onKeyDown?: (event: JSX.TargetedKeyboardEvent<HTMLButtonElement>) => void;
  /** Laid by the last move (marked in its player's colour). */
  fresh?: boolean;
  /** A press that may become a drag (drag.ts). */
  onPointerDown?: (event: JSX.TargetedPointerEvent<HTMLButtonElement>) => void;
}

/** A tile that can be selected. */
export function TileButton({ tile, selected, own = false, fresh = false, disabled = false, onToggle, onKeyDown, onPointerDown }: ButtonProps) {
  const label = own ? `${tileName(tile)}, ${t("zk.tile.own")}` : tileName(tile);
  return (
    <button
      type="button"
      class={classes(tile, `${selected ? " selected" : ""}${own ? " own" : ""}${fresh ? " fresh" : ""}`)}
      aria-pressed={selected ? "true" : "false"}
      aria-label={label}
      disabled={disabled}
      onClick={onToggle}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
    >
      <Face tile={tile} />
    </button>
  );
}
