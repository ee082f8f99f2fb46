// The daily result as a text to paste into a chat, and how it leaves the page: the system
// share sheet when the browser has one, else the clipboard.
import { useEffect, useState } from "preact/hooks";
import { t } from "../../../i18n";
import { calendarDay, plural } from "../../../profile/format";

export interface Shareable {
  date: string;
  score: number;
  rank: number | null;
  streak: number;
}

export function shareUrl(): string {
  return `${location.origin}/#/matematicky-poker/denni-vyzva`;
}

/** "Matematický poker – Denní výzva 30. 11. 2026: 245 bodů, 3. místo dne, série 4 dny 🔥 URL" */
export function shareText(result: Shareable, url = shareUrl()): string {
  return t("daily.share.text", {
    date: calendarDay(result.date),
    points: plural("daily.points", result.score),
    rank: result.rank ? t("daily.share.rank", { rank: result.rank }) : "",
    streak: plural("daily.days", result.streak),
    url,
  });
}

export type ShareOutcome = "shared" | "copied" | "aborted" | "failed";

export async function share(text: string): Promise<ShareOutcome> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ text });
      return "shared";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return "aborted";
      // Sharing refused (no user gesture left, not allowed): the clipboard still works.
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return "copied";
  } catch {
    return "failed";
  }
}

/** The outcome of the last share (cleared a few seconds after a success) and how to share. */
export function useShare(): [ShareOutcome | null, (text: string) => void] {
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);
  useEffect(() => {
    if (outcome !== "copied" && outcome !== "shared") return;
    const timer = setTimeout(() => setOutcome(null), 4000);
    return () => clearTimeout(timer);
  }, [outcome]);
  return [outcome, (text: string) => void share(text).then(setOutcome)];
}
