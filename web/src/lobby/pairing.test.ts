// Quick pairing's words (lobby/pairing.ts): the wait as mm:ss and the rating window.
import { afterEach, describe, expect, it, vi } from "vitest";
import { switchLanguage } from "../testing/language";
import { pairingStatus, seekPairing, stopPairing } from "./api";
import { serverNow, waitedText, windowText } from "./pairing";

afterEach(() => {
  switchLanguage("cs");
  vi.unstubAllGlobals();
});

function answering(body: unknown, status = 200) {
  const fetch = vi.fn(async (..._: unknown[]) => new Response(body === null ? null : JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("the pairing API", () => {
  it("sends the game, kind and settings nested, with the profile's key", async () => {
    const fetch = answering({ ticket: "t", since: 1, offer_computer_at: 45_001 }, 201);
    expect(await seekPairing({ game: "locus-poker", kind: "duel", grid: "6x5" }, "secret")).toEqual({ ticket: "t", since: 1, offer_computer_at: 45_001 });
    const [path, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(path).toBe("/api/pairing");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({ game: "locus-poker", kind: "duel", settings: { grid: "6x5" } });
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer secret");
  });

  it("asks about a ticket, and stops waiting even as the page goes (204, no body)", async () => {
    let fetch = answering({ status: "waiting", since: 1, now: 2, window: 100 });
    expect(await pairingStatus("a/b")).toEqual({ status: "waiting", since: 1, now: 2, window: 100 });
    expect(fetch.mock.calls[0][0]).toBe("/api/pairing/a%2Fb");
    fetch = answering(null, 204);
    expect(await stopPairing("t")).toBeUndefined();
    const [path, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect([path, init.method, init.keepalive]).toEqual(["/api/pairing/t", "DELETE", true]);
  });
});

describe("waitedText", () => {
  it("shows whole seconds as mm:ss, minutes going on past an hour", () => {
    expect(waitedText(0)).toBe("00:00");
    expect(waitedText(999)).toBe("00:00");
    expect(waitedText(7_400)).toBe("00:07");
    expect(waitedText(65_000)).toBe("01:05");
    expect(waitedText(3_661_000)).toBe("61:01");
  });

  it("never goes below zero (a device's clock a little ahead of the server's)", () => {
    expect(waitedText(-1_500)).toBe("00:00");
  });
});

describe("windowText", () => {
  it("says the points either way (in tens), or that anyone will do", () => {
    expect(windowText(300)).toBe("Zatím jen někoho s hodnocením ±300 bodů od tvého.");
    expect(windowText(113)).toBe("Zatím jen někoho s hodnocením ±110 bodů od tvého.");
    expect(windowText(null)).toBe("Teď už kohokoli.");
    switchLanguage("en");
    expect(windowText(100)).toBe("For now only someone rated within ±100 points of you.");
    expect(windowText(null)).toBe("Anyone now.");
  });
});

describe("serverNow", () => {
  it("moves the device's time by the skew seen last", () => {
    expect(serverNow(2_500, 10_000)).toBe(12_500);
    expect(serverNow(-700, 10_000)).toBe(9_300);
  });
});
