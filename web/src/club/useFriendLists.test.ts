import { describe, expect, it } from "vitest";
import type { FriendLists } from "./api";
import { friendOffer } from "./useFriendLists";

const lists: FriendLists = {
  friends: [{ id: "a", nickname: "Ada", online: true, playing: null }],
  incoming: [{ id: "c", nickname: "Cyril" }],
  outgoing: [{ id: "b", nickname: "Bob" }],
};

describe("what a room offers about one of its people", () => {
  it("asks one with a profile who is no friend yet, also before the lists are read", () => {
    expect(friendOffer({ nickname: "Dana", profile: true }, lists)).toBe("ask");
    expect(friendOffer({ nickname: "Cyril", profile: true }, lists)).toBe("ask");
    expect(friendOffer({ nickname: "Ada", profile: true }, null)).toBe("ask");
  });

  it("offers nothing about a friend, nor about one without a profile", () => {
    expect(friendOffer({ nickname: "Ada", profile: true }, lists)).toBeNull();
    expect(friendOffer({ nickname: "Dana", profile: false }, lists)).toBeNull();
    expect(friendOffer({ nickname: "Dana" }, lists)).toBeNull();
  });

  it("says a request sent already waits for the answer", () => {
    expect(friendOffer({ nickname: "Bob", profile: true }, lists)).toBe("waiting");
  });
});
