// The page #/matematicky-poker/zebricek: ranked games by period (tabs) and difficulty
// (filter), the first 100. It needs the server; offline it says so and offers to try again.
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import { href } from "../../../router";
import { ServerUnreachable, getLeaderboard, type BoardMode, type Leaderboard, type Period } from "../../../profile/api";
import { calendarDay, problemText } from "../../../profile/format";
import { ResultsTable } from "./ResultsTable";
import "../../../profile/profile.css";

const PERIODS: Period[] = ["today", "week", "month", "all"];
const MODES: BoardMode[] = ["all", "easy", "hard"];

type Loaded =
  | { state: "loading" }
  | { state: "ok"; board: Leaderboard }
  | { state: "offline" }
  | { state: "failed"; message: string };

export function LeaderboardPage() {
  useLang();
  const [period, setPeriod] = useState<Period>("today");
  const [mode, setMode] = useState<BoardMode>("all");
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    let live = true;
    setLoaded({ state: "loading" });
    getLeaderboard(period, mode).then(
      (board) => live && setLoaded({ state: "ok", board }),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ServerUnreachable) setLoaded({ state: "offline" });
        else setLoaded({ state: "failed", message: problemText(error, "board.offline") });
      },
    );
    return () => void (live = false);
  }, [period, mode, attempt]);

  // Tabs: arrows, Home and End move between them (and select), Tab leaves the tab list.
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: PERIODS.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key] + PERIODS.length) % PERIODS.length;
    setPeriod(PERIODS[next]);
    tabs.current[next]?.focus();
  };

  const board = loaded.state === "ok" ? loaded.board : null;
  const range = board?.from && board.to
    ? board.from === board.to ? calendarDay(board.from) : t("board.range", { from: calendarDay(board.from), to: calendarDay(board.to) })
    : null;

  return (
    <section class="page board-page" aria-labelledby="board-title">
      <h1 id="board-title">{t("board.title")}</h1>
      <p class="lead">{t("board.lead")}</p>
      <p class="page-links">
        <a class="button primary" href={href("/matematicky-poker?hra=zebricek")}>{t("board.play")}</a>
        <a class="button" href={href("/matematicky-poker/denni-vyzva")}>{t("board.daily")}</a>
        <a class="button" href={href("/matematicky-poker")}>{t("board.back")}</a>
      </p>
      <div class="tabs" role="tablist" aria-label={t("board.periods")}>
        {PERIODS.map((id, index) => (
          <button
            key={id}
            ref={(el) => void (tabs.current[index] = el)}
            type="button"
            role="tab"
            id={`board-tab-${id}`}
            aria-selected={period === id ? "true" : "false"}
            aria-controls="board-panel"
            tabIndex={period === id ? 0 : -1}
            onClick={() => setPeriod(id)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {t(`board.period.${id}`)}
          </button>
        ))}
      </div>
      <div id="board-panel" role="tabpanel" aria-labelledby={`board-tab-${period}`}>
        <div class="board-filter" role="group" aria-labelledby="board-modes">
          <span id="board-modes" class="label">{t("board.modes")}</span>
          <span class="segmented">
            {MODES.map((id) => (
              <button key={id} type="button" aria-pressed={mode === id ? "true" : "false"} onClick={() => setMode(id)}>
                {t(`board.mode.${id}`)}
              </button>
            ))}
          </span>
        </div>
        <p class="status-line" role="status">
          {loaded.state === "loading" && t("board.loading")}
          {board && (board.entries.length ? t("board.count", { count: board.entries.length }) : t("board.empty"))}
          {board && range && <> · {range}</>}
        </p>
        {(loaded.state === "offline" || loaded.state === "failed") && (
          <div class="notice warn" role="status">
            <p>{loaded.state === "offline" ? t("board.offline") : loaded.message}</p>
            <button type="button" onClick={() => setAttempt((n) => n + 1)}>{t("profile.retry")}</button>
          </div>
        )}
        {board && board.entries.length > 0 && (
          <ResultsTable
            caption={t("board.caption", { period: t(`board.period.${period}`), mode: t(`board.mode.${mode}`) })}
            entries={board.entries}
          />
        )}
      </div>
    </section>
  );
}
