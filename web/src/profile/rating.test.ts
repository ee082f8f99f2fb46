// Ratings as people read them (profile/rating.ts): a change with its sign, "?" while
// provisional, the games in words, and the chart's scaling and words.
import { afterEach, describe, expect, it } from "vitest";
import { switchLanguage } from "../testing/language";
import { changeText, chart, chartText, gamesText, ratingOf, ratingText } from "./rating";

afterEach(() => switchLanguage("cs"));

describe("changeText", () => {
  it("signs gains and losses, with a real minus sign", () => {
    expect(changeText(12)).toBe("+12");
    expect(changeText(-12)).toBe("\u221212");
    expect(changeText(0)).toBe("\u00b10");
  });

  it("rounds to whole points, and a change that rounds to nothing is ±0", () => {
    expect(changeText(11.6)).toBe("+12");
    expect(changeText(-0.4)).toBe("\u00b10");
  });
});

describe("ratingText", () => {
  it("marks a provisional rating with a question mark", () => {
    expect(ratingText(1540, false)).toBe("1540");
    expect(ratingText(1500, true)).toBe("1500?");
  });

  it("shows no rating as a dash", () => {
    expect(ratingText(null, true)).toBe("–");
  });
});

describe("gamesText", () => {
  it("counts the rated games in Czech's three forms and in English", () => {
    expect([1, 3, 12].map(gamesText)).toEqual(["1 hodnocená hra", "3 hodnocené hry", "12 hodnocených her"]);
    switchLanguage("en");
    expect([1, 3].map(gamesText)).toEqual(["1 rated game", "3 rated games"]);
  });
});

describe("ratingOf", () => {
  it("reads a game's rating block, null when there is none", () => {
    const rating = { rating: 1512, games: 3, provisional: true, history: [{ at: 1, rating: 1512 }] };
    expect(ratingOf({ games: 3, rating })).toEqual(rating);
    expect(ratingOf({ games: 0, rating: null })).toBeNull();
    expect(ratingOf({ games: 0 })).toBeNull();
    expect(ratingOf(undefined)).toBeNull();
  });

  it("takes a block without its history as one with none", () => {
    expect(ratingOf({ rating: { rating: 1500, games: 1, provisional: true } })?.history).toEqual([]);
  });
});

describe("chart", () => {
  it("spreads the values over the width and puts higher values higher up", () => {
    const drawn = chart([1500, 1550, 1525], 200, 100, 0, 0);
    expect(drawn.points.map((p) => p.x)).toEqual([0, 100, 200]);
    expect(drawn.points.map((p) => p.y)).toEqual([100, 0, 50]);
    expect(drawn.low).toBe(1500);
    expect(drawn.high).toBe(1550);
    expect(drawn.path).toBe("M0 100 L100 0 L200 50");
  });

  it("keeps the padding free on every side", () => {
    const drawn = chart([1400, 1600], 100, 60, 5, 0);
    expect(drawn.points).toEqual([{ x: 5, y: 55, value: 1400 }, { x: 95, y: 5, value: 1600 }]);
  });

  it("covers at least `span` of values, so small changes do not look like cliffs", () => {
    const drawn = chart([1500, 1502], 100, 100, 0, 40);
    expect(drawn.high - drawn.low).toBeGreaterThanOrEqual(40);
    expect(drawn.points[0].y).toBeGreaterThan(drawn.points[1].y);
    expect(Math.abs(drawn.points[0].y - drawn.points[1].y)).toBeLessThan(10);
  });

  it("draws a flat history across the middle, and one game as a point in the middle", () => {
    expect(chart([1500, 1500, 1500], 100, 80, 0).points.map((p) => p.y)).toEqual([40, 40, 40]);
    const one = chart([1512], 100, 80);
    expect(one.points).toEqual([{ x: 50, y: 40, value: 1512 }]);
    expect(one.path).toBe("M50 40");
  });

  it("draws nothing for no history", () => {
    expect(chart([], 100, 80)).toEqual({ points: [], path: "", low: 0, high: 0 });
  });
});

describe("chartText", () => {
  it("says the first and last value with the lowest and highest", () => {
    expect(chartText([1500, 1480, 1560, 1542])).toBe("Počet her: 4. Hodnocení z 1500 na 1542, nejméně 1480, nejvíc 1560.");
    switchLanguage("en");
    expect(chartText([1500, 1542])).toBe("Games: 2. The rating went from 1500 to 1542, lowest 1500, highest 1542.");
  });

  it("says a single game's rating, and nothing for none", () => {
    expect(chartText([1512])).toBe("Zatím jedna hra: 1512.");
    expect(chartText([])).toBe("");
  });
});
