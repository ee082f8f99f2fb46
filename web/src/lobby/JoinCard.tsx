// Joining a lobby by its link or code: what game it is (kind, settings, how many have
// joined), who joins (profile or nickname) and "Připojit se". A game that started, is full,
// closed or unknown says so; another game's code goes to that game's page.
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { useProfiles } from "../profile/store";
import { ApiError } from "../net/remote";
import { joinLobby, lookupLobby } from "./api";
import { formatCode, lobbyPath } from "./code";
import { codeText, failureText } from "./format";
import { GameLinks, type LobbyGame } from "./game";
import { JoinByCode } from "./JoinByCode";
import { saveSeat, type SavedSeat } from "./seats";
import type { LobbySummary } from "./types";
import { WhoField, cleanNickname, lastNickname, rememberNickname } from "./Who";

type Looked = { state: "loading" } | { state: "ok"; summary: LobbySummary } | { state: "failed"; code: string | null; text: string };

/** Codes after which joining cannot work: the page says why instead of offering the form. */
const CLOSED = new Set(["unknown_lobby", "already_started", "lobby_full", "lobby_closed"]);

interface Props {
  game: LobbyGame;
  code: string;
  /** Why the seat this browser had is gone (shown above the form). */
  notice: string | null;
  onJoined: (seat: SavedSeat) => void;
}

export function JoinCard({ game, code, notice, onJoined }: Props) {
  useLang();
  const { selected } = useProfiles();
  const [looked, setLooked] = useState<Looked>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [nickname, setNickname] = useState(lastNickname);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const nicknameInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  useEffect(() => {
    let live = true;
    lookupLobby(code).then(
      (summary) => {
        if (!live) return;
        // Another game's code: its own page joins it.
        if (summary.game && summary.game !== game.id) return location.replace(`#${lobbyPath(code, summary.game)}`);
        // A game that cannot be joined says so at once (the join would be refused).
        const refusal = summary.status === "closed" ? "lobby_closed"
          : summary.status === "playing" ? "already_started"
          : summary.players >= summary.limit ? "lobby_full" : null;
        setLooked(refusal
          ? { state: "failed", code: refusal, text: codeText(refusal, "") }
          : { state: "ok", summary });
      },
      (error: unknown) => live && setLooked({
        state: "failed",
        code: error instanceof ApiError ? error.code : null,
        text: failureText(error),
      }),
    );
    return () => void (live = false);
  }, [code, attempt]);

  const cleanName = cleanNickname(nickname);
  const badName = !selected && cleanName === null;

  const join = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (badName) return nicknameInput.current?.focus();
    if (!selected && cleanName) rememberNickname(cleanName);
    setBusy(true);
    setFailure(null);
    try {
      const key = selected?.key ?? null;
      const ticket = await joinLobby(code, { key, nickname: cleanName ?? "" });
      const seat: SavedSeat = { code: ticket.code, key: ticket.key, seat: ticket.seat, profile: key !== null, lastSeq: 0, at: Date.now() };
      saveSeat(seat);
      if (mounted.current) onJoined(seat);
    } catch (error) {
      if (!mounted.current) return;
      if (error instanceof ApiError && CLOSED.has(error.code)) {
        setLooked({ state: "failed", code: error.code, text: failureText(error) });
        requestAnimationFrame(() => heading.current?.focus());
      } else {
        setFailure(failureText(error));
      }
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const summary = looked.state === "ok" ? looked.summary : null;
  const closed = looked.state === "failed" && looked.code !== null && CLOSED.has(looked.code);
  const words = summary && game.join(summary);
  const title = words ? words.title : t("lobby.join.page", { code: formatCode(code) });
  return (
    <section class="page lobby-page" aria-labelledby="lobby-join-page-title">
      <h1 id="lobby-join-page-title" ref={heading} tabIndex={-1}>{title}</h1>
      {notice && <p class="notice warn">{notice}</p>}
      {looked.state === "loading" && <p class="status-line" role="status">{t("lobby.loading")}</p>}
      {looked.state === "failed" && (
        <div class="notice warn" role="status">
          <p>{looked.text}</p>
          {!closed && <button type="button" onClick={() => setAttempt((n) => n + 1)}>{t("profile.retry")}</button>}
        </div>
      )}
      {summary && words && (
        <form class="panel lobby-join-card" onSubmit={join} aria-label={title} noValidate>
          <p class="lobby-code-small">
            {t("lobby.code")}: <strong class="lobby-code-text">{formatCode(summary.code)}</strong>
          </p>
          <p class="mp-info">{words.info}</p>
          <p>{words.joined}</p>
          <WhoField
            id="lobby-join-nickname"
            profile={selected}
            nickname={nickname}
            onNickname={setNickname}
            error={checked && badName ? t("profile.error.bad_nickname") : null}
            inputRef={nicknameInput}
          />
          <div class="mp-start-row">
            <button type="submit" class="primary mp-start" aria-busy={busy ? "true" : undefined}>{t("lobby.join.submit")}</button>
            <p class="mp-start-status" role="status">{busy ? t("lobby.joining") : failure ?? ""}</p>
          </div>
        </form>
      )}
      {closed && <JoinByCode game={game.id} />}
      <GameLinks game={game} />
    </section>
  );
}
