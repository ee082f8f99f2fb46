// @vitest-environment happy-dom
// The shared list of one's games (store.ts): a component that appears while the list is
// being asked for (the page under the header's chip) shows the answer when it comes, even
// when it comes before the component's effects run (its own ask is then skipped as a
// repeat of the chip's: a page once showed "no games" beside a chip counting one).
import { h, render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it, vi } from "vitest";
import type { MyGame } from "./api";

let answer: (value: { games: MyGame[]; now: number }) => void = () => undefined;
const asks = vi.hoisted(() => ({ count: 0 }));

vi.mock("./api", () => ({
  myGames: () => {
    asks.count += 1;
    return new Promise((resolve) => { answer = resolve; });
  },
}));
vi.mock("../profile/store", () => ({
  useProfiles: () => ({ selected: { id: "p", nickname: "Ema", key: "k" } }),
}));

const { useMyGames } = await import("./store");

function Probe({ id }: { id: string }) {
  const mine = useMyGames();
  return h("p", { id }, mine.status === "ready" ? `${mine.games.length} games` : mine.status);
}

const GAME: MyGame = {
  code: "ABCDEF", game: "locus-poker", kind: "duel", status: "playing", days_per_move: 3,
  your_turn: true, deadline: null, players: ["Ema", "Bob"], link: "/#/locus-poker/hra/ABCDEF",
  since: 0,
};

afterEach(() => render(null, document.body));

it("shows an answer that came between its render and its effects", async () => {
  location.hash = "#/moje-hry";
  const chip = document.createElement("div");
  const page = document.createElement("div");
  document.body.append(chip, page);
  await act(() => render(h(Probe, { id: "chip" }), chip));
  expect(asks.count).toBe(1);
  // The page renders while the chip's ask is out; its effects have not run yet.
  render(h(Probe, { id: "page" }), page);
  expect(document.getElementById("page")?.textContent).toBe("loading");
  answer({ games: [GAME], now: 0 });
  await vi.waitFor(() => expect(document.getElementById("chip")?.textContent).toBe("1 games"));
  // The page's effects run after the answer (at the next animation frame): it shows it too.
  await vi.waitFor(() => expect(document.getElementById("page")?.textContent).toBe("1 games"),
    { timeout: 4_000 });
  expect(asks.count).toBe(1); // (its own ask was one the chip had just made)
});
