// The story of the table, one sentence per event, newest last. A live region: a screen
// reader hears each line as the paced messages show it.
import { useEffect, useRef } from "preact/hooks";
import { t } from "../i18n";
import type { LogLine } from "./session";
import type { SeatNames } from "./types";
import { logText } from "./words";

export function Log({ lines, names, me }: { lines: LogLine[]; names: SeatNames; me: number }) {
  const list = useRef<HTMLDivElement>(null);
  const last = lines[lines.length - 1]?.id;
  useEffect(() => {
    const box = list.current;
    if (box) box.scrollTop = box.scrollHeight;
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
