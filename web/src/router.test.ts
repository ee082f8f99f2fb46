// Hash routes (router.ts) and the app's table of them (routes.ts): a path's page and its
// parameters, the query after "?", the test seed, and every game's pages reachable.
import { describe, expect, it, vi } from "vitest";
import { GAMES } from "./registry";
import { currentPath, hashParams, href, matchRoute, seedParam } from "./router";
import { ROUTES } from "./routes";

const at = (hash: string) => vi.stubGlobal("location", { hash });

describe("the hash", () => {
  it("gives the path without the query, home for none", () => {
    at("#/kostkovy-poker?seed=5");
    expect(currentPath()).toBe("/kostkovy-poker");
    at("");
    expect(currentPath()).toBe("/");
    at("#?seed=1");
    expect(currentPath()).toBe("/");
  });

  it("gives the query's parameters", () => {
    at("#/mathesso?seed=12&x=a%20b");
    expect(hashParams().get("x")).toBe("a b");
    at("#/mathesso");
    expect([...hashParams()]).toEqual([]);
  });

  it("takes a seed only as a whole number of up to 15 digits", () => {
    for (const [hash, seed] of [
      ["#/g?seed=42", 42],
      ["#/g?seed=0", 0],
      ["#/g?seed=-1", null],
      ["#/g?seed=1.5", null],
      ["#/g?seed=1e3", null],
      ["#/g?seed=", null],
      ["#/g?seed=1234567890123456", null],
      ["#/g", null],
    ] as const) {
      at(hash);
      expect(seedParam(), hash).toBe(seed);
    }
  });

  it("makes a link from a path", () => {
    expect(href("/profil")).toBe("#/profil");
  });
});

describe("matchRoute", () => {
  const routes = { "/a": "A", "/a/:id": "A one", "/a/new": "A new", "/b/:x/c/:y": "B" };

  it("prefers a path as it is to a pattern", () => {
    expect(matchRoute(routes, "/a/new")).toEqual({ page: "A new", params: {} });
    expect(matchRoute(routes, "/a")).toEqual({ page: "A", params: {} });
  });

  it("fills the parameters, decoded", () => {
    expect(matchRoute(routes, "/a/%C5%BEol%C3%ADk")).toEqual({ page: "A one", params: { id: "žolík" } });
    expect(matchRoute(routes, "/b/1/c/2")).toEqual({ page: "B", params: { x: "1", y: "2" } });
  });

  it("finds nothing for another length, an empty or undecodable segment, or another word", () => {
    expect(matchRoute(routes, "/a/1/2")).toBeNull();
    expect(matchRoute(routes, "/a/")).toBeNull();
    expect(matchRoute(routes, "/a/%E0%A4%A")).toBeNull();
    expect(matchRoute(routes, "/b/1/d/2")).toBeNull();
    expect(matchRoute(routes, "/nowhere")).toBeNull();
  });

  it("does not take an object's own names for routes", () => {
    expect(matchRoute(routes, "constructor")).toBeNull();
    expect(matchRoute(routes, "toString")).toBeNull();
  });
});

describe("the app's routes", () => {
  it("hold every game's pages, its rules and its create page", () => {
    for (const game of GAMES.filter((entry) => entry.play)) {
      for (const path of Object.keys(game.routes ?? {})) expect(ROUTES, path).toHaveProperty([path]);
      expect(matchRoute(ROUTES, game.play!)?.params).toEqual({});
      if (game.rules) expect(matchRoute(ROUTES, game.rules), game.rules).not.toBeNull();
      if (game.create) expect(matchRoute(ROUTES, game.create), game.create).not.toBeNull();
    }
  });

  it("open a game's lobby from its code", () => {
    const online = GAMES.filter((entry) => entry.online && entry.play);
    expect(online.length).toBeGreaterThan(0);
    for (const game of online) {
      expect(matchRoute(ROUTES, `${game.play}/hra/ABCDEF`)?.params).toEqual({ code: "ABCDEF" });
    }
  });

  it("hold the shared pages", () => {
    expect(matchRoute(ROUTES, "/profil")).not.toBeNull();
    expect(matchRoute(ROUTES, "/zasady")).not.toBeNull();
    expect(matchRoute(ROUTES, "/zaznam/abc123")?.params).toEqual({ token: "abc123" });
    expect(matchRoute(ROUTES, "/neni-tu")).toBeNull();
  });

  it("give no two games one path", () => {
    const paths = GAMES.flatMap((game) => Object.keys(game.routes ?? {}));
    expect(new Set(paths).size).toBe(paths.length);
  });
});
