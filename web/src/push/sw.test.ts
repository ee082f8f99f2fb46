// The service worker's Web Push part (public/push-sw.js), run with a stand-in `self`: what a
// push message shows, and where a click on it goes. The real worker in Chromium:
// tests/web/test_push.py.
import { describe, expect, it, vi } from "vitest";
import SOURCE from "../../public/push-sw.js?raw";

const ORIGIN = "https://klubovna.example";

interface Shown {
  title: string;
  options: { body: string; icon: string; tag: string; data: string; renotify?: boolean };
}

interface FakeClient {
  url: string;
  focused: boolean;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

interface PushPart {
  appUrl(url: unknown, origin: string): string;
  notice(raw: string | null, origin: string): Shown;
  chooseClient(clients: FakeClient[], origin: string): FakeClient | null;
}

/** The script run against a stand-in worker scope: its listeners, its shown notices, its
 *  windows. */
function worker(windows: FakeClient[] = []) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const shown: Shown[] = [];
  const opened: string[] = [];
  const scope = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: unknown) => void) => void (listeners[type] = listener),
    registration: {
      showNotification: (title: string, options: Shown["options"]) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      matchAll: () => Promise.resolve(windows),
      openWindow: (url: string) => {
        opened.push(url);
        return Promise.resolve(null);
      },
    },
    klubovnaPush: undefined as unknown as PushPart,
  };
  new Function("self", SOURCE)(scope);
  return { scope, listeners, shown, opened };
}

function client(url: string, focused = false, controlled = true): FakeClient {
  const made: FakeClient = {
    url,
    focused,
    focus: vi.fn(() => Promise.resolve(made)),
    navigate: vi.fn((to: string) => (controlled ? Promise.resolve(made) : Promise.reject(new TypeError("not controlled"))).then((c) => {
      if (controlled) made.url = to;
      return c;
    })),
  };
  return made;
}

async function push(w: ReturnType<typeof worker>, text: string | null) {
  let done: Promise<unknown> = Promise.resolve();
  w.listeners.push({ data: text === null ? null : { text: () => text }, waitUntil: (p: Promise<unknown>) => void (done = p) });
  await done;
}

async function click(w: ReturnType<typeof worker>, data: string) {
  const notification = { data, close: vi.fn() };
  let done: Promise<unknown> = Promise.resolve();
  w.listeners.notificationclick({ notification, waitUntil: (p: Promise<unknown>) => void (done = p) });
  await done;
  return notification;
}

describe("push", () => {
  it("shows the payload's title and body, the icon, a tag per address and the address", async () => {
    const w = worker();
    await push(w, JSON.stringify({ title: "Jsi na tahu", body: "Locus Poker s Evou", url: "/#/locus-poker/hra/ABCDEF" }));
    expect(w.shown).toEqual([{
      title: "Jsi na tahu",
      options: expect.objectContaining({
        body: "Locus Poker s Evou",
        icon: "/icon-192.png",
        tag: "klubovna:/#/locus-poker/hra/ABCDEF",
        renotify: true,
        data: "/#/locus-poker/hra/ABCDEF",
      }),
    }]);
  });

  it("shows a plain Klubovna notice opening the home page for a payload that is not the app's", async () => {
    for (const text of [null, "", "not json", "[1, 2]", "null", JSON.stringify({ body: "no title" }), JSON.stringify({ title: 5 })]) {
      const w = worker();
      await push(w, text);
      expect(w.shown).toEqual([{ title: "Klubovna", options: expect.objectContaining({ body: "", tag: "klubovna", data: "/" }) }]);
    }
  });

  it("never keeps an address of another site", async () => {
    const { klubovnaPush } = worker().scope;
    for (const url of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", 5, null]) {
      expect(klubovnaPush.appUrl(url, ORIGIN)).toBe("/");
    }
    expect(klubovnaPush.appUrl("/#/pratele", ORIGIN)).toBe("/#/pratele");
    expect(klubovnaPush.notice(JSON.stringify({ title: "T", url: "https://evil.example/" }), ORIGIN).options.data).toBe("/");
  });

  it("keeps long words within bounds", () => {
    const { klubovnaPush } = worker().scope;
    const shown = klubovnaPush.notice(JSON.stringify({ title: "x".repeat(500), body: "y".repeat(5000), url: "/" }), ORIGIN);
    expect(shown.title.length).toBe(120);
    expect(shown.options.body.length).toBe(400);
  });
});

describe("notificationclick", () => {
  it("closes the notice, focuses the app's focused window and takes it to the address", async () => {
    const other = client(`${ORIGIN}/#/`);
    const focused = client(`${ORIGIN}/#/pravidla`, true);
    const w = worker([other, focused]);
    const notification = await click(w, "/#/locus-poker/hra/ABCDEF");
    expect(notification.close).toHaveBeenCalled();
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/#/locus-poker/hra/ABCDEF`);
    expect(other.navigate).not.toHaveBeenCalled();
    expect(w.opened).toEqual([]);
  });

  it("takes the first window of the app when none is focused, and leaves other sites' alone", () => {
    const { klubovnaPush } = worker().scope;
    const foreign = client("https://elsewhere.example/", true);
    const ours = client(`${ORIGIN}/`);
    expect(klubovnaPush.chooseClient([foreign, ours], ORIGIN)).toBe(ours);
    expect(klubovnaPush.chooseClient([foreign], ORIGIN)).toBe(null);
  });

  it("opens a new window at the address when the app has none open", async () => {
    const w = worker([]);
    await click(w, "/#/mathesso/hra/QWERTY");
    expect(w.opened).toEqual(["/#/mathesso/hra/QWERTY"]);
  });

  it("opens a new window when the open one cannot be taken there (not this worker's)", async () => {
    const stranger = client(`${ORIGIN}/`, true, false);
    const w = worker([stranger]);
    await click(w, "/#/pratele");
    expect(w.opened).toEqual(["/#/pratele"]);
  });

  it("still takes the window there when the browser refuses to focus it", async () => {
    const window = client(`${ORIGIN}/`);
    window.focus.mockImplementation(() => Promise.reject(new Error("Not allowed to focus a window")));
    const w = worker([window]);
    await click(w, "/#/pratele");
    expect(window.navigate).toHaveBeenCalledWith(`${ORIGIN}/#/pratele`);
    expect(w.opened).toEqual([]);
  });
});
