// The frame of every game's table screen, the same in each mode (computer, one device,
// online): the heading (focused when the table comes, so a screen reader starts there) with
// the game's one-line info, what the mode puts above (a banner, a hint), and "connecting"
// until the first view; then the game's own board. The mode's frame (TableFrame) adds the
// side column and the end's buttons, which the game's board places.
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { useExpiring } from "../components/useExpiring";
import { t } from "../i18n";
import type { Failure } from "../net/session";

/** What a mode puts around a game's table (the kit's page, an online room). */
export interface TableFrame {
  title?: string;
  info?: string;
  banner?: ComponentChildren;
  /** More beside the table (the way back to the menu, the people online). */
  side?: ComponentChildren;
  /** The buttons under the end of a game. */
  end?: ComponentChildren;
}

interface Props<V> {
  /** The game's short name: the section's class `${game}-game`, the heading's id
   *  `${game}-game-title`, the head's class `${game}-head`, the words `${game}.title` and
   *  `${game}.connecting`. */
  game: string;
  /** More classes of the section (a device setting's look). */
  class?: string;
  /** The table's session: its view, and its last refusal (shown a few seconds). */
  session: { view: V | null; error: Failure | null };
  /** How long a refusal shows (ms). */
  errorMs?: number;
  errorText: (code: string, message: string) => string;
  frame?: TableFrame;
  /** The game's one-line info about a view (the frame's own info instead, when it has one). */
  info: (view: V) => string;
  /** Under the banner, whatever the view (a local game's note). */
  note?: ComponentChildren;
  /** Instead of the words `${game}.connecting` (the engine's loading told). */
  connecting?: ComponentChildren;
  /** The board once a view is there, with the refusal in words. */
  children: (view: V, error: string | null) => ComponentChildren;
}

export function TableShell<V>({ game, class: extra, session, errorMs = 6000, errorText, frame, info, note, connecting, children }: Props<V>) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const view = session.view;
  const shown = useExpiring(session.error, errorMs);
  const refusal = shown && errorText(shown.code, shown.message);
  return (
    <section class={`page ${game}-game${extra ? ` ${extra}` : ""}`} aria-labelledby={`${game}-game-title`}>
      <div class={`mp-game-head ${game}-head`}>
        <h1 id={`${game}-game-title`} ref={heading} tabIndex={-1}>{frame?.title ?? t(`${game}.title`)}</h1>
        {view && <p class="mp-info">{frame?.info ?? info(view)}</p>}
      </div>
      {frame?.banner}
      {note}
      {!view ? (
        <div class="mp-connecting">
          <p role="status">{connecting ?? t(`${game}.connecting`)}</p>
          <p class="mp-error" role="status">{refusal}</p>
        </div>
      ) : (
        children(view, refusal)
      )}
    </section>
  );
}
