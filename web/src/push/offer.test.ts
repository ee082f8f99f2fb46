// When notifications are offered, and the server's key as bytes (offer.ts).
import { describe, expect, it } from "vitest";
import { base64urlBytes, offerShown, turnBased, visit, type OfferFacts } from "./offer";

describe("base64urlBytes", () => {
  it("reads base64url without padding, with - and _", () => {
    expect([...base64urlBytes("AQID")]).toEqual([1, 2, 3]);
    expect([...base64urlBytes("-_8")]).toEqual([0xfb, 0xff]);
    expect([...base64urlBytes("AA")]).toEqual([0]);
    expect([...base64urlBytes("")]).toEqual([]);
  });

  it("takes padding too", () => {
    expect([...base64urlBytes("AA==")]).toEqual([0]);
  });

  it("gives the server's 65-byte P-256 point", () => {
    const point = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : i * 3));
    const text = btoa(String.fromCharCode(...point)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(base64urlBytes(text)).toEqual(point);
  });

  it("refuses what is not base64url", () => {
    expect(() => base64urlBytes("a+b/")).toThrow();
    expect(() => base64urlBytes("abcde")).toThrow();
    expect(() => base64urlBytes("ab cd")).toThrow();
  });
});

const READY: OfferFacts = {
  supported: true,
  permission: "default",
  profile: true,
  answer: null,
  reason: "turns",
  firstVisit: false,
  challengeShown: false,
};

describe("offerShown", () => {
  it("shows after a turn-based room or a friend's challenge, to a profile, on a later visit", () => {
    expect(offerShown(READY)).toBe(true);
    expect(offerShown({ ...READY, reason: "challenge" })).toBe(true);
    expect(offerShown({ ...READY, permission: "granted" })).toBe(true);
  });

  it("never without a reason, on the first visit or without a profile", () => {
    expect(offerShown({ ...READY, reason: null })).toBe(false);
    expect(offerShown({ ...READY, firstVisit: true })).toBe(false);
    expect(offerShown({ ...READY, profile: false })).toBe(false);
  });

  it("never where the browser cannot show them or blocks them", () => {
    expect(offerShown({ ...READY, supported: false, permission: null })).toBe(false);
    expect(offerShown({ ...READY, permission: "denied" })).toBe(false);
  });

  it("never again once answered, and not over a challenge waiting for its answer", () => {
    expect(offerShown({ ...READY, answer: "yes" })).toBe(false);
    expect(offerShown({ ...READY, answer: "no" })).toBe(false);
    expect(offerShown({ ...READY, reason: "challenge", challengeShown: true })).toBe(false);
  });
});

describe("turnBased", () => {
  it("is a room whose lobby has days per move", () => {
    expect(turnBased({ code: "ABCDEF", days_per_move: 3 })).toBe(true);
    expect(turnBased({ code: "ABCDEF", days_per_move: null })).toBe(false);
    expect(turnBased({ code: "ABCDEF" })).toBe(false);
    expect(turnBased(null)).toBe(false);
    expect(turnBased(undefined)).toBe(false);
  });
});

describe("visit", () => {
  it("counts the tab of the device's first visit as the first visit, reloads too", () => {
    const first = visit(null, null, false, "x1");
    expect(first).toEqual({ first: true, device: "x1", tab: "x1" });
    expect(visit("x1", "x1", false, "x2").first).toBe(true);
  });

  it("counts another tab, later, as a later visit", () => {
    expect(visit("x1", null, false, "x2")).toEqual({ first: false, device: "x1", tab: null });
    expect(visit("x1", null, true, "x2").first).toBe(false);
  });

  it("counts a device that kept profiles before visits were counted as seen before", () => {
    expect(visit(null, null, true, "x1")).toEqual({ first: false, device: "earlier", tab: null });
  });
});
