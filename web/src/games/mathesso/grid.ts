// The table's grid: how many columns make the biggest cards that fit the space a screen
// gives (a tablet shows a whole Pico table at once; the biggest variants scroll rather
// than shrink a card below a finger's size).
import { useEffect, useState, type MutableRef } from "preact/hooks";

const GAP = 6;
/** The gap between cards when they are as small as they get (Standart on a tablet): more
 *  of the table in sight at once, each card still a finger's size. */
const TIGHT_GAP = 4;
/** The smallest card (px): a finger's touch target. */
export const MIN_CARD = 46;
const MAX_CARD = 132;

export interface Grid {
  cols: number;
  size: number;
  gap: number;
}

/** The columns and card size for `count` cards in `width` × `height` pixels. */
export function fit(count: number, width: number, height: number): Grid {
  let best: Grid = { cols: 1, size: 0, gap: GAP };
  for (let cols = 1; cols <= Math.max(1, count); cols++) {
    const rows = Math.ceil(count / cols);
    const size = Math.min((width - GAP * (cols - 1)) / cols, (height - GAP * (rows - 1)) / rows, MAX_CARD);
    if (size > best.size) best = { cols, size, gap: GAP };
  }
  if (best.size >= MIN_CARD) return { ...best, size: Math.floor(best.size) };
  // Too many for the height: as many columns of finger-sized cards as the width holds.
  const gap = TIGHT_GAP;
  const cols = Math.max(1, Math.floor((width + gap) / (MIN_CARD + gap)));
  return { cols, gap, size: Math.max(MIN_CARD, Math.floor(Math.min((width - gap * (cols - 1)) / cols, MAX_CARD))) };
}

/** The grid for `count` cards in the element `box`: its width, and the window's height
 *  below its top less `below` pixels (what must stay visible under the table), or
 *  `height` pixels when given (a replay's table, wherever on the page it lies). */
export function useGrid(box: MutableRef<HTMLElement | null>, count: number, below: number, height?: number): Grid {
  const [grid, setGrid] = useState<Grid>({ cols: Math.min(count, 8), size: 64, gap: GAP });
  // (measured after every render too: what lies above the table may have grown or gone)
  useEffect(() => {
    const element = box.current;
    if (element) setGrid((old) => same(old, measureIn(element, count, below, height)));
  });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setGrid((old) => same(old, measureIn(element, count, below, height)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      removeEventListener("resize", measure);
    };
  }, [box, count, below, height]);
  return grid;
}

function measureIn(element: HTMLElement, count: number, below: number, fixed?: number): Grid {
  const style = getComputedStyle(element);
  const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  const padY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  const top = element.getBoundingClientRect().top + window.scrollY;
  const height = fixed ?? Math.max(MIN_CARD * 3, window.innerHeight - top - below - padY);
  return fit(count, element.clientWidth - padX, height);
}

/** `old` when `next` is the same grid (no re-render). */
function same(old: Grid, next: Grid): Grid {
  return old.cols === next.cols && old.size === next.size && old.gap === next.gap ? old : next;
}
