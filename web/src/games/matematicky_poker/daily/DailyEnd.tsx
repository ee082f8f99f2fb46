// What the end dialog of a daily game says about it: a recorded attempt, with the share
// button (the text as on the challenge's page: score, rank of the day, streak, asked of the
// server once the game is over); a replay, labelled as the unrecorded replay it is.
import { useEffect, useState } from "preact/hooks";
import { t } from "../../../i18n";
import { getDaily, type Daily } from "../../../profile/api";
import type { GameMeta } from "../serverGames";
import { shareText, useShare } from "./share";
import "./daily.css";

const RETRIES = 4;
const RETRY_MS = 500;

export function DailyEnd({ meta, profileKey }: { meta: GameMeta; profileKey: string | null }) {
  if (meta.replay || !meta.recorded) {
    return (
      <>
        <strong class="daily-replay-label">{t("daily.replay.label")}.</strong> {t("daily.end.replay")}
      </>
    );
  }
  return (
    <>
      {t("daily.end.recorded")} <EndShare profileKey={profileKey} day={meta.day} />
    </>
  );
}

/** The share button of a recorded attempt: enabled once the day's result has come. The
 *  result is asked of the attempt's own day: one begun before midnight ends on the next. */
function EndShare({ profileKey, day }: { profileKey: string | null; day: string | undefined }) {
  const [daily, setDaily] = useState<Daily | null>(null);
  const [failed, setFailed] = useState(false);
  const [outcome, run] = useShare();
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The result is stored as the game ends; should the answer come before it, ask again.
    const ask = (left: number) =>
      getDaily(profileKey, day).then(
        (found) => {
          if (!live) return;
          if (found.result || left === 0) setDaily(found);
          else timer = setTimeout(() => void ask(left - 1), RETRY_MS);
        },
        () => live && setFailed(true),
      );
    void ask(RETRIES);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [profileKey, day]);
  const result = daily?.result;
  const text = result
    ? shareText({
        date: daily.date,
        score: result.score,
        rank: result.published === false ? null : daily.rank,
        streak: daily.streak?.current ?? 0,
      })
    : null;
  return (
    <span class="daily-end-share">
      <button type="button" class="daily-end-share-button" disabled={text === null} data-share-text={text ?? ""}
        onClick={() => text !== null && run(text)}>
        {t("daily.share")}
      </button>{" "}
      <span role="status" class={outcome === "failed" || failed ? "field-error" : "copied"}>
        {failed && t("daily.end.share.failed")}
        {outcome === "copied" && t("daily.copied")}
        {outcome === "shared" && t("daily.shared")}
        {outcome === "failed" && t("daily.copy.failed")}
      </span>
    </span>
  );
}
