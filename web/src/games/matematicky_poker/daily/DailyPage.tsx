// The page #/matematicky-poker/denni-vyzva: today's date, the day's record, the table of the
// day and, for the selected profile, its one attempt: play, then score, rank of the day,
// streak and a share text; a used attempt can be replayed without recording. It needs the
// server and storage; without either it says so instead of pretending.
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { Game } from "../Game";
import { resumeSession, type GameSession } from "../session";
import { loadTable, saveTable } from "../storage";
import { ResultsTable } from "../leaderboard/ResultsTable";
import type { TableRequest } from "../../../net/protocol";
import { useConsentGate } from "../../../privacy/ConsentDialog";
import { ApiError, ServerUnreachable, getDaily, type Daily } from "../../../profile/api";
import { calendarDay, plural, problemText } from "../../../profile/format";
import { loadGameMeta, saveGameMeta, startServerGame, type GameMeta } from "../serverGames";
import { useProfiles } from "../../../profile/store";
import { href } from "../../../router";
import { DailyEnd } from "./DailyEnd";
import { shareText, useShare } from "./share";
import "../../../profile/profile.css";

type Loaded =
  | { state: "loading" }
  | { state: "ok"; daily: Daily }
  | { state: "offline" }
  | { state: "failed"; message: string };

type Playing = { session: GameSession; meta: GameMeta };

function resume(): Playing | null {
  const saved = loadTable();
  const meta = loadGameMeta(saved?.ticket.table);
  return saved && meta?.kind === "daily" ? { session: resumeSession(saved), meta } : null;
}

export function DailyPage() {
  useLang();
  const { storage, selected } = useProfiles();
  const [playing, setPlaying] = useState<Playing | null>(resume);
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const gate = useConsentGate();
  const mounted = useRef(true);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => () => void (mounted.current = false), []);
  useEffect(() => () => playing?.session.close(), [playing]);
  useEffect(
    () =>
      playing?.session.subscribe(() => {
        if (playing.session.fatal) back();
      }),
    [playing],
  );

  const key = storage ? selected?.key ?? null : null;
  useEffect(() => {
    if (playing) return;
    let live = true;
    setLoaded((previous) => (previous.state === "ok" ? previous : { state: "loading" }));
    getDaily(key).then(
      (daily) => live && setLoaded({ state: "ok", daily }),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ServerUnreachable) setLoaded({ state: "offline" });
        else setLoaded({ state: "failed", message: problemText(error, "daily.offline") });
      },
    );
    return () => void (live = false);
  }, [key, attempt, playing === null]);

  const play = async (replay: boolean) => {
    if (!key || busy) return;
    setBusy(true);
    setMessage("");
    try {
      let consent: boolean | null = null;
      if (!replay) {
        const answer = await gate.ensure(key);
        if (answer === undefined || !mounted.current) return;
        consent = answer;
      }
      const request: TableRequest = { game: "matematicky-poker" };
      if (replay) request.replay = true;
      const started = await startServerGame(request, "daily", consent);
      if (!mounted.current) return started.session.close();
      setPlaying(started);
    } catch (error) {
      if (error instanceof ApiError && error.code === "already_played") {
        setMessage(t("daily.already"));
        setAttempt((n) => n + 1);
      } else if (error instanceof ServerUnreachable) {
        setLoaded({ state: "offline" });
      } else {
        setMessage(problemText(error, "daily.offline"));
      }
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  function back() {
    saveTable(null);
    saveGameMeta(null);
    setPlaying(null);
    setAttempt((n) => n + 1);
    requestAnimationFrame(() => heading.current?.focus());
  }

  if (playing) {
    return (
      <Game session={playing.session} onAgain={back} meta={playing.meta} againLabel={t("daily.end.back")}
        record={<DailyEnd meta={playing.meta} profileKey={key} />} />
    );
  }

  const daily = loaded.state === "ok" ? loaded.daily : null;
  return (
    <section class="page daily-page" aria-labelledby="daily-title">
      <h1 id="daily-title" ref={heading} tabIndex={-1}>{t("daily.title")}</h1>
      <p class="lead">{t("daily.lead")}</p>
      <p class="page-links">
        <a class="button" href={href("/matematicky-poker/zebricek")}>{t("board.title")}</a>
        <a class="button" href={href("/matematicky-poker")}>{t("board.back")}</a>
      </p>
      <p class="live" role="status" aria-live="polite">{message}</p>
      {loaded.state === "loading" && <p class="status-line" role="status">{t("daily.loading")}</p>}
      {(loaded.state === "offline" || loaded.state === "failed") && (
        <div class="notice warn" role="status">
          <p>{loaded.state === "offline" ? t("daily.offline") : loaded.message}</p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>{t("profile.retry")}</button>
        </div>
      )}
      {daily && (
        <>
          <div class="daily-top">
            <section class="panel" aria-labelledby="daily-record-title">
              <p class="daily-date">{t("daily.date", { date: calendarDay(daily.date) })}</p>
              <h2 id="daily-record-title">{t("daily.record.title")}</h2>
              {daily.record ? (
                <p class="daily-record" data-record={daily.record.score}>
                  {plural("daily.points", daily.record.score)} <span class="nickname">– {daily.record.nickname}</span>
                </p>
              ) : (
                <p class="muted">{t("daily.record.none")}</p>
              )}
            </section>
            <section class="panel" aria-labelledby="daily-you-title">
              <h2 id="daily-you-title">{t("daily.you.title")}</h2>
              <Attempt daily={daily} storage={storage} nickname={selected?.nickname ?? null} busy={busy} onPlay={play} />
            </section>
          </div>
          <section class="daily-table" aria-labelledby="daily-table-title">
            <h2 id="daily-table-title">{t("daily.table.title")}</h2>
            {daily.entries.length ? (
              <ResultsTable caption={calendarDay(daily.date)} entries={daily.entries} withMode={false} />
            ) : (
              <p class="muted">{t("daily.table.empty")}</p>
            )}
          </section>
        </>
      )}
      {gate.dialog}
    </section>
  );
}

interface AttemptProps {
  daily: Daily;
  storage: boolean;
  nickname: string | null;
  busy: boolean;
  onPlay: (replay: boolean) => void;
}

function Attempt({ daily, storage, nickname, busy, onPlay }: AttemptProps) {
  if (!storage || nickname === null) {
    return (
      <p class="notice warn">
        {t(storage ? "daily.needs.profile" : "daily.needs.storage")}{" "}
        <a href={href("/profil")}>{t("daily.profile.link")}</a>
      </p>
    );
  }
  if (!daily.played) {
    return (
      <>
        <p class="muted">{t("daily.playing.as", { nickname })}</p>
        <button type="button" class="primary daily-play" onClick={() => onPlay(false)} aria-busy={busy ? "true" : undefined}
          disabled={busy}>
          {t("daily.play")}
        </button>
        {busy && <p role="status">{t("daily.starting")}</p>}
      </>
    );
  }
  const streak = daily.streak?.current ?? 0;
  return (
    <>
      <p>{t("daily.played")}</p>
      {daily.result ? (
        <>
          <dl class="daily-result">
            <div class="stat" data-stat="score">
              <dt>{t("daily.score")}</dt>
              <dd data-score={daily.result.score}>{plural("daily.points", daily.result.score)}</dd>
            </div>
            <div class="stat" data-stat="rank">
              <dt>{t("daily.rank")}</dt>
              <dd data-rank={daily.rank ?? ""}>
                {!daily.rank
                  ? t("daily.rank.none")
                  : t(daily.result.published === false ? "daily.rank.private" : "daily.rank.value", { rank: daily.rank })}
              </dd>
            </div>
            <div class="stat" data-stat="streak">
              <dt>{t("daily.streak")}</dt>
              <dd data-streak={streak}>{t("daily.streak.value", { text: plural("daily.days", streak) })}</dd>
            </div>
          </dl>
          <Share text={shareText({
            date: daily.date,
            score: daily.result.score,
            rank: daily.result.published === false ? null : daily.rank,
            streak,
          })} />
        </>
      ) : (
        <p class="muted">{t("daily.unfinished")}</p>
      )}
      {daily.result && (
        <>
          <p class="actions">
            <button type="button" onClick={() => onPlay(true)} disabled={busy}>{t("daily.replay")}</button>
          </p>
          <p class="hint daily-replay-note"><strong class="daily-replay-label">{t("daily.replay.label")}.</strong> {t("daily.replay.note")}</p>
        </>
      )}
    </>
  );
}

function Share({ text }: { text: string }) {
  const [outcome, run] = useShare();
  return (
    <div class="share">
      <p class="share-label" id="share-label">{t("daily.share.label")}</p>
      <p class="share-text" data-share-text>{text}</p>
      <p class="actions">
        <button type="button" class="primary" onClick={() => run(text)}>
          {t("daily.share")}
        </button>
        <span role="status" class={outcome === "failed" ? "field-error" : "copied"}>
          {outcome === "copied" && t("daily.copied")}
          {outcome === "shared" && t("daily.shared")}
          {outcome === "failed" && t("daily.copy.failed")}
        </span>
      </p>
    </div>
  );
}
