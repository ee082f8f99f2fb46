// The offer of notifications, under the header wherever the person is (app.tsx mounts it):
// shown once a reason came (a seat in a turn-based room, noted by the room's page; a friend's
// challenge, seen here) and never on the first visit, never where the browser cannot show
// them, never again once answered (offer.ts). "Yes" asks the browser, subscribes and tells
// the server; what came of it is said in place until closed or the page changes.
import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { useClub } from "../club/presence";
import { problemText } from "../profile/format";
import { useProfiles } from "../profile/store";
import { usePath } from "../router";
import { turnOn } from "./device";
import { answer, noteReason, offerShown, support, usePushState } from "./offer";
import "./push.css";

/** What came of the answer, said on the page it was given on until closed. */
type Said = { key: "push.offer.on" | "push.offer.off" | "push.offer.denied" } | null;

export function PushOffer() {
  useLang();
  const { selected } = useProfiles();
  const { challenges } = useClub();
  const pushState = usePushState();
  const path = usePath();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<Said>(null);
  const pending = challenges.length > 0;
  useEffect(() => {
    if (pending && selected) noteReason("challenge");
  }, [pending, selected?.id]);
  useEffect(() => setSaid(null), [path]);

  if (said) {
    return (
      <aside class="push-offer-region under-header" aria-label={t("push.offer.region")}>
        <div class="notice push-offer push-said">
          <p role="status">{t(said.key)}</p>
          <p class="actions">
            <button type="button" onClick={() => setSaid(null)}>{t("push.offer.close")}</button>
          </p>
        </div>
      </aside>
    );
  }
  const shown = offerShown({
    ...support(),
    profile: selected !== null,
    answer: pushState.answer,
    reason: pushState.reason,
    firstVisit: pushState.firstVisit,
    challengeShown: pending,
  });
  if (!shown || !selected) return null;

  const yes = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await turnOn(selected);
      if (result !== "unsupported") setSaid({ key: result === "on" ? "push.offer.on" : "push.offer.denied" });
    } catch (problem) {
      setError(t("push.error", { message: problemText(problem) }));
    } finally {
      setBusy(false);
    }
  };
  const no = () => {
    answer("no");
    setSaid({ key: "push.offer.off" });
  };

  return (
    <aside class="push-offer-region under-header" aria-label={t("push.offer.region")}>
      <div class="notice push-offer" role="group" aria-labelledby="push-offer-title" aria-describedby="push-offer-text">
        <p id="push-offer-title" class="push-offer-title">{t("push.offer.title")}</p>
        <p id="push-offer-text">{t("push.offer.text")}</p>
        <p class="actions">
          <button type="button" class="primary" disabled={busy} aria-busy={busy ? "true" : undefined} onClick={() => void yes()}>
            {t("push.offer.yes")}
          </button>
          <button type="button" disabled={busy} onClick={no}>{t("push.offer.no")}</button>
        </p>
        <p class="live" role="status" aria-live="polite">{busy ? t("push.offer.busy") : ""}</p>
        {error && <p class="field-error" role="alert">{error}</p>}
      </div>
    </aside>
  );
}
