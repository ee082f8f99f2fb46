// The daily result to paste into a chat (daily/share.ts): its text in both languages, and
// how it leaves the page: the share sheet, else the clipboard, and what the page then says.
import { afterEach, describe, expect, it, vi } from "vitest";
import { switchLanguage } from "../../../testing/language";
import { share, shareText, shareUrl } from "./share";

afterEach(() => switchLanguage("cs"));

const URL = "https://klubovna.test/#/matematicky-poker/denni-vyzva";

describe("shareText", () => {
  it("says the day, the points, the rank and the streak in Czech plural forms", () => {
    const text = shareText({ date: "2026-11-30", score: 245, rank: 3, streak: 4 }, URL).replace(/\s/g, " ");
    expect(text).toBe(`Matematický poker – Denní výzva 30. 11. 2026: 245 bodů, 3. místo dne, série 4 dny 🔥 ${URL}`);
  });

  it("leaves the rank out when there is none, and says one day and one point", () => {
    const text = shareText({ date: "2026-01-05", score: 1, rank: null, streak: 1 }, URL).replace(/\s/g, " ");
    expect(text).toBe(`Matematický poker – Denní výzva 5. 1. 2026: 1 bod, série 1 den 🔥 ${URL}`);
  });

  it("is English for an English page", () => {
    switchLanguage("en");
    expect(shareText({ date: "2026-11-30", score: 2, rank: 1, streak: 2 }, URL)).toBe(
      `Mathematical poker – Daily challenge 30/11/2026: 2 points, rank 1 of the day, streak 2 days 🔥 ${URL}`,
    );
  });

  it("links the daily challenge on this site by default", () => {
    vi.stubGlobal("location", { origin: "https://klubovna.test" });
    expect(shareUrl()).toBe(URL);
    expect(shareText({ date: "2026-11-30", score: 0, rank: null, streak: 0 })).toContain(URL);
  });
});

describe("share", () => {
  const browser = (sheet: (() => Promise<void>) | undefined, clipboard: () => Promise<void>) => {
    const navigator = { share: sheet && vi.fn(sheet), clipboard: { writeText: vi.fn(clipboard) } };
    vi.stubGlobal("navigator", navigator);
    return navigator;
  };

  it("uses the share sheet when the browser has one", async () => {
    const navigator = browser(async () => {}, async () => {});
    expect(await share("hi")).toBe("shared");
    expect(navigator.share).toHaveBeenCalledWith({ text: "hi" });
    expect(navigator.clipboard.writeText).not.toHaveBeenCalled();
  });

  it("says nothing more when the person closes the sheet", async () => {
    const navigator = browser(() => Promise.reject(new DOMException("closed", "AbortError")), async () => {});
    expect(await share("hi")).toBe("aborted");
    expect(navigator.clipboard.writeText).not.toHaveBeenCalled();
  });

  it("copies when the sheet is refused or missing", async () => {
    let navigator = browser(() => Promise.reject(new DOMException("no gesture", "NotAllowedError")), async () => {});
    expect(await share("hi")).toBe("copied");
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith("hi");
    navigator = browser(undefined, async () => {});
    expect(await share("hi")).toBe("copied");
  });

  it("fails when the clipboard refuses too", async () => {
    browser(undefined, () => Promise.reject(new Error("denied")));
    expect(await share("hi")).toBe("failed");
  });
});
