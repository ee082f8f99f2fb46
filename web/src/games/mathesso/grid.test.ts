// Mathesso's table grid (grid.ts: the biggest cards that fit) and its card colours
// (colours.ts: the spec's fixed ruler colours, all ten told apart).
import { describe, expect, it } from "vitest";
import { BACKGROUND, RULER, rulerColour } from "./colours";
import { MIN_CARD, fit } from "./grid";

/** The space `grid` takes for `count` cards. */
const used = (grid: ReturnType<typeof fit>, count: number) => {
  const rows = Math.ceil(count / grid.cols);
  return { width: grid.cols * grid.size + (grid.cols - 1) * grid.gap, height: rows * grid.size + (rows - 1) * grid.gap };
};

describe("fit", () => {
  it("puts 16 cards in a square space as 4 × 4", () => {
    expect(fit(16, 400, 400)).toEqual({ cols: 4, size: 95, gap: 6 });
  });

  it("uses one row in a wide, low space and one column in a tall, narrow one", () => {
    expect(fit(4, 1000, 120).cols).toBe(4);
    expect(fit(4, 120, 1000).cols).toBe(1);
  });

  it("never makes a card bigger than 132 px", () => {
    expect(fit(2, 2000, 2000).size).toBe(132);
    expect(fit(1, 300, 300)).toEqual({ cols: 1, size: 132, gap: 6 });
  });

  it("fits the cards it can into the space, at whole pixels", () => {
    for (const [count, width, height] of [[12, 360, 500], [20, 768, 900], [30, 1024, 700], [7, 333, 333]]) {
      const grid = fit(count, width, height);
      expect(grid.size, `${count} in ${width}×${height}`).toBeGreaterThanOrEqual(MIN_CARD);
      expect(Number.isInteger(grid.size)).toBe(true);
      const space = used(grid, count);
      expect(space.width).toBeLessThanOrEqual(width);
      expect(space.height).toBeLessThanOrEqual(height);
    }
  });

  it("picks the columns that make the biggest card", () => {
    const [count, width, height] = [12, 500, 380];
    const grid = fit(count, width, height);
    for (let cols = 1; cols <= count; cols++) {
      const rows = Math.ceil(count / cols);
      const size = Math.min((width - 6 * (cols - 1)) / cols, (height - 6 * (rows - 1)) / rows);
      expect(Math.floor(size)).toBeLessThanOrEqual(grid.size);
    }
  });

  it("keeps finger-sized cards in the width's columns when the height cannot hold them (the table scrolls)", () => {
    const grid = fit(60, 360, 200);
    expect(grid.gap).toBe(4);
    expect(grid.size).toBeGreaterThanOrEqual(MIN_CARD);
    expect(grid.cols).toBe(Math.floor((360 + 4) / (MIN_CARD + 4)));
    expect(used(grid, 60).width).toBeLessThanOrEqual(360);
  });

  it("gives one finger-sized column to a space narrower than a card", () => {
    expect(fit(5, 30, 30)).toEqual({ cols: 1, size: MIN_CARD, gap: 4 });
  });
});

describe("the colours", () => {
  it("are the spec's for 1 pink, 2 red, 3 orange, 7 light blue", () => {
    expect(RULER[1]).toBe("#f472b6");
    expect(RULER[2]).toBe("#dc2626");
    expect(RULER[3]).toBe("#f97316");
    expect(RULER[7]).toBe("#38bdf8");
  });

  it("differ for each number 1–11, and a number without one is grey", () => {
    const colours = Array.from({ length: 11 }, (_, i) => rulerColour(i + 1));
    expect(new Set(colours).size).toBe(11);
    expect(colours.every((colour) => /^#[0-9a-f]{6}$/.test(colour))).toBe(true);
    expect(rulerColour(0)).toBe("#6b7280");
    expect(rulerColour(12)).toBe("#6b7280");
  });

  it("tell the ten ruler colours apart by lightness too (red-green weakness)", () => {
    const lightness = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    // 2 red and 5 green, the pair that weakness confuses most, are not alike in lightness.
    expect(Math.abs(lightness(RULER[2]) - lightness(RULER[5]))).toBeGreaterThan(0.03);
    expect(BACKGROUND.rainbow).toHaveLength(6);
  });
});
