// "Otevřené stoly": the public rooms waiting for players (GET /api/lobbies; decision 0159),
// of one game (its online page, under the new-room form) or of every game (the home page).
// Each room says its game, kind and settings in the game's own words (its online descriptor,
// loaded with its catalogue when a room of it is listed), its host with the host's rating,
// how many have joined, and "Přisednout": one click joins as the join card would (the
// selected profile, else the last nickname typed) and opens the room; without either, the
// room's join card opens to ask for a nickname. The list is asked for again every few
// seconds while the page is visible, and at once when it is shown or focused again.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { plural, problemText } from "../profile/format";
import { RatingBadge } from "../profile/RatingParts";
import { useProfiles } from "../profile/store";
import { byEngine, gameName, withCatalogue } from "../registry";
import { ServerUnreachable } from "../net/remote";
import { joinLobby, openRooms } from "./api";
import { lobbyPath } from "./code";
import { failureText } from "./format";
import type { LobbyGame } from "./game";
import { loadSeat, saveSeat } from "./seats";
import type { Lobby, OpenRoom } from "./types";
import { cleanNickname, lastNickname } from "./Who";
import "./open.css";

/** How often the list is asked for again while the page is visible (ms). */
export const POLL_MS = 5000;

export type Loaded<R> =
  | { state: "loading" }
  | { state: "ok"; rooms: R[] }
  | { state: "offline" }
  | { state: "failed"; message: string };

/** The games' online descriptors, loaded once each (with the game's catalogue). */
const descriptors = new Map<string, Promise<LobbyGame | null>>();

function descriptor(engine: string): Promise<LobbyGame | null> {
  let found = descriptors.get(engine);
  if (!found) {
    const entry = byEngine(engine);
    found = entry?.online ? withCatalogue(entry, entry.online).catch(() => null) : Promise.resolve(null);
    descriptors.set(engine, found);
  }
  return found;
}

/** The descriptors of the games among `rooms`, as they load. */
export function useDescriptors(rooms: OpenRoom[]): Record<string, LobbyGame | null> {
  const [known, setKnown] = useState<Record<string, LobbyGame | null>>({});
  const wanted = [...new Set(rooms.map((room) => room.game))].sort().join(",");
  useEffect(() => {
    let live = true;
    for (const engine of wanted ? wanted.split(",") : []) {
      void descriptor(engine).then((game) => {
        if (live) setKnown((old) => (engine in old ? old : { ...old, [engine]: game }));
      });
    }
    return () => void (live = false);
  }, [wanted]);
  return known;
}

/** The room's kind and settings in its game's words: [kind, settings line or ""]. */
export function roomWords(room: OpenRoom, game: LobbyGame | null | undefined): [string, string] {
  if (!game) return [room.kind, ""];
  try {
    const kind = game.title({ kind: room.kind, settings: room.settings } as Lobby);
    const { info } = game.join({ ...room, status: "waiting" });
    return [kind, info];
  } catch {
    return [room.kind, ""]; // (settings the game's words do not know: an older app)
  }
}

/** Asks `load` now and every `ms` while the page is visible; again at once when the page
 *  is shown or the window focused. Returns the function that asks now. */
export function usePolling(load: () => Promise<void>, ms: number): () => void {
  const latest = useRef(load);
  latest.current = load;
  const now = useRef<() => void>(() => {});
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let stopped = false;
    const visible = () => typeof document === "undefined" || document.visibilityState !== "hidden";
    const run = async () => {
      clearTimeout(timer);
      if (stopped || running) return;
      running = true;
      try {
        await latest.current();
      } finally {
        running = false;
        if (!stopped && visible()) timer = setTimeout(run, ms);
      }
    };
    now.current = () => void run();
    const shown = () => {
      if (visible()) void run();
      else clearTimeout(timer);
    };
    document.addEventListener("visibilitychange", shown);
    addEventListener("focus", shown);
    void run();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", shown);
      removeEventListener("focus", shown);
    };
  }, [ms]);
  return () => now.current();
}

interface Props {
  /** One game's rooms (its engine's name); left out: every game's, each with its name. */
  game?: string;
  /** The heading's id (two lists never share a page, but a page may have its own ids). */
  id?: string;
}

/** A list of rooms asked for every POLL_MS while the page shows (usePolling): its state, its
 *  rooms and a way to ask again now. */
export function useRoomList<R>(load: () => Promise<R[]>): { loaded: Loaded<R>; rooms: R[]; refresh: () => void } {
  const [loaded, setLoaded] = useState<Loaded<R>>({ state: "loading" });
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  const refresh = usePolling(async () => {
    try {
      const rooms = await load();
      if (mounted.current) setLoaded({ state: "ok", rooms });
    } catch (error) {
      if (!mounted.current) return;
      setLoaded(error instanceof ServerUnreachable ? { state: "offline" } : { state: "failed", message: problemText(error) });
    }
  }, POLL_MS);
  return { loaded, rooms: loaded.state === "ok" ? loaded.rooms : [], refresh };
}

/** The frame of a list of rooms (the open ones, those playing): its heading and lead, the
 *  loading, offline, failed and empty states in the catalogue's `<words>.*`, and its rows. */
export function RoomsPanel({ id, cls, words, lead, loaded, count, refresh, rows, after }: {
  id: string;
  cls: string;
  words: "open" | "playing";
  lead: string;
  loaded: Loaded<unknown>;
  count: number;
  refresh: () => void;
  rows: ComponentChildren;
  after?: ComponentChildren;
}) {
  return (
    <section class={`panel ${cls}`} aria-labelledby={`${id}-title`} aria-busy={loaded.state === "loading" ? "true" : undefined}>
      <h2 id={`${id}-title`}>{t(`${words}.title`)}</h2>
      <p class="hint">{lead}</p>
      {loaded.state === "loading" && <p class="status-line" role="status">{t(`${words}.loading`)}</p>}
      {(loaded.state === "offline" || loaded.state === "failed") && (
        <div class="notice warn" role="status">
          <p>{loaded.state === "offline" ? t(`${words}.offline`) : t(`${words}.failed`, { message: loaded.message })}</p>
          <button type="button" onClick={refresh}>{t("open.retry")}</button>
        </div>
      )}
      {loaded.state === "ok" && count === 0 && <p class="open-empty">{t(`${words}.empty`)}</p>}
      {count > 0 && (
        <>
          <p class="visually-hidden" role="status">{plural(`${words}.count`, count)}</p>
          <ul class="open-list">{rows}</ul>
        </>
      )}
      {after}
    </section>
  );
}

export function OpenRooms({ game, id = "open-rooms" }: Props) {
  useLang();
  const { selected } = useProfiles();
  const [joining, setJoining] = useState<string | null>(null);
  const [said, setSaid] = useState("");
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  const { loaded, rooms, refresh } = useRoomList(() => openRooms(game));
  const games = useDescriptors(rooms);

  const join = async (room: OpenRoom) => {
    if (joining) return;
    const path = lobbyPath(room.code, room.game);
    // A room this browser already holds a seat in (its own, say) just opens.
    if (loadSeat(room.code)) return void (location.hash = path);
    const key = selected?.key ?? null;
    const nickname = cleanNickname(lastNickname());
    if (!key && !nickname) {
      // Nobody to join as yet: the room's join card asks for a nickname.
      setSaid(t("open.needs.nickname"));
      return void (location.hash = path);
    }
    setJoining(room.code);
    setSaid(t("open.joining"));
    try {
      const ticket = await joinLobby(room.code, { key, nickname: nickname ?? "" });
      saveSeat({ code: ticket.code, key: ticket.key, seat: ticket.seat, profile: key !== null, lastSeq: 0, at: Date.now() });
      location.hash = lobbyPath(ticket.code, room.game);
    } catch (error) {
      if (!mounted.current) return;
      setSaid(failureText(error));
      refresh(); // (taken meanwhile, say: the list shows it)
    } finally {
      if (mounted.current) setJoining(null);
    }
  };

  return (
    <RoomsPanel id={id} cls="open-rooms" words="open" lead={t(game ? "open.lead.game" : "open.lead")}
      loaded={loaded} count={rooms.length} refresh={refresh}
      rows={rooms.map((room) => (
        <RoomRow key={room.code} room={room} game={games[room.game]} named={!game}
          busy={joining === room.code} onJoin={() => void join(room)} />
      ))}
      after={<p class="open-said" role="status" aria-live="polite">{said}</p>} />
  );
}

function RoomRow({ room, game, named, busy, onJoin }: {
  room: OpenRoom;
  game: LobbyGame | null | undefined;
  named: boolean;
  busy: boolean;
  onJoin: () => void;
}) {
  const entry = byEngine(room.game);
  const name = entry ? gameName(entry) : room.game;
  const [kind, info] = roomWords(room, game);
  const mine = loadSeat(room.code) !== null;
  const { host } = room;
  return (
    <li class="open-room" data-code={room.code} data-game={room.game}>
      <div class="open-room-text">
        <p class="open-room-title">
          {named && <strong class="open-room-game">{name}</strong>}
          {/* (a kind that says the game's name again, "Locus Poker online", is left out) */}
          {!(named && kind.includes(name)) && <span class="open-room-kind">{kind}</span>}
        </p>
        {info && <p class="open-room-info">{info}</p>}
        <p class="open-room-host">
          <span>{t("open.host")} <span class="nickname">{host.nickname}</span></span>
          {host.rating !== null && <> <RatingBadge rating={host.rating} provisional={host.provisional} /></>}
          <span class="open-room-players">{t("open.players", { count: room.players, limit: room.limit })}</span>
          {mine && <span class="lobby-tag you">{t("open.yours")}</span>}
        </p>
      </div>
      <button
        type="button"
        class={mine ? "open-room-go" : "primary open-room-go"}
        aria-busy={busy ? "true" : undefined}
        disabled={busy}
        aria-label={mine ? t("open.open.label", { kind }) : t("open.join.label", { nickname: host.nickname, kind })}
        onClick={onJoin}
      >
        {mine ? t("open.open") : t("open.join")}
      </button>
    </li>
  );
}
