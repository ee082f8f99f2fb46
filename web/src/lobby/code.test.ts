// Join codes as people type and read them (lobby/code.ts) and a lobby's failures in words
// (lobby/format.ts).
import { describe, expect, it, vi } from "vitest";
import { errors } from "../i18n/errors";
import { lobby } from "../i18n/lobby";
import { profile } from "../i18n/profile";
import { ApiError, ServerUnreachable } from "../net/remote";
import { formatCode, joinLink, lobbyPath, normalizeCode } from "./code";
import { codeText, failureText } from "./format";

describe("normalizeCode", () => {
  it("takes a code typed in any case, with spaces or dashes", () => {
    for (const typed of ["ABCDEF", "abcdef", "abc-def", " ab cd ef ", "ABC\u2013DEF", "abc\u2014def", "a\tb\nc-d e-f"]) {
      expect(normalizeCode(typed), typed).toBe("ABCDEF");
    }
  });

  it("refuses other lengths and the look-alikes 0, O, 1, I, L", () => {
    for (const typed of ["ABCDE", "ABCDEFG", "", "ABC_DEF", "ABCDE0", "ABCDEO", "ABCDE1", "ABCDEI", "ABCDEL", "ABČDEF"]) {
      expect(normalizeCode(typed), typed).toBeNull();
    }
  });

  it("takes every character of the alphabet", () => {
    const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    for (let i = 0; i + 6 <= alphabet.length; i += 6) expect(normalizeCode(alphabet.slice(i, i + 6))).toBe(alphabet.slice(i, i + 6));
  });
});

describe("a code shown and linked", () => {
  it("reads as ABC-DEF, and reads back", () => {
    expect(formatCode("XYZ234")).toBe("XYZ-234");
    expect(normalizeCode(formatCode("XYZ234"))).toBe("XYZ234");
  });

  it("is the lobby page of its game, and the absolute join link", () => {
    vi.stubGlobal("location", { origin: "https://klubovna.test" });
    expect(lobbyPath("ABCDEF", "zoliky-s-kameny")).toBe("/zoliky-s-kameny/hra/ABCDEF");
    expect(joinLink("ABCDEF", "mathesso")).toBe("https://klubovna.test/#/mathesso/hra/ABCDEF");
  });
});

describe("codeText", () => {
  const first = (catalogue: Record<string, string>, area: string) => {
    const key = Object.keys(catalogue).find((k) => k.startsWith(`${area}.`))!;
    return { code: key.slice(area.length + 1), text: catalogue[key] };
  };

  it("finds a code's words in the lobby's, the server's and the profile's catalogues", () => {
    for (const [catalogue, area] of [[lobby.cs, "lobby.error"], [errors.cs, "mp.error"], [profile.cs, "profile.error"]] as const) {
      const { code, text } = first(catalogue, area);
      expect(codeText(code, "English"), code).toBe(text);
    }
  });

  it("keeps the server's message for a code without words", () => {
    expect(codeText("never_heard_of", "Never heard of.")).toBe("Never heard of.");
  });
});

describe("failureText", () => {
  it("says the server is needed when there is none", () => {
    expect(failureText(new ServerUnreachable("no server"))).toBe(lobby.cs["lobby.needs.server"]);
  });

  it("says an API error in our words, else the server's", () => {
    // rate_limited has words in the lobby's catalogue and the profile's: the lobby's win.
    expect(failureText(new ApiError("rate_limited", "Too many."))).toBe(lobby.cs["lobby.error.rate_limited"]);
    expect(failureText(new ApiError("nickname_taken", "Taken."))).toBe(profile.cs["profile.error.nickname_taken"]);
    expect(failureText(new ApiError("odd", "Odd."))).toBe("Odd.");
  });

  it("says any other failure by its message", () => {
    expect(failureText(new Error("boom"))).toBe("boom");
    expect(failureText("plain")).toBe("plain");
  });
});
