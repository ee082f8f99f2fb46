// @vitest-environment happy-dom
// Dragging Žolíky's tiles (drag.ts) with a mouse and a finger: when a press becomes a drag,
// the copy that follows the pointer, where the tiles are let go, the click after a drop, and
// a finger that swipes (the page scrolls) or holds (the page must not).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pressTile, type DropZone } from "./drag";

let tile: HTMLElement;
let set: HTMLElement;
let drops: DropZone[];
let under: Element | null;

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = `
    <div data-drop="rack"><button class="zk-tile" id="tile">7</button></div>
    <div data-drop="set:n1"><span id="in-set">red 5</span></div>`;
  tile = document.getElementById("tile")!;
  set = document.getElementById("in-set")!;
  drops = [];
  under = null;
  // No layout here: the element under the pointer is the one the test names.
  document.elementFromPoint = () => under;
});

afterEach(() => {
  dispatchEvent(pointer("pointercancel", 0, 0)); // a drag a test left going ends here
  vi.useRealTimers();
  document.documentElement.className = "";
});

const pointer = (type: string, x: number, y: number, more: PointerEventInit = {}) =>
  new PointerEvent(type, { pointerId: 1, clientX: x, clientY: y, button: 0, pointerType: "mouse", bubbles: true, ...more });

function press(kind: "mouse" | "touch" = "mouse", button = 0): void {
  pressTile(pointer("pointerdown", 100, 100, { pointerType: kind, button }), tile, (zone) => drops.push(zone));
}

const move = (x: number, y: number, pointerId = 1) => dispatchEvent(pointer("pointermove", x, y, { pointerId }));
const release = (x: number, y: number, pointerId = 1) => dispatchEvent(pointer("pointerup", x, y, { pointerId }));
const ghost = () => document.querySelector(".zk-ghost");

describe("with a mouse", () => {
  it("a press that moves lifts a copy that follows the pointer", () => {
    press();
    move(103, 102);
    expect(ghost()).toBeNull();
    move(120, 100);
    const copy = ghost() as HTMLElement;
    expect(copy).not.toBeNull();
    expect(copy.textContent).toBe("7");
    expect(copy.getAttribute("aria-hidden")).toBe("true");
    expect(copy.tabIndex).toBe(-1);
    expect(document.documentElement.classList.contains("zk-dragging")).toBe(true);
    move(200, 150);
    expect(copy.style.transform).toBe("translate(180px, 122px)");
  });

  it("let go on a set, gives that set and takes the copy away", () => {
    press();
    move(150, 150);
    under = set;
    release(300, 300);
    expect(drops).toEqual(["set:n1"]);
    expect(ghost()).toBeNull();
    expect(document.documentElement.classList.contains("zk-dragging")).toBe(false);
  });

  it("let go nowhere, gives null", () => {
    press();
    move(150, 150);
    under = document.body;
    release(150, 150);
    expect(drops).toEqual([null]);
  });

  it("swallows the click that follows a drop, and only that one", () => {
    const clicks = vi.fn();
    tile.addEventListener("click", clicks);
    press();
    move(150, 150);
    release(150, 150);
    tile.click();
    expect(clicks).not.toHaveBeenCalled();
    vi.runAllTimers();
    tile.click();
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it("a press without a move is a click: nothing dropped, the click kept", () => {
    const clicks = vi.fn();
    tile.addEventListener("click", clicks);
    press();
    release(101, 101);
    tile.click();
    expect(drops).toEqual([]);
    expect(clicks).toHaveBeenCalledTimes(1);
    move(300, 300);
    expect(ghost()).toBeNull();
  });

  it("ignores another button and another pointer", () => {
    press("mouse", 2);
    move(200, 200);
    expect(ghost()).toBeNull();
    press();
    move(200, 200, 7);
    release(200, 200, 7);
    expect(ghost()).toBeNull();
    expect(drops).toEqual([]);
  });

  it("a cancelled pointer drops nothing", () => {
    press();
    move(150, 150);
    dispatchEvent(pointer("pointercancel", 150, 150));
    expect(ghost()).toBeNull();
    release(150, 150);
    expect(drops).toEqual([]);
  });
});

describe("with a finger", () => {
  const touchmove = () => {
    const event = new Event("touchmove", { cancelable: true });
    dispatchEvent(event);
    return event.defaultPrevented;
  };

  it("that moves at once scrolls the page: no drag", () => {
    press("touch");
    move(100, 140);
    expect(ghost()).toBeNull();
    vi.advanceTimersByTime(1000);
    move(100, 200);
    release(100, 200);
    expect(ghost()).toBeNull();
    expect(drops).toEqual([]);
    expect(touchmove()).toBe(false);
  });

  it("held still for a moment drags, and the page does not scroll under it", () => {
    press("touch");
    vi.advanceTimersByTime(249);
    move(101, 101);
    vi.advanceTimersByTime(1);
    expect(touchmove()).toBe(true);
    move(100, 140);
    expect(ghost()).not.toBeNull();
    under = set;
    release(100, 140);
    expect(drops).toEqual(["set:n1"]);
    expect(touchmove()).toBe(false);
  });
});
