// The betting buttons, each with its exact amount (from the view): check, bet N, call N
// (all-in when that is everything left), raise to N, fold. Keys: C checks or calls, B bets or raises, F folds.
// Only the actions the table offers (the view's `actions`) are shown.
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import { t } from "../../i18n";
import type { Action } from "../../net/protocol";
import { forThePage } from "./Keep";
import type { BetAction, KpView } from "./types";

/** Every betting action, in the order the buttons show them. */
export const BET_ACTIONS: BetAction[] = ["check", "call", "bet", "raise", "fold"];
const KEYS: Record<BetAction, string> = { check: "C", call: "C", bet: "B", raise: "B", fold: "F" };

/** The button text of a betting action, with its amount. */
export function betLabel(view: KpView, action: BetAction): string {
  switch (action) {
    case "check":
      return t("kp.bet.check");
    case "bet":
      return t("kp.bet.bet", { amount: view.bet_size ?? 0 });
    case "call":
      return t(view.call_all_in ? "kp.bet.call.all_in" : "kp.bet.call", { amount: view.to_call });
    case "raise":
      return t("kp.bet.raise", { amount: view.raise_to ?? 0 });
    case "fold":
      return t("kp.bet.fold");
  }
}

interface Props {
  view: KpView;
  ready: boolean;
  onAct: (action: Action) => void;
}

export function Betting({ view, ready, onAct }: Props) {
  const offered = BET_ACTIONS.filter((action) => view.actions.includes(action));
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (ready && document.activeElement === document.body) first.current?.focus();
  }, [ready, view.turn[0], view.table.length]);
  // One listener for the component's life, reading the latest render (see Keep.tsx).
  const latest = useRef({ ready, offered, onAct });
  latest.current = { ready, offered, onAct };
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const now = latest.current;
      if (!now.ready || !forThePage(event)) return;
      const key = event.key.toUpperCase();
      const action = now.offered.find((a) => KEYS[a] === key);
      if (!action) return;
      event.preventDefault();
      now.onAct({ type: action });
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);
  return (
    <section class="kp-betting" aria-labelledby="kp-bet-title">
      <h2 id="kp-bet-title">{t("kp.bet.your_turn")}</h2>
      {view.to_call > 0 && <p class="kp-to-call">{t("kp.bet.to_call", { count: view.to_call })}</p>}
      <div class="kp-bet-buttons">
        {offered.map((action, i) => (
          <button
            key={action}
            ref={i === 0 ? first : undefined}
            type="button"
            class={`kp-act ${action}${action === "call" || (action === "check" && !offered.includes("call")) ? " primary" : ""}`}
            data-action={action}
            aria-keyshortcuts={KEYS[action]}
            disabled={!ready}
            onClick={() => onAct({ type: action })}
          >
            {betLabel(view, action)}
            <kbd aria-hidden="true">{KEYS[action]}</kbd>
          </button>
        ))}
      </div>
      <p class="hint kp-keys">{t("kp.bet.keys")}</p>
    </section>
  );
}
