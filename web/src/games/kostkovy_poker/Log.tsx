// The story of the table, one sentence per event, newest last (rebuilt from the table's
// events after a reload, see session.ts). A live region: a screen reader hears each line as
// the paced messages show it.
import { useEffect, useRef } from "preact/hooks";
import { t } from "../../i18n";
import type { LogLine } from "./session";
import type { SeatNames } from "./types";
import { logText } from "./words";

export function Log({ lines, names, me }: { lines: LogLine[]; names: SeatNames; me: number }) {
  const list = useRef<HTMLDivElement>(null);
  const last = lines[lines.length - 1]?.id;
  useEffect(() => {
    const box = list.current;
    if (!box) return;
    fitWholeLines(box);
    const refit = () => fitWholeLines(box);
    addEventListener("resize", refit);
    return () => removeEventListener("resize", refit);
  }, [last]);
  const shown = lines
    .map((line) => ({ id: line.id, text: logText(line, names, me), type: line.event.type }))
    .filter((line): line is { id: number; text: string; type: string } => line.text !== null);
  return (
    <section class="kp-log-box" aria-labelledby="kp-log-title">
      <h2 id="kp-log-title">{t("kp.log.title")}</h2>
      <div ref={list} class="kp-log" role="log" aria-live="polite" aria-relevant="additions" tabIndex={0} aria-labelledby="kp-log-title">
        <ol>
          {shown.map((line) => (
            <li key={line.id} class={`kp-log-${line.type}`}>{line.text}</li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** Scroll to the newest line, with the box as tall as the newest lines that fit whole under
 *  its max-height: its top line is never cut in half (lines wrap to different heights). */
function fitWholeLines(box: HTMLDivElement): void {
  box.style.height = "";
  const max = parseFloat(getComputedStyle(box).maxHeight);
  const items = Array.from(box.querySelectorAll("li"));
  if (items.length > 0 && Number.isFinite(max)) {
    const bottom = items[items.length - 1].getBoundingClientRect().bottom;
    let height = 0;
    for (let i = items.length - 1; i >= 0; i--) {
      const span = bottom - items[i].getBoundingClientRect().top;
      if (span > max) break;
      height = span;
    }
    if (height > 0 && box.scrollHeight > max) box.style.height = `${Math.ceil(height)}px`;
  }
  box.scrollTop = box.scrollHeight;
}
