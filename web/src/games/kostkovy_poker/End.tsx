// The end of the game: why it ended (the last player with chips, or agreement) and the final
// ranking by chips, with the hand each player went out in.
import { useEffect, useId, useRef } from "preact/hooks";
import type { ComponentChildren } from "preact";
import { t } from "../../i18n";
import type { KpResult, SeatNames } from "./types";
import { chips, nameOf } from "./words";

interface Props {
  result: KpResult;
  names: SeatNames;
  me: number;
  /** The buttons below (play again, back to the setup, or the online table's own). */
  children?: ComponentChildren;
}

export function End({ result, names, me, children }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const title = useId(); // (a replay's end may be on the page beside the live one)
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus();
  }, []);
  const winner = result.winner;
  const reason =
    result.reason === "agreement"
      ? t("kp.end.agreement", { hands: result.hands })
      : winner === me
        ? t("kp.end.last_player.you")
        : winner !== null
          ? t("kp.end.last_player", { name: nameOf(names, winner) })
          : "";
  return (
    <section class="kp-end" aria-labelledby={title}>
      <h2 id={title} ref={heading} tabIndex={-1}>{t("kp.end.title")}</h2>
      {reason && <p class="kp-end-reason">{reason}</p>}
      <table class="kp-ranking">
        <thead>
          <tr>
            <th scope="col">{t("kp.end.place")}</th>
            <th scope="col">{t("kp.end.player")}</th>
            <th scope="col" class="num">{t("kp.end.chips")}</th>
            <th scope="col">{t("kp.end.out")}</th>
          </tr>
        </thead>
        <tbody>
          {result.standings.map((row) => (
            <tr key={row.seat} class={row.seat === me ? "me" : ""} data-seat={row.seat} data-place={row.place}>
              <td>{row.place}.</td>
              <th scope="row">{row.seat === me ? t("kp.you") : nameOf(names, row.seat)}</th>
              <td class="num">{chips(row.chips)}</td>
              <td>{row.out === null ? t("kp.end.in") : t("kp.end.out.hand", { hand: row.out })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {children && <div class="kp-end-actions">{children}</div>}
    </section>
  );
}
