// The 5×5 board as real buttons in reading order, each row's score at its right end, each
// column's below it and the diagonals' at their bottom corners. Scores and preview gains
// are the table's; this only lays them out.
import { t } from "../../i18n";
import { lineName, type MpView } from "./types";

interface Props {
  view: MpView;
  /** Whether an empty cell takes something now (a number in hand or a chosen joker value). */
  ready: boolean;
  showPreview: boolean;
  onCell: (cell: number) => void;
  /** The coach's marks on a replayed board: the computer's cell and the player's. */
  outline?: Outline;
}

export interface Outline {
  best: number;
  mine: number;
}

export function Board({ view, ready, showPreview, onCell, outline }: Props) {
  const gains = showPreview && view.preview && !view.over ? view.preview : null;
  const best = gains ? Math.max(0, ...gains.map((gain) => gain ?? 0)) : 0;
  const lines = view.score.lines;
  const items = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 5; col++) {
      const cell = row * 5 + col;
      items.push(
        <Cell
          key={`c${cell}`}
          cell={cell}
          value={view.board[cell]}
          joker={view.jokers[cell]}
          gain={gains?.[cell] ?? null}
          best={best > 0 && gains?.[cell] === best}
          ready={ready && !view.over && view.board[cell] === null}
          onCell={onCell}
          coach={outline?.best === cell ? "best" : outline?.mine === cell ? "mine" : null}
        />,
      );
    }
    items.push(<LineScore key={`r${row}`} index={row} points={lines[row]} gridRow={row + 1} gridColumn={7} />);
  }
  items.push(<LineScore key="anti" index={11} points={lines[11]} gridRow={6} gridColumn={1} corner="↙" />);
  for (let col = 0; col < 5; col++) {
    items.push(<LineScore key={`k${col}`} index={5 + col} points={lines[5 + col]} gridRow={6} gridColumn={col + 2} />);
  }
  items.push(<LineScore key="main" index={10} points={lines[10]} gridRow={6} gridColumn={7} corner="↘" />);
  return (
    <div class="mp-board" role="group" aria-label={t("mp.board.label")}>
      {items}
    </div>
  );
}

interface CellProps {
  cell: number;
  value: number | null;
  joker: boolean;
  gain: number | null;
  best: boolean;
  ready: boolean;
  onCell: (cell: number) => void;
  coach: "best" | "mine" | null;
}

/** Cell `cell`'s row and column, counted from 1 (as labels and notes say them). */
export function cellPlace(cell: number): { row: number; col: number } {
  return { row: Math.floor(cell / 5) + 1, col: (cell % 5) + 1 };
}

function Cell({ cell, value, joker, gain, best, ready, onCell, coach }: CellProps) {
  const place = cellPlace(cell);
  let label =
    value === null
      ? t("mp.cell.empty", place)
      : t(joker ? "mp.cell.joker" : "mp.cell.value", { ...place, value });
  if (gain !== null) label += `, ${t("mp.cell.gain", { gain })}`;
  if (coach) label += `, ${t(`mp.coach.cell.${coach}`)}`;
  const classes = ["mp-cell"];
  if (value !== null) classes.push("filled");
  if (joker) classes.push("joker");
  if (ready) classes.push("ready");
  if (best) classes.push("best");
  if (coach) classes.push(`coach-${coach}`);
  return (
    <button
      type="button"
      class={classes.join(" ")}
      data-cell={cell}
      aria-label={label}
      aria-disabled={ready ? undefined : "true"}
      style={{ gridRow: place.row, gridColumn: place.col + 1 }}
      onClick={() => ready && onCell(cell)}
    >
      {value !== null && <span class="mp-cell-value" aria-hidden="true">{value}</span>}
      {joker && <span class="mp-cell-joker" aria-hidden="true">★</span>}
      {gain !== null && <span class="mp-cell-gain" aria-hidden="true">+{gain}</span>}
    </button>
  );
}

interface LineProps {
  index: number;
  points: number;
  gridRow: number;
  gridColumn: number;
  corner?: string;
}

function LineScore({ index, points, gridRow, gridColumn, corner }: LineProps) {
  const kind = index < 5 ? "row" : index < 10 ? "col" : "diag";
  return (
    <div
      class={`mp-line ${kind}${points > 0 ? " scored" : ""}`}
      data-line={index}
      style={{ gridRow, gridColumn }}
    >
      <span class="visually-hidden">{lineName(index, t)}: </span>
      {corner && <span class="mp-line-corner" aria-hidden="true">{corner}</span>}
      <span class="mp-line-points">{points}</span>
    </div>
  );
}
