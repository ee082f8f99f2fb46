// Watching a room's running game (decision 0159), the same for every game: under the game's
// screen, how many watch, the link for watchers (copied; #/sledovat/<table>) while the host
// lets people watch, and for the host the switch "Povolit sledování" ({"t": "watching"} on
// the lobby socket). Above the game, in its banner, a short line when somebody watches.
import { useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { plural } from "../profile/format";
import { watchLink } from "../watch/watch";
import type { LobbyConnection } from "./connection";
import type { Lobby } from "./types";
import "../profile/profile.css";
import "../watch/watch.css";

/** An eye, for the lines about watchers (the words say it too). */
function Eye() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M12 5C6.5 5 2.7 9.2 1.5 12c1.2 2.8 5 7 10.5 7s9.3-4.2 10.5-7C21.3 9.2 17.5 5 12 5Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-2.3a2.2 2.2 0 1 0 0-4.4 2.2 2.2 0 0 0 0 4.4Z" />
    </svg>
  );
}

/** How many watch a room's running game now (0 when it does not run). */
export function watchersOf(lobby: Lobby | null): number {
  return lobby?.status === "playing" ? lobby.watchers ?? 0 : 0;
}

/** The banner's line over the game while somebody watches ("Sledují 2 diváci"). */
export function WatchersNote({ lobby }: { lobby: Lobby | null }) {
  useLang();
  const count = watchersOf(lobby);
  if (count === 0) return null;
  return (
    <p class="lobby-watching-note" data-watchers={count}>
      <Eye />
      {plural("watch.count", count)}
    </p>
  );
}

export function Watchers({ conn, lobby }: { conn: LobbyConnection; lobby: Lobby }) {
  useLang();
  const table = lobby.table;
  if (lobby.status !== "playing" || !table) return null;
  const host = lobby.players.find((player) => player.seat === lobby.you)?.host === true;
  const count = watchersOf(lobby);
  const on = lobby.watchable !== false;
  return (
    <section class="page lobby-watch-page" aria-labelledby="lobby-watch-title">
      <div class="panel lobby-watch" data-watchers={count} data-watchable={on ? "true" : "false"}>
        <h2 id="lobby-watch-title">
          <Eye /> {t("watch.room.title")}{" "}
          <span class="lobby-count" role="status">{count > 0 ? plural("watch.count", count) : t("watch.room.none")}</span>
        </h2>
        <p class="hint">{on ? t("watch.room.about") : host ? t("watch.room.off") : `${t("watch.room.off")} ${t("watch.room.off.host")}`}</p>
        {on && <CopyWatchLink table={table} />}
        {host && (
          <label class="switch lobby-watch-switch">
            <input type="checkbox" role="switch" checked={on} onChange={() => conn.watching(!on)} />
            {t("watch.room.allow")}
          </label>
        )}
      </div>
    </section>
  );
}

/** "Odkaz pro diváky": copies the absolute link; where the clipboard is refused, the link
 *  shows in a field, selected, to copy by hand. */
function CopyWatchLink({ table }: { table: string }) {
  const link = watchLink(table);
  const input = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState("");
  const [manual, setManual] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setSaid(t("watch.room.copied"));
    } catch {
      setManual(true);
      setSaid(t("watch.room.manual"));
      requestAnimationFrame(() => input.current?.select());
    }
  };
  return (
    <div class="lobby-watch-link">
      <div class="lobby-watch-row">
        <button type="button" class="lobby-watch-copy" aria-label={t("watch.room.copy.label")} onClick={copy}>
          {t("watch.room.copy")}
        </button>
        {manual && (
          <input ref={input} type="text" readOnly value={link} aria-label={t("watch.room.link")}
            onFocus={(event) => event.currentTarget.select()} />
        )}
      </div>
      <p class="lobby-copied" role="status">{said}</p>
    </div>
  );
}
