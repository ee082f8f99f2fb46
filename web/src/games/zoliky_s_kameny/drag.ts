// Dragging tiles with a mouse, a pen or a finger (pointer events): a press on a tile that
// moves a few pixels (a finger: held still for a moment first, so a swipe still scrolls)
// lifts it, or every selected tile when it is one of them; a copy follows the pointer, and
// where it is let go says what happens: on a set (data-drop="set:<id>") the tiles join it,
// on the table's free space ("new") they make a new set, on the rack ("rack") own tiles go
// back. Only the place is found here; the edit is the session's, as with the buttons.

const MOVE_PX = 6;
const HOLD_MS = 250;

/** Where tiles were let go: a set's id, "new", "rack", or null (nowhere). */
export type DropZone = string | null;

/** Whether a finger holds or drags a tile now: the page must not scroll under it. The
 *  listener is there from the start (one added during a touch comes too late to stop the
 *  browser's scrolling), and explicitly not passive. */
let holding = false;
addEventListener(
  "touchmove",
  (event) => {
    if (holding && event.cancelable) event.preventDefault();
  },
  { passive: false },
);

function zoneAt(x: number, y: number): DropZone {
  const element = document.elementFromPoint(x, y)?.closest("[data-drop]");
  return element?.getAttribute("data-drop") ?? null;
}

/** Follow a press on `tile`; `drop` gets the zone once a drag ends there. */
export function pressTile(event: PointerEvent, tile: HTMLElement, drop: (zone: DropZone) => void): void {
  if (event.button !== 0) return;
  const touch = event.pointerType === "touch";
  const start = { x: event.clientX, y: event.clientY };
  let ghost: HTMLElement | null = null;
  let held = !touch;
  const timer = touch ? setTimeout(() => (held = holding = true), HOLD_MS) : undefined;

  const lift = (x: number, y: number) => {
    ghost = tile.cloneNode(true) as HTMLElement;
    ghost.classList.add("zk-ghost");
    ghost.setAttribute("aria-hidden", "true");
    ghost.tabIndex = -1;
    document.body.append(ghost);
    place(x, y);
    document.documentElement.classList.add("zk-dragging");
  };
  const place = (x: number, y: number) => {
    if (ghost) ghost.style.transform = `translate(${x - 20}px, ${y - 28}px)`;
  };
  const move = (e: PointerEvent) => {
    if (e.pointerId !== event.pointerId) return;
    const far = Math.hypot(e.clientX - start.x, e.clientY - start.y) > MOVE_PX;
    if (!ghost && far) {
      if (!held) return end(); // a finger that moves at once scrolls the page
      lift(e.clientX, e.clientY);
    }
    place(e.clientX, e.clientY);
  };
  const up = (e: PointerEvent) => {
    if (e.pointerId !== event.pointerId) return;
    const dragged = ghost !== null;
    end();
    if (!dragged) return;
    // The click that follows the release (in the same task) is not a selection.
    const swallow = (click: Event) => click.stopPropagation();
    addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => removeEventListener("click", swallow, { capture: true }), 0);
    drop(zoneAt(e.clientX, e.clientY));
  };
  const end = () => {
    clearTimeout(timer);
    holding = false;
    ghost?.remove();
    ghost = null;
    document.documentElement.classList.remove("zk-dragging");
    removeEventListener("pointermove", move);
    removeEventListener("pointerup", up);
    removeEventListener("pointercancel", end);
  };
  addEventListener("pointermove", move);
  addEventListener("pointerup", up);
  addEventListener("pointercancel", end);
}
