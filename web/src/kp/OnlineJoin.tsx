// Joining an online table by its link or code: the table's settings, how many people are
// there, who joins (profile or nickname) and "Připojit se". A started, full, closed or unknown
// table says so; another game's code goes to that game's page.
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { ApiError } from "../net/remote";
import { joinLobby, lookupLobby } from "../lobby/api";
import { formatCode, lobbyPath } from "../lobby/code";
import { codeText, failureText } from "../lobby/format";
import { JoinByCode } from "../lobby/JoinByCode";
import { saveSeat, type SavedSeat } from "../lobby/seats";
import { WhoField, cleanNickname, lastNickname, rememberNickname } from "../lobby/Who";
import { useProfiles } from "../profile/store";
import { href } from "../router";
import { GAME, settingsText, type TableSummary } from "./online";

type Looked = { state: "loading" } | { state: "ok"; summary: TableSummary } | { state: "failed"; code: string | null; text: string };

const CLOSED = new Set(["unknown_lobby", "already_started", "lobby_full", "lobby_closed"]);

interface Props {
  code: string;
  notice: string | null;
  onJoined: (seat: SavedSeat) => void;
}

export function OnlineJoin({ code, notice, onJoined }: Props) {
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
      (found) => {
        if (!live) return;
        const summary = found as unknown as TableSummary;
        if (summary.game && summary.game !== GAME) return location.replace(`#${lobbyPath(code, summary.game)}`);
        const refusal = summary.status === "closed" ? "lobby_closed"
          : summary.status === "playing" ? "already_started"
          : summary.players >= summary.limit ? "lobby_full" : null;
        setLooked(refusal ? { state: "failed", code: refusal, text: codeText(refusal, "") } : { state: "ok", summary });
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
  const title = summary ? t("kp.online.join.title") : t("lobby.join.page", { code: formatCode(code) });
  return (
    <section class="page lobby-page" aria-labelledby="kp-join-title">
      <h1 id="kp-join-title" ref={heading} tabIndex={-1}>{title}</h1>
      {notice && <p class="notice warn">{notice}</p>}
      {looked.state === "loading" && <p class="status-line" role="status">{t("lobby.loading")}</p>}
      {looked.state === "failed" && (
        <div class="notice warn" role="status">
          <p>{looked.text}</p>
          {!closed && <button type="button" onClick={() => setAttempt((n) => n + 1)}>{t("profile.retry")}</button>}
        </div>
      )}
      {summary && (
        <form class="panel lobby-join-card" onSubmit={join} aria-label={title} noValidate>
          <p class="lobby-code-small">
            {t("lobby.code")}: <strong class="lobby-code-text">{formatCode(summary.code)}</strong>
          </p>
          <p class="mp-info">{t("kp.title")} · {settingsText(summary.settings)}</p>
          <p>{t("kp.online.join.count", { count: summary.players, limit: summary.limit })}</p>
          <WhoField
            id="kp-join-nickname"
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
      {closed && <JoinByCode game={GAME} />}
      <p class="page-links lobby-back">
        <a class="button" href={href("/kostkovy-poker/stul")}>{t("kp.online.new")}</a>
        <a href={href("/kostkovy-poker")}>{t("kp.online.back")}</a>
      </p>
    </section>
  );
}
