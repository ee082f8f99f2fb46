// The dialogs of a game: the joker decision (not cancellable: a choice is needed, but Esc
// closes its value picker), the value of a kept joker, leaving a game ("Nová hra"), and the
// end of the game with the line-by-line breakdown.
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { Dialog } from "../../components/Dialog";
import { t } from "../../i18n";
import type { LeaveOutcome } from "./MpPage";
import { lineName, type MpView } from "./types";

const VALUES = Array.from({ length: 13 }, (_, i) => i + 1);

/** Thirteen buttons, 1 to 13; the first takes the focus when shown. */
function ValueGrid({ onValue }: { onValue: (value: number) => void }) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div class="mp-values" role="group" aria-label={t("mp.joker.value")}>
      {VALUES.map((value) => (
        <button
          key={value}
          ref={value === 1 ? first : undefined}
          type="button"
          class="mp-value"
          aria-label={t("mp.value.aria", { value })}
          onClick={() => onValue(value)}
        >
          {value}
        </button>
      ))}
    </div>
  );
}

interface JokerProps {
  onKeep: () => void;
  onValue: (value: number) => void;
  /** The countdown of the joker in hand (hard mode), shown inside the dialog. */
  timer?: ComponentChildren;
}

export function JokerDialog({ onKeep, onValue, timer }: JokerProps) {
  const [choosing, setChoosing] = useState(false);
  const now = useRef<HTMLButtonElement>(null);
  const wasChoosing = useRef(false);
  useEffect(() => {
    if (wasChoosing.current && !choosing) now.current?.focus();
    wasChoosing.current = choosing;
  }, [choosing]);
  // Esc closes the value picker (back to the choice); the choice itself stays open.
  const back = useCallback(() => setChoosing(false), []);
  return (
    <Dialog title={t("mp.joker.title")} class="mp-dialog mp-joker-dialog" onClose={choosing ? back : undefined}
      closeButton={false}>
      {timer}
      {choosing ? (
        <>
          <p>{t("mp.joker.value")}</p>
          <ValueGrid onValue={onValue} />
          <p class="mp-dialog-actions">
            <button type="button" onClick={() => setChoosing(false)}>{t("mp.joker.back")}</button>
          </p>
        </>
      ) : (
        <>
          <p>{t("mp.joker.text")}</p>
          <div class="mp-joker-choices">
            <button ref={now} type="button" class="primary" onClick={() => setChoosing(true)}>
              {t("mp.joker.now")}
            </button>
            <button type="button" onClick={onKeep}>{t("mp.joker.keep")}</button>
          </div>
          <p class="mp-hint">{t("mp.joker.keep.about")}</p>
        </>
      )}
    </Dialog>
  );
}

export function KeptDialog({ onValue, onClose }: { onValue: (value: number) => void; onClose: () => void }) {
  return (
    <Dialog title={t("mp.kept.title")} onClose={onClose} class="mp-dialog">
      <p>{t("mp.kept.text")}</p>
      <ValueGrid onValue={onValue} />
    </Dialog>
  );
}

/** "Nová hra" during a game: what becomes of the game that is left, said before it is. */
export function LeaveDialog({ outcome, onLeave, onStay }: { outcome: LeaveOutcome; onLeave: () => void; onStay: () => void }) {
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => stay.current?.focus(), []);
  return (
    <Dialog title={t("mp.leave.title")} onClose={onStay} class="mp-dialog mp-leave-dialog">
      <p>{t(`mp.leave.${outcome}`)}</p>
      <p class="mp-dialog-actions">
        <button ref={stay} type="button" onClick={onStay}>{t("mp.leave.stay")}</button>
        <button type="button" class="primary" onClick={onLeave}>{t("mp.leave.confirm")}</button>
      </p>
    </Dialog>
  );
}

interface EndProps {
  view: MpView;
  kind: "remote" | "local";
  onClose: () => void;
  onAgain: () => void;
  /** The main button's text (default "Hrát znovu"). */
  againLabel?: string;
  /** Whether and where the game was recorded, when the plain remote/local line is not enough. */
  record?: ComponentChildren;
  /** More buttons before the main one (the replay, the coach). */
  more?: ComponentChildren;
}

export function EndDialog({ view, kind, onClose, onAgain, againLabel, record, more }: EndProps) {
  const lines = view.score.lines;
  const bonus = view.score.total - lines.reduce((sum, points) => sum + points, 0);
  const filled = view.board.filter((value) => value !== null).length;
  return (
    <Dialog title={t("mp.end.title")} onClose={onClose} class="mp-dialog mp-end">
      <p class="mp-end-total" data-total={view.score.total}>
        {t("mp.end.total", { total: view.score.total })}
      </p>
      <table class="mp-breakdown">
        <caption>{t("mp.end.lines")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("mp.end.line")}</th>
            <th scope="col">{t("mp.end.points")}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((points, index) => (
            <tr key={index} class={points > 0 ? "scored" : undefined}>
              <th scope="row">{lineName(index, t)}</th>
              <td data-line-points={points}>{points}</td>
            </tr>
          ))}
          {bonus !== 0 && (
            <tr class="scored">
              <th scope="row">{t("mp.end.bonus")}</th>
              <td data-line-points={bonus}>{bonus}</td>
            </tr>
          )}
        </tbody>
      </table>
      <p class="mp-end-counts">
        <span>{t("mp.end.filled", { filled })}</span>
        <span>{t("mp.forfeited", { count: view.forfeited })}</span>
      </p>
      <p class="mp-end-record">{record ?? t(kind === "remote" ? "mp.end.recorded" : "mp.end.local")}</p>
      <p class="mp-dialog-actions">
        {more}
        <button type="button" class="primary" onClick={onAgain}>{againLabel ?? t("mp.end.again")}</button>
      </p>
    </Dialog>
  );
}
