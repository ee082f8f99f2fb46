// The selected profile's games (GET /api/my/games), shared by the page, the header's chip
// and the home page's badge: asked when one of them appears, again when the route changes
// or the tab comes back into view (a game may have moved meanwhile).
import { useEffect, useRef, useState } from "preact/hooks";
import { usePath } from "../router";
import { useProfiles } from "../profile/store";
import { myGames, type MyGame } from "./api";

export type MyGamesState =
  | { status: "none" }
  | { status: "loading" }
  | { status: "ready"; games: MyGame[]; at: number; offset: number }
  | { status: "failed"; error: unknown };

const TOGETHER_MS = 1000;
/** Asks for one route this close together are one (the header's chip and the home page's
 *  badge appear at once); any other goes to the server, and only the latest answer counts. */
let key: string | null = null;
let state: MyGamesState = { status: "none" };
let askedAt = -Infinity;
let askedPath: string | null = null;
let asked = 0;
const listeners = new Set<() => void>();

function set(next: MyGamesState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Ask the server again (unless just asked for the same route, or `force`). */
export function refresh(profileKey: string | null, path: string | null = null, force = false): void {
  if (profileKey !== key) {
    key = profileKey;
    askedAt = -Infinity;
    set(profileKey ? { status: "loading" } : { status: "none" });
  }
  if (!profileKey) return;
  if (!force && path === askedPath && Date.now() - askedAt < TOGETHER_MS) return;
  askedAt = Date.now();
  askedPath = path;
  const ask = ++asked;
  if (state.status === "failed") set({ status: "loading" });
  myGames(profileKey).then(
    ({ games, now }) => {
      // offset: the server's clock minus ours, so the time left is the server's, not the
      // device's (a device whose clock is off, a test server whose clock was moved).
      if (ask === asked && key === profileKey) set({ status: "ready", games, at: Date.now(), offset: now - Date.now() });
    },
    (error: unknown) => {
      // (a list already shown stays: a failed refresh is no news)
      if (ask === asked && key === profileKey && state.status !== "ready") set({ status: "failed", error });
    },
  );
}

export function useMyGames(): MyGamesState & { reload: () => void } {
  const { selected } = useProfiles();
  const path = usePath();
  const profileKey = selected?.key ?? null;
  const [, rerender] = useState(0);
  const rendered = useRef(state);
  rendered.current = state;
  useEffect(() => {
    const listener = () => rerender((n) => n + 1);
    listeners.add(listener);
    // An answer that came between this render and now (the header's chip asked for the
    // same route a moment before, so this one's ask is skipped) was told to the others only.
    if (rendered.current !== state) listener();
    return () => void listeners.delete(listener);
  }, []);
  useEffect(() => refresh(profileKey, path), [profileKey, path]);
  useEffect(() => {
    const seen = () => document.visibilityState === "visible" && refresh(profileKey, null, true);
    document.addEventListener("visibilitychange", seen);
    return () => document.removeEventListener("visibilitychange", seen);
  }, [profileKey]);
  const shown: MyGamesState = profileKey === key ? state : profileKey ? { status: "loading" } : { status: "none" };
  return { ...shown, reload: () => refresh(profileKey, null, true) };
}
