// The Nim table on screen, the same for a local and an online game: whose turn, the heaps
// (each stone a button: it takes that stone and those after it), what each seat took, the
// winner. Everything shown comes from the views; this sends moves and nothing else.
import type { ComponentChildren } from "preact";
import { useSession } from "@web/net/useSession";
import { t, useLang } from "@web/i18n";
import { codeText } from "@web/lobby/format";
import { nim } from "./i18n";
import type { NimSession } from "./session";
import "@web/components/game.css";
import "./nim.css";

interface Props {
  session: NimSession;
  /** A seat's player as the page names them. */
  name: (seat: number) => string;
  title: string;
  nav?: ComponentChildren;
  banner?: ComponentChildren;
  /** Under the players (leaving an online game). */
  side?: ComponentChildren;
  /** The buttons once the game is over. */
  end?: ComponentChildren;
  /** Under them once the game is over: its replay (<ReplayButton>). */
  replay?: ComponentChildren;
}

/** A refusal in words: Nim's own codes, else the shared ones, else the engine's message. */
function errorText(code: string, message: string): string {
  return `nim.error.${code}` in nim.cs ? t(`nim.error.${code}`) : codeText(code, message);
}

export function Board({ session, name, title, nav, banner, side, end, replay }: Props) {
  useLang();
  useSession(session);
  const view = session.view;
  const status = !view ? t("nim.connecting")
    : view.over ? t("nim.winner", { name: name(view.winner!) })
    : !view.started ? t("nim.waiting")
    : t("nim.turn", { name: name(view.turn[0]) });
  return (
    <section class="page nim-game" aria-labelledby="nim-game-title">
      {nav}
      <div class="mp-game-head">
        <h1 id="nim-game-title">{title}</h1>
      </div>
      {banner}
      <p class="nim-status" role="status" data-over={view?.over ? "true" : undefined}>{status}</p>
      {view && (
        <ol class="nim-heaps">
          {view.heaps.map((size, heap) => (
            <li key={heap} class="nim-heap" data-size={size}>
              <span class="nim-heap-name">{t("nim.heap", { number: heap + 1 })}</span>
              <span class="nim-stones">
                {size === 0 && <span class="hint">{t("nim.heap.empty")}</span>}
                {Array.from({ length: size }, (_, stone) => (
                  <button
                    key={stone}
                    type="button"
                    class="nim-stone"
                    disabled={!session.mayTake}
                    aria-label={t("nim.take", { count: size - stone, number: heap + 1 })}
                    title={t("nim.take", { count: size - stone, number: heap + 1 })}
                    onClick={() => session.take(heap, size - stone)}
                  />
                ))}
              </span>
            </li>
          ))}
        </ol>
      )}
      <p class="mp-error" role="alert">{session.error && errorText(session.error.code, session.error.message)}</p>
      {view && (
        <ul class="nim-players">
          {view.took.map((count, seat) => (
            <li key={seat} data-seat={seat} class={view.turn.includes(seat) ? "turn" : undefined}>
              {t(view.left[seat] ? "nim.gone" : "nim.took", { name: name(seat), count })}
            </li>
          ))}
        </ul>
      )}
      {side}
      {view?.over && <p class="page-links nim-end">{end}</p>}
      {view?.over && replay}
    </section>
  );
}
