// Reading a saved game's create request (request.ts): what the kit's page reads back after a
// reload to know who sits where, and the seed of each game of a series.
import { describe, expect, it } from "vitest";
import { knownRobots, numberOf, requestOf, robotsOf, roundSeed } from "./request";

const snapshot = (request: unknown) => JSON.stringify({ id: "t1", request, log: [] });

describe("requestOf", () => {
  it("reads the create request out of a table's snapshot", () => {
    expect(requestOf(snapshot({ game: "mathesso", seats: 3 }))).toEqual({ game: "mathesso", seats: 3 });
  });

  it("is null for a snapshot without a game's request, or not JSON at all", () => {
    expect(requestOf(snapshot(undefined))).toBeNull();
    expect(requestOf(snapshot({ seats: 2 }))).toBeNull();
    expect(requestOf(snapshot(["locus-poker"]))).toBeNull();
    expect(requestOf("{not json")).toBeNull();
    expect(requestOf("null")).toBeNull();
  });
});

describe("the computer players", () => {
  const request = { game: "zoliky-s-kameny", seats: 3, robots: { "1": "stredni", "2": 7 } };

  it("are the robots named by seat, anything but a name left out", () => {
    expect(robotsOf(request)).toEqual({ "1": "stredni" });
    expect(robotsOf({ game: "g" })).toEqual({});
    expect(robotsOf({ game: "g", robots: ["a"] })).toEqual({});
  });

  it("are known when every one is among the game's bots", () => {
    expect(knownRobots(request, ["lehka", "stredni"])).toBe(true);
    expect(knownRobots(request, ["lehka"])).toBe(false);
    expect(knownRobots({ game: "g" }, [])).toBe(true);
  });
});

describe("numbers of a request", () => {
  it("are whole numbers, else the fallback", () => {
    expect(numberOf({ game: "g", round: 3 }, "round", 1)).toBe(3);
    expect(numberOf({ game: "g", round: "3" }, "round", 1)).toBe(1);
    expect(numberOf({ game: "g", round: 2.5 }, "round", 1)).toBe(1);
    expect(numberOf({ game: "g" }, "series", 42)).toBe(42);
  });

  it("give each game of a series asked with ?seed its own seed, the first the seed itself", () => {
    expect(roundSeed(100, 1)).toBe(100);
    expect(roundSeed(100, 3)).toBe(102);
  });
});
