// A group dealer who only deals: no board, the numbers drawn so far (the last one big),
// "Táhnout" (key G), and everybody's queue in the ranking beside it.
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useRef } from "preact/hooks";
import { t, useLang } from "../../../i18n";
import type { GameSession } from "../session";
import { errorText } from "../Game";
import type { DealerView } from "./types";

interface Props {
  session: GameSession;
  view: DealerView;
  title: string;
  info: string;
  banner: ComponentChildren;
  controls: ComponentChildren;
  ranking: ComponentChildren;
}

const DECK = 54;

export function DealerDesk({ session, view, title, info, banner, controls, ranking }: Props) {
  useLang();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const dealt = view.dealt;
  const last = dealt.length ? dealt[dealt.length - 1] : null;
  const empty = view.cards_left === 0;
  const draw = useCallback(() => {
    if (!session.view?.started) return;
    session.act({ type: "draw" });
  }, [session]);
  useDrawKey(draw);
  const error = session.error;
  return (
    <section class="page mp-game lobby-desk" aria-labelledby="lobby-desk-title">
      <div class="mp-game-head">
        <h1 id="lobby-desk-title" ref={heading} tabIndex={-1}>{title}</h1>
        <p class="mp-info">{info} · {t("lobby.dealer.deals")}</p>
      </div>
      {banner}
      <div class="mp-play with-aside">
        <div class="mp-side">
          <div class="mp-hand" aria-live="polite" aria-atomic="true">
            <span class="visually-hidden">
              {last === null ? t("lobby.desk.none") : t("lobby.desk.last.aria", { card: cardName(last) })}
            </span>
            <span class="mp-hand-label" aria-hidden="true">{t("lobby.desk.last")}</span>
            <span class={`mp-hand-value${last === 0 ? " joker" : ""}`} aria-hidden="true" data-last={last ?? ""}>
              {last === null ? t("mp.hand.none") : last === 0 ? `★ ${t("mp.hand.joker")}` : last}
            </span>
          </div>
          <button type="button" class="mp-draw primary" aria-keyshortcuts="G" onClick={draw} disabled={empty || !view.started}>
            {t("mp.draw")}
            <kbd aria-hidden="true">G</kbd>
          </button>
          <p class="lobby-drawn" data-drawn={view.drawn}>{t("lobby.desk.drawn", { drawn: view.drawn, deck: DECK })}</p>
          {controls}
        </div>
        <div class="mp-main lobby-desk-main">
          <p class="mp-error" role="status">{error ? errorText(error.code, error.message) : ""}</p>
          <section class="lobby-dealt-box" aria-labelledby="lobby-dealt-title">
            <h2 id="lobby-dealt-title">{t("lobby.desk.dealt")}</h2>
            {dealt.length === 0 ? (
              <p class="muted">{t("lobby.desk.first")}</p>
            ) : (
              <ol class="lobby-dealt">
                {dealt.map((card, index) => (
                  <li key={index} class={card === 0 ? "joker" : undefined}>{card === 0 ? "★" : card}<span class="visually-hidden">{card === 0 ? ` ${t("mp.hand.joker")}` : ""}</span></li>
                ))}
              </ol>
            )}
          </section>
        </div>
        <div class="mp-aside">{ranking}</div>
      </div>
    </section>
  );
}

function cardName(card: number): string {
  return card === 0 ? t("mp.hand.joker") : String(card);
}

/** G draws, as in the solo game (not while typing or with a dialog open). */
export function useDrawKey(draw: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "g" && event.key !== "G") return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (document.querySelector("dialog[open]")) return;
      event.preventDefault();
      draw();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [draw]);
}
