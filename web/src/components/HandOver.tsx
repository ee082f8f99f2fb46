// The hand-over screen of a hot-seat game (several people at one device): between two
// players' turns everything private is hidden until the next player says they are at the
// device. Wrap a game's board in it; with any other connection it shows the board as is.
//
//   <HandOver connection={table} names={(seat) => …}>{board}</HandOver>
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { HotSeatTable, type HandOverState } from "../net/local";
import type { TableConnection } from "../net/protocol";
import "./HandOver.css";

interface Props {
  connection: TableConnection;
  /** A seat's player as the page names them; "Hráč 2" (seat + 1) by default. */
  name?: (seat: number) => string;
  children: ComponentChildren;
}

export function HandOver({ connection, name, children }: Props) {
  useLang();
  const hotSeat = connection instanceof HotSeatTable ? connection : null;
  const [state, setState] = useState<HandOverState | null>(hotSeat?.handOver() ?? null);
  useEffect(() => hotSeat?.onHandOver(setState), [hotSeat]);
  const button = useRef<HTMLButtonElement>(null);
  const next = state?.next ?? null;
  useEffect(() => {
    if (next !== null) button.current?.focus();
  }, [next]);
  if (hotSeat === null || next === null) return <>{children}</>;
  const player = name?.(next) ?? t("handover.player", { number: next + 1 });
  // Nothing of the board is rendered meanwhile: no private part can show, even to a
  // screen reader or through the page's own styles.
  return (
    <section class="hand-over" role="dialog" aria-modal="true" aria-labelledby="hand-over-title">
      <h2 id="hand-over-title">{t("handover.title", { player })}</h2>
      <p>{t("handover.text", { player })}</p>
      <button ref={button} type="button" class="primary" onClick={() => hotSeat.reveal()}>
        {t("handover.reveal")}
      </button>
    </section>
  );
}
