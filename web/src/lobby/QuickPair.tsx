// "Hrát s kýmkoli" on every game's new-room page (docs/decisions/0160-quick-pairing.md): wait
// for anyone who chose the same game, kind of room and settings, people of close rating first.
// Needs a profile (ratings) and a room for two without computer players. While it waits: how
// long (by the server's clock), the rating window in words, Cancel, and after a while the
// game against the computer. It asks about its ticket every 1.5 s (the server drops one not
// asked about for 20 s) and withdraws it when the page goes; once paired it keeps the seat as
// a new room's creator does and opens the room, which starts by itself.
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { ApiError, ServerUnreachable } from "../net/remote";
import { useProfiles } from "../profile/store";
import { href } from "../router";
import { pairingStatus, seekPairing, stopPairing } from "./api";
import { lobbyPath } from "./code";
import { codeText, failureText } from "./format";
import type { LobbyGame } from "./game";
import { serverNow, waitedText, windowText } from "./pairing";
import { saveSeat } from "./seats";
import "./pair.css";

/** How often the app asks about its ticket (the server wants every second or two). */
const ASK_MS = 1_500;

type Wait =
  | { phase: "idle"; said: string | null }
  | { phase: "starting" }
  | {
      phase: "waiting";
      ticket: string;
      since: number;
      offerAt: number;
      /** The server's clock minus this device's, at the last answer. */
      skew: number;
      /** Rating points either way; null: anyone; undefined: not asked yet. */
      window?: number | null;
      offline: boolean;
    }
  | { phase: "paired" }
  | { phase: "failed"; said: string };

interface Props {
  game: LobbyGame;
  /** The form's settings are right (it focuses the first wrong one). */
  check: () => boolean;
  /** The game's kind and settings, side by side (CreateForm's `body`). */
  body: () => Record<string, unknown>;
  /** Why these settings cannot be quick-paired, in words; null: they can. */
  unpaired: string | null;
  /** The game's words for needing the server. */
  needsServer: string;
}

export function QuickPair({ game, check, body, unpaired, needsServer }: Props) {
  useLang();
  const { selected } = useProfiles();
  const [wait, setWait] = useState<Wait>({ phase: "idle", said: null });
  const [, tick] = useState(0);
  /** The ticket still waiting, withdrawn when the page goes. */
  const waiting = useRef<string | null>(null);
  const mounted = useRef(true);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const goButton = useRef<HTMLButtonElement>(null);
  const focusGo = useRef(false);

  const withdraw = () => {
    const ticket = waiting.current;
    waiting.current = null;
    if (ticket) stopPairing(ticket).catch(() => {}); // (gone already: nothing to withdraw)
  };

  useEffect(() => {
    const gone = () => withdraw();
    addEventListener("pagehide", gone);
    return () => {
      mounted.current = false;
      removeEventListener("pagehide", gone);
      withdraw();
    };
  }, []);

  const ticket = wait.phase === "waiting" ? wait.ticket : null;
  useEffect(() => {
    if (ticket === null) return;
    cancelButton.current?.focus();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await pairingStatus(ticket);
        if (stopped) return;
        if (answer.status === "paired") {
          waiting.current = null;
          saveSeat({ code: answer.code, key: answer.key, seat: answer.seat, profile: true, lastSeq: 0, at: Date.now() });
          setWait({ phase: "paired" });
          location.hash = lobbyPath(answer.code, game.id);
          return;
        }
        if (answer.status === "failed") {
          waiting.current = null;
          setWait({ phase: "failed", said: codeText(answer.error, answer.error) });
          return;
        }
        setWait((old) => (old.phase === "waiting" && old.ticket === ticket
          ? { ...old, window: answer.window, skew: answer.now - Date.now(), offline: false } : old));
      } catch (error) {
        if (stopped) return;
        if (!(error instanceof ServerUnreachable)) { // unknown_ticket: it waits no more
          waiting.current = null;
          setWait({ phase: "failed", said: error instanceof ApiError ? failureText(error) : String(error) });
          return;
        }
        setWait((old) => (old.phase === "waiting" && old.ticket === ticket ? { ...old, offline: true } : old));
      }
      timer = setTimeout(ask, ASK_MS);
    };
    void ask();
    const clock = setInterval(() => tick((n) => n + 1), 500);
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(clock);
    };
  }, [ticket]);

  const failed = wait.phase === "failed";
  useEffect(() => {
    if (failed || focusGo.current) goButton.current?.focus();
    focusGo.current = false;
  }, [wait.phase]);

  const start = async () => {
    if (!selected || wait.phase === "starting" || !check()) return;
    const request = { game: game.id, ...body() };
    setWait({ phase: "starting" });
    try {
      const got = await seekPairing(request, selected.key);
      if (!mounted.current) {
        stopPairing(got.ticket).catch(() => {});
        return;
      }
      waiting.current = got.ticket;
      setWait({ phase: "waiting", ticket: got.ticket, since: got.since, offerAt: got.offer_computer_at, skew: got.since - Date.now(), offline: false });
    } catch (error) {
      if (mounted.current) setWait({ phase: "idle", said: error instanceof ServerUnreachable ? needsServer : failureText(error) });
    }
  };

  const cancel = () => {
    withdraw();
    focusGo.current = true;
    setWait({ phase: "idle", said: t("pair.cancelled") });
  };

  let content;
  if (wait.phase === "waiting") {
    const now = serverNow(wait.skew);
    content = (
      <div class="pair-wait">
        <div class="pair-wait-text" role="status">
          <p class="pair-waiting"><span class="pair-pulse" aria-hidden="true" />{t("pair.waiting")}</p>
          <p class="pair-waited">{t("pair.waited")} <span class="pair-time" role="timer">{waitedText(now - wait.since)}</span></p>
          <p class="pair-window" data-window={wait.window === undefined ? undefined : String(wait.window)}>
            {wait.window === undefined ? "" : windowText(wait.window)}
          </p>
          {wait.offline && <p class="pair-offline">{t("pair.offline")}</p>}
          {now >= wait.offerAt && <p class="pair-computer-text">{t("pair.computer")}</p>}
        </div>
        <div class="pair-actions">
          <button ref={cancelButton} type="button" class="pair-cancel" onClick={cancel}>{t("pair.cancel")}</button>
          {now >= wait.offerAt && <a class="button pair-computer" href={href(game.computer ?? `/${game.id}`)}>{t("pair.computer.go")}</a>}
        </div>
      </div>
    );
  } else if (!selected) {
    content = (
      <p class="pair-needs">{t("pair.needs.profile")} <a href={href("/profil")}>{t("pair.profile")}</a></p>
    );
  } else if (unpaired !== null) {
    content = <p class="pair-unpaired">{unpaired}</p>;
  } else {
    const said = wait.phase === "idle" ? wait.said : wait.phase === "failed" ? wait.said
      : wait.phase === "starting" ? t("pair.starting") : t("pair.found");
    content = (
      <div class="mp-start-row">
        <button ref={goButton} type="button" class="pair-go" onClick={start} aria-busy={wait.phase === "starting" ? "true" : undefined}>
          {t(failed ? "pair.again" : "pair.go")}
        </button>
        <p class={`mp-start-status pair-said${failed ? " failed" : ""}`} role="status">{said ?? ""}</p>
      </div>
    );
  }

  return (
    <section class="panel lobby-pair" aria-labelledby="lobby-pair-title" data-phase={wait.phase}>
      <h2 id="lobby-pair-title">{t("pair.title")}</h2>
      {wait.phase !== "waiting" && <p class="hint">{t("pair.lead")}</p>}
      {content}
    </section>
  );
}
