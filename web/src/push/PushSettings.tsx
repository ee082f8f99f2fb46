// The profile page's notifications (#/profil): a switch for this device (on: the same steps
// as the offer's "yes"; off: withdrawn in the browser and on the server) and the profile's
// quiet hours (21:00–08:00 until changed, Prague time, for every device of the profile).
import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { problemText } from "../profile/format";
import type { StoredProfile } from "../profile/store";
import { getQuiet, putQuiet, type Quiet } from "./api";
import { isOn, turnOff, turnOn } from "./device";
import { support } from "./offer";
import "./push.css";

const DEFAULT_QUIET = { from: "21:00", to: "08:00" };

export function PushSettings({ stored, onStatus }: { stored: StoredProfile; onStatus: (text: string) => void }) {
  useLang();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [permission, setPermission] = useState(() => support().permission);
  const { supported } = support();
  useEffect(() => {
    let live = true;
    void isOn(stored).then((value) => live && setOn(value));
    return () => void (live = false);
  }, [stored.id]);

  const change = async (wanted: boolean) => {
    setBusy(true);
    setError(null);
    setOn(wanted);
    try {
      if (wanted) {
        const result = await turnOn(stored);
        setPermission(support().permission);
        setOn(result === "on");
        onStatus(t(result === "on" ? "push.switch.on" : "push.offer.denied"));
      } else {
        await turnOff(stored);
        setOn(false);
        onStatus(t("push.switch.off"));
      }
    } catch (problem) {
      setOn(!wanted);
      setError(t("push.error", { message: problemText(problem) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="push-settings" aria-labelledby="push-settings-title">
      <h3 id="push-settings-title">{t("push.title")}</h3>
      {!supported && <p class="muted push-unsupported">{t("push.unsupported")}</p>}
      {supported && permission === "denied" && <p class="notice warn push-blocked">{t("push.blocked")}</p>}
      {supported && permission !== "denied" && (
        <>
          <label class="switch push-switch">
            <input
              type="checkbox"
              role="switch"
              checked={on === true}
              disabled={busy || on === null}
              aria-busy={busy || on === null ? "true" : undefined}
              aria-describedby="push-switch-about"
              onChange={(event) => void change(event.currentTarget.checked)}
            />
            <span>{t("push.switch.label")}</span>
          </label>
          <p id="push-switch-about" class="muted">{t("push.switch.about")}</p>
          <p class="field-error" role="alert">{error ?? ""}</p>
        </>
      )}
      <QuietHours stored={stored} onStatus={onStatus} />
    </section>
  );
}

function QuietHours({ stored, onStatus }: { stored: StoredProfile; onStatus: (text: string) => void }) {
  const [loaded, setLoaded] = useState<Quiet | null>(null);
  const [quiet, setQuiet] = useState(true);
  const [from, setFrom] = useState(DEFAULT_QUIET.from);
  const [to, setTo] = useState(DEFAULT_QUIET.to);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const show = (hours: Quiet) => {
    setLoaded(hours);
    setQuiet(hours.from !== null);
    setFrom(hours.from ?? DEFAULT_QUIET.from);
    setTo(hours.to ?? DEFAULT_QUIET.to);
  };
  useEffect(() => {
    let live = true;
    getQuiet(stored.key).then(
      (hours) => live && show(hours),
      (problem: unknown) => live && setError(problemText(problem)),
    );
    return () => void (live = false);
  }, [stored.id]);

  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const hours = await putQuiet(stored.key, quiet ? { from, to } : { from: null, to: null });
      show(hours);
      onStatus(hours.from === null ? t("push.quiet.none") : t("push.quiet.saved", { from: hours.from, to: hours.to ?? "" }));
    } catch (problem) {
      setError(problemText(problem));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="push-quiet" onSubmit={(event) => void save(event)} aria-labelledby="push-quiet-title" aria-busy={loaded === null}>
      <h4 id="push-quiet-title">{t("push.quiet.title")}</h4>
      {loaded === null && !error && <p class="muted">{t("push.quiet.loading")}</p>}
      <label class="switch">
        <input
          type="checkbox"
          role="switch"
          checked={quiet}
          disabled={loaded === null || busy}
          aria-describedby="push-quiet-about"
          onChange={(event) => setQuiet(event.currentTarget.checked)}
        />
        <span>{t("push.quiet.label")}</span>
      </label>
      <div class="push-quiet-times">
        <label>
          <span>{t("push.quiet.from")}</span>
          <input type="time" value={from} required disabled={!quiet || loaded === null || busy}
            onInput={(event) => setFrom(event.currentTarget.value)} />
        </label>
        <label>
          <span>{t("push.quiet.to")}</span>
          <input type="time" value={to} required disabled={!quiet || loaded === null || busy}
            onInput={(event) => setTo(event.currentTarget.value)} />
        </label>
        <button type="submit" disabled={loaded === null || busy}>{t("push.quiet.save")}</button>
      </div>
      <p id="push-quiet-about" class="muted">{t("push.quiet.about")}</p>
      <p class="field-error" role="alert">{error ?? ""}</p>
    </form>
  );
}
