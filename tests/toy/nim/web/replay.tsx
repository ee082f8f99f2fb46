// Nim's replay view: one frame of a replay, read-only (the shared stepper around it is
// web/src/replay/Replay.tsx): whose turn or who won, the heaps, what each seat took.
import { t, useLang } from "@web/i18n";
import type { ReplayViewProps } from "@web/replay/types";
import type { NimView } from "./session";
import "@web/components/game.css";
import "./nim.css";

export function NimReplay({ data, view: frame }: ReplayViewProps) {
  useLang();
  const view = frame as NimView;
  const name = (seat: number) => (seat === data.seat ? t("nim.you") : t("nim.player", { number: seat + 1 }));
  const status = view.over ? t("nim.winner", { name: name(view.winner!) })
    : !view.started ? t("nim.waiting")
    : t("nim.turn", { name: name(view.turn[0]) });
  return (
    <div class="nim-replay">
      <p class="nim-status">{status}</p>
      <ol class="nim-heaps">
        {view.heaps.map((size, heap) => (
          <li key={heap} class="nim-heap" data-size={size}>
            <span class="nim-heap-name">{t("nim.heap", { number: heap + 1 })}</span>
            <span class="nim-stones" aria-label={String(size)}>
              {size === 0 && <span class="hint">{t("nim.heap.empty")}</span>}
              {Array.from({ length: size }, (_, stone) => <span key={stone} class="nim-stone" />)}
            </span>
          </li>
        ))}
      </ol>
      <ul class="nim-players">
        {view.took.map((count, seat) => (
          <li key={seat} data-seat={seat}>
            {t(view.left[seat] ? "nim.gone" : "nim.took", { name: name(seat), count })}
          </li>
        ))}
      </ul>
    </div>
  );
}
