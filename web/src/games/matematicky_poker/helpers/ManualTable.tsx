// "Tabulka": an empty 5×5 board the player fills by typing; the engine in the worker scores
// it live (score_board), line by line. No rule is computed here, only which entries are numbers.
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { Dialog } from "../../../components/Dialog";
import { MpNav } from "../rules/MpNav";
import { scoreBoard } from "../engine";
import type { ScoringTable } from "../types";
import { EngineGate, loadStored, saveStored, useEngine } from "./engine";
import "./helpers.css";

export const MANUAL_KEY = "klubovna.mp.manual";
const TABLES: ScoringTable[] = ["adjacent", "school", "matematico"];
const SIZE = 5;
const DEBOUNCE_MS = 120;
/** Indexes of the engine's twelve lines: rows 0-4, columns 5-9, main diagonal, anti-diagonal. */
const MAIN_DIAGONAL = 10;
const ANTI_DIAGONAL = 11;

interface Stored {
  cells: string[];
  table: ScoringTable;
}

function isStored(value: unknown): value is Stored {
  const s = value as Stored;
  return (
    typeof s === "object" && s !== null && TABLES.includes(s.table) &&
    Array.isArray(s.cells) && s.cells.length === SIZE * SIZE && s.cells.every((c) => typeof c === "string")
  );
}

/** An entry as a board value: 1..13, null when empty; undefined when it is no such number. */
function parseCell(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^\d{1,2}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= 13 ? value : undefined;
}

function points(n: number): string {
  const form = n === 1 ? "one" : n >= 2 && n <= 4 ? "few" : "many";
  return t(`mp.manual.points.${form}`, { n });
}

const emptyCells = () => Array.from({ length: SIZE * SIZE }, () => "");

export function ManualTable() {
  useLang();
  const engine = useEngine();
  const [stored, setStored] = useState<Stored>(
    () => loadStored(MANUAL_KEY, isStored) ?? { cells: emptyCells(), table: "adjacent" },
  );
  const [score, setScore] = useState<{ lines: number[]; total: number } | null>(null);
  const [pending, setPending] = useState(true);
  const [scoreError, setScoreError] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const request = useRef(0);

  const parsed = stored.cells.map(parseCell);
  const board = parsed.map((v) => (v === undefined ? null : v));
  const invalid = parsed.some((v) => v === undefined);
  const filled = board.filter((v) => v !== null).length;
  const boardKey = JSON.stringify(board);

  /** Change the board or table and store it at once (closing the tab right after typing keeps it). */
  const update = (change: (now: Stored) => Stored) =>
    setStored((now) => {
      const next = change(now);
      saveStored(MANUAL_KEY, next);
      return next;
    });

  useEffect(() => {
    if (!engine.ready) return;
    const id = ++request.current;
    setPending(true);
    const timer = setTimeout(() => {
      scoreBoard(JSON.parse(boardKey) as Array<number | null>, stored.table).then(
        (result) => {
          if (id !== request.current) return;
          setScore(result);
          setScoreError(false);
          setPending(false);
        },
        () => {
          if (id !== request.current) return;
          setScoreError(true);
          setPending(false);
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [engine.ready, boardKey, stored.table]);

  const setCell = (index: number, text: string) =>
    update((now) => ({ ...now, cells: now.cells.map((c, i) => (i === index ? text : c)) }));

  const move = (index: number, event: KeyboardEvent) => {
    const row = Math.floor(index / SIZE);
    const col = index % SIZE;
    const target: Record<string, [number, number]> = {
      ArrowUp: [row - 1, col],
      ArrowDown: [row + 1, col],
      ArrowLeft: [row, col - 1],
      ArrowRight: [row, col + 1],
    };
    const to = target[event.key];
    if (to === undefined || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    const [r, c] = to;
    if (r < 0 || r >= SIZE || c < 0 || c >= SIZE) return;
    inputs.current[r * SIZE + c]?.focus();
  };

  const clear = () => {
    setConfirming(false);
    update((now) => ({ ...now, cells: emptyCells() }));
    setTimeout(() => inputs.current[0]?.focus(), 0); // after the dialog has closed
  };
  const closeConfirm = useCallback(() => setConfirming(false), []);

  const shown = engine.ready && score !== null;
  const lineScore = (line: number, label: string, extra = "") => (
    <div class={`line-score ${extra}${!shown || score!.lines[line] === 0 ? " zero" : ""}`} data-line={line}>
      <span class="visually-hidden">{t(label, { n: (line % SIZE) + 1, points: shown ? points(score!.lines[line]) : "–" })}</span>
      <span class="num" aria-hidden="true">{shown ? score!.lines[line] : "–"}</span>
    </div>
  );
  const bonus = shown ? score!.total - score!.lines.reduce((a, b) => a + b, 0) : 0;

  const cells = [];
  // Row above the board: only the anti-diagonal's score, where that diagonal leaves the board.
  for (let c = 0; c < SIZE; c++) cells.push(<div key={`top${c}`} aria-hidden="true" />);
  cells.push(lineScore(ANTI_DIAGONAL, "mp.manual.anti", "diag anti"));
  for (let r = 0; r < SIZE; r++) {
    for (let c = 0; c < SIZE; c++) {
      const index = r * SIZE + c;
      const bad = parsed[index] === undefined;
      cells.push(
        <input
          key={`cell${index}`}
          ref={(el) => void (inputs.current[index] = el)}
          class={bad ? "cell invalid" : "cell"}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          data-cell={index}
          aria-label={t("mp.manual.cell", { row: r + 1, col: c + 1 })}
          aria-invalid={bad ? "true" : undefined}
          value={stored.cells[index]}
          onInput={(e) => setCell(index, (e.currentTarget as HTMLInputElement).value)}
          onFocus={(e) => (e.currentTarget as HTMLInputElement).select()}
          onKeyDown={(e) => move(index, e)}
        />,
      );
    }
    cells.push(lineScore(r, "mp.manual.row", "row"));
  }
  for (let c = 0; c < SIZE; c++) cells.push(lineScore(SIZE + c, "mp.manual.col", "col"));
  cells.push(lineScore(MAIN_DIAGONAL, "mp.manual.diag", "diag main"));

  return (
    <section class="page helper manual" data-page="mp-manual">
      <MpNav current="/matematicky-poker/tabulka" />
      <h1>{t("mp.manual.title")}</h1>
      <p class="lead">{t("mp.manual.lead")}</p>
      <fieldset class="table-choice">
        <legend>{t("mp.manual.table")}</legend>
        {TABLES.map((table) => (
          <label key={table} class={stored.table === table ? "chosen" : ""}>
            <input
              type="radio"
              name="mp-manual-table"
              value={table}
              checked={stored.table === table}
              onChange={() => update((now) => ({ ...now, table }))}
            />
            <span>{t(`mp.rules.table.${table}`)}</span>
          </label>
        ))}
      </fieldset>
      <EngineGate engine={engine} retryKey="mp.manual.retry" />
      {scoreError && <p class="notice warn" role="alert">{t("engine.failed")}</p>}
      <div class="manual-layout">
        <div class={`board${pending && engine.ready ? " pending" : ""}`} role="group" aria-label={t("mp.manual.board")}>
          {cells}
        </div>
        <div class="manual-side">
          <p class="total">
            <span class="label">{t("mp.manual.total")}</span>
            <span class="num" data-total={shown ? score!.total : ""}>{shown ? score!.total : "–"}</span>
          </p>
          {bonus > 0 && <p class="bonus-note">{t("mp.manual.bonus", { points: bonus })}</p>}
          <p class="visually-hidden" aria-live="polite" aria-atomic="true">
            {shown ? t("mp.manual.total.live", { points: points(score!.total) }) : ""}
          </p>
          <p class="muted">{t("mp.manual.filled", { n: filled })}</p>
          {invalid && <p class="notice warn invalid-note">{t("mp.manual.invalid")}</p>}
          <p>
            <button type="button" class="clear" onClick={() => setConfirming(true)} disabled={filled === 0 && !invalid}>
              {t("mp.manual.clear")}
            </button>
          </p>
          <p class="hint">{t("mp.manual.keys")}</p>
        </div>
      </div>
      {confirming && (
        <Dialog title={t("mp.manual.clear.title")} onClose={closeConfirm}>
          <p>{t("mp.manual.clear.text")}</p>
          <div class="dialog-actions">
            <button type="button" onClick={closeConfirm}>{t("mp.manual.cancel")}</button>
            <button type="button" class="primary confirm" onClick={clear}>{t("mp.manual.clear.confirm")}</button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
