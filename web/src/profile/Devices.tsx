// One profile on every device, on the profile page: the warning when nothing but this
// browser keeps the profile, the devices signed in (and signing one out), a transfer code
// with its QR code, passkeys, and the recovery code. The server holds every rule (docs/api.md,
// "Devices" and "Passkeys"); this only shows and asks.
import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "../i18n";
import {
  addPasskey,
  deletePasskey,
  getDevices,
  getPasskeys,
  makeRecovery,
  makeTransfer,
  passkeyOptions,
  signOutDevice,
  type Device,
  type Keeping,
  type Passkey,
  type TransferCode,
} from "./api";
import { local, read, write } from "../storage";
import { ConfirmDialog } from "./ConfirmDialog";
import { dateTime, problemText } from "./format";
import { removeProfile, type StoredProfile } from "./store";

/** Per profile: "1" once the person has been told how to keep it. */
const WARNED = "klubovna.kept.";

/** Only this browser keeps the profile: said once, until the person answers. */
export function KeepWarning({ stored, keeping }: { stored: StoredProfile; keeping: Keeping }) {
  const [shown, setShown] = useState(() => read(local, WARNED + stored.id) !== "1");
  const alone = keeping.devices <= 1 && keeping.passkeys === 0 && !keeping.recovery;
  if (!alone || !shown) return null;
  return (
    <div class="notice warn keep-warning" role="note" aria-labelledby="keep-title">
      <p id="keep-title"><strong>{t("devices.warn.title")}</strong></p>
      <p>{t("devices.warn.text")}</p>
      <p class="actions">
        <button type="button" onClick={() => {
          // A hash link would be a route here: the heading is focused and shown instead.
          const heading = document.getElementById("devices-title");
          heading?.focus();
          heading?.scrollIntoView({ block: "start", behavior: "smooth" });
        }}>{t("devices.warn.how")}</button>
        <button type="button" onClick={() => { write(local, WARNED + stored.id, "1"); setShown(false); }}>
          {t("devices.warn.ok")}
        </button>
      </p>
    </div>
  );
}

function deviceName(device: Device): string {
  return device.name || t("devices.unnamed");
}

function when(ms: number): string {
  const { date, time } = dateTime(ms);
  return `${date} ${time}`;
}

interface PanelProps {
  stored: StoredProfile;
  onStatus: (text: string) => void;
  /** Something changed that the profile's `keeping` counts. */
  onChanged: () => void;
}

/** The devices signed in to the profile, a transfer code for one more, signing one out. */
export function DevicesPanel({ stored, onStatus, onChanged }: PanelProps) {
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<Device | null>(null);
  const [code, setCode] = useState<TransferCode | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (): Promise<Device[] | null> => {
    try {
      const list = await getDevices(stored.key);
      setDevices(list);
      return list;
    } catch (problem) {
      setError(t("profile.error", { message: problemText(problem) }));
      return null;
    }
  };
  useEffect(() => void load(), [stored.key]);

  // While a code is shown, the list is asked again every few seconds: the new device shows
  // up as soon as it has redeemed the code, and the code goes away.
  const count = devices?.length ?? 0;
  useEffect(() => {
    if (!code) return;
    const timer = setInterval(async () => {
      const list = await load();
      if (list && list.length > count) {
        setCode(null);
        const added = list.find((d) => !devices?.some((known) => known.id === d.id));
        onStatus(t("devices.transfer.done", { name: added ? deviceName(added) : "" }));
        onChanged();
      }
    }, 3000);
    return () => clearInterval(timer);
  }, [code, count]);

  const transfer = async () => {
    setBusy(true);
    setError(null);
    try {
      setCode(await makeTransfer(stored.key));
    } catch (problem) {
      setError(t("profile.error", { message: problemText(problem) }));
    } finally {
      setBusy(false);
    }
  };

  const signOut = async (device: Device) => {
    try {
      await signOutDevice(stored.key, device.id);
      setLeaving(null);
      if (device.current) {
        removeProfile(stored.id);
        onStatus(t("devices.signedOut.this", { nickname: stored.nickname }));
        return;
      }
      onStatus(t("devices.signedOut", { name: deviceName(device) }));
      await load();
      onChanged();
    } catch (problem) {
      setError(t("profile.error", { message: problemText(problem) }));
    }
  };

  return (
    <section class="devices" aria-labelledby="devices-title" aria-busy={devices === null}>
      <h3 id="devices-title" tabIndex={-1}>{t("devices.title")}</h3>
      <p class="muted">{t("devices.about")}</p>
      {devices === null && !error && <p class="muted">{t("profile.loading")}</p>}
      {devices && (
        <ul class="device-list">
          {devices.map((device) => (
            <li key={device.id} class={device.current ? "current" : undefined}>
              <span class="device-name">
                {deviceName(device)}
                {device.current && <span class="badge">{t("devices.current")}</span>}
              </span>
              <span class="muted device-seen">
                {t("devices.seen", { when: when(device.last_seen) })}
              </span>
              <button type="button" class="danger" onClick={() => setLeaving(device)}
                aria-label={device.current ? undefined : t("devices.signOut.aria", { name: deviceName(device) })}>
                {t(device.current ? "devices.signOut.this" : "devices.signOut")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {code ? (
        <TransferBox code={code} onNew={transfer} onClose={() => setCode(null)} busy={busy} />
      ) : (
        <p class="actions">
          <button type="button" class="primary" onClick={transfer} disabled={busy}
            aria-busy={busy ? "true" : undefined}>
            {t("devices.transfer")}
          </button>
        </p>
      )}
      <p class="field-error" role="alert">{error ?? ""}</p>
      {leaving && (
        <ConfirmDialog
          title={t(leaving.current ? "devices.signOut.this.title" : "devices.signOut.title")}
          text={t(leaving.current ? "devices.signOut.this.text" : "devices.signOut.text",
            { name: deviceName(leaving), nickname: stored.nickname })}
          confirm={t(leaving.current ? "devices.signOut.this" : "devices.signOut")}
          onConfirm={() => void signOut(leaving)}
          onCancel={() => setLeaving(null)}
        />
      )}
    </section>
  );
}

/** The code, big and grouped, its QR code and the time it has left (the server's clock). */
function TransferBox({ code, onNew, onClose, busy }: {
  code: TransferCode;
  onNew: () => void;
  onClose: () => void;
  busy: boolean;
}) {
  const offset = useRef(code.now - Date.now());
  const [now, setNow] = useState(code.now);
  useEffect(() => {
    offset.current = code.now - Date.now();
    setNow(code.now);
    const timer = setInterval(() => setNow(Date.now() + offset.current), 1000);
    return () => clearInterval(timer);
  }, [code.code]);
  const left = Math.max(0, code.expires_at - now);
  const minutes = Math.floor(left / 60_000);
  const seconds = String(Math.floor((left % 60_000) / 1000)).padStart(2, "0");
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.qr)}`;
  return (
    <div class="transfer-box" role="group" aria-labelledby="transfer-title">
      <p id="transfer-title"><strong>{t("devices.transfer.title")}</strong></p>
      {left > 0 ? (
        <>
          <p class="transfer-code" aria-label={t("devices.transfer.code.aria", { code: code.code.split("").join(" ") })}>
            {code.code}
          </p>
          <img class="transfer-qr" src={qr} width={180} height={180} alt={t("devices.transfer.qr")} />
          <p>{t("devices.transfer.how")}</p>
          <p class="muted" role="timer" aria-live="off">
            {t("devices.transfer.left", { time: `${minutes}:${seconds}` })}
          </p>
        </>
      ) : (
        <p role="status">{t("devices.transfer.expired")}</p>
      )}
      <p class="actions">
        {left === 0 && <button type="button" onClick={onNew} disabled={busy}>{t("devices.transfer.new")}</button>}
        <button type="button" onClick={onClose}>{t("devices.transfer.close")}</button>
      </p>
    </div>
  );
}

/** Passkeys: add one (the browser's password manager keeps it), list, remove. */
export function PasskeysPanel({ stored, onStatus, onChanged }: PanelProps) {
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = browserSupportsWebAuthn();
  const here = passkeyHere();

  const load = async () => {
    try {
      setPasskeys(await getPasskeys(stored.key));
    } catch (problem) {
      setError(t("profile.error", { message: problemText(problem) }));
    }
  };
  useEffect(() => void load(), [stored.key]);

  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      const optionsJSON = await passkeyOptions(stored.key);
      const credential = await startRegistration({ optionsJSON: optionsJSON as never });
      await addPasskey(stored.key, credential);
      onStatus(t("passkeys.added"));
      await load();
      onChanged();
    } catch (problem) {
      setError(passkeyProblem(problem));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (passkey: Passkey) => {
    try {
      await deletePasskey(stored.key, passkey.id);
      onStatus(t("passkeys.removed"));
      await load();
      onChanged();
    } catch (problem) {
      setError(t("profile.error", { message: problemText(problem) }));
    }
  };

  return (
    <section class="passkeys" aria-labelledby="passkeys-title" aria-busy={passkeys === null}>
      <h3 id="passkeys-title">{t("passkeys.title")}</h3>
      <p class="muted">{t("passkeys.about")}</p>
      {passkeys && passkeys.length > 0 && (
        <ul class="device-list">
          {passkeys.map((passkey) => (
            <li key={passkey.id}>
              <span class="device-name">{t("passkeys.item", { name: passkey.name || t("devices.unnamed") })}</span>
              <span class="muted device-seen">
                {passkey.last_used
                  ? t("passkeys.used", { when: when(passkey.last_used) })
                  : t("passkeys.made", { when: when(passkey.created_at) })}
              </span>
              <button type="button" class="danger" onClick={() => void remove(passkey)}
                aria-label={t("passkeys.remove.aria", { name: passkey.name || t("devices.unnamed") })}>
                {t("passkeys.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {!supported ? (
        <p class="muted">{t("passkeys.unsupported")}</p>
      ) : !here.ok ? (
        <PasskeyElsewhere there={here.there} />
      ) : (
        <p class="actions">
          <button type="button" onClick={add} disabled={busy} aria-busy={busy ? "true" : undefined}>
            {t("passkeys.add")}
          </button>
        </p>
      )}
      <p class="field-error" role="alert">{error ?? ""}</p>
    </section>
  );
}

/** WebAuthn refuses a site opened by its IP address (no name to bind a passkey to): the
 *  same server by name where there is one (127.0.0.1 is localhost), else nothing. */
export function passkeyHere(): { ok: true } | { ok: false; there: string | null } {
  const host = location.hostname;
  if (!/^(\d+\.){3}\d+$|^\[/.test(host)) return { ok: true };
  const there = host === "127.0.0.1" || host === "[::1]"
    ? `${location.protocol}//localhost${location.port ? `:${location.port}` : ""}${location.pathname}${location.hash}`
    : null;
  return { ok: false, there };
}

/** Where passkeys cannot work: why, and the address where they do. */
export function PasskeyElsewhere({ there }: { there: string | null }) {
  return (
    <p class="muted">
      {t("passkeys.byName")} {there && <a href={there}>{t("passkeys.byName.link")}</a>}
    </p>
  );
}

/** A passkey ceremony's failure in words: the person cancelling is not an error. */
export function passkeyProblem(problem: unknown): string {
  const name = (problem as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "AbortError") return t("passkeys.cancelled");
  if (name === "InvalidStateError") return t("passkeys.exists");
  return t("profile.error", { message: problemText(problem) });
}

/** The recovery code: made on request, shown once, to print or keep. */
export function RecoveryPanel({ stored, keeping, onStatus, onChanged }: PanelProps & { keeping: Keeping }) {
  const [code, setCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const make = async () => {
    setAsking(false);
    setError(null);
    try {
      setCode((await makeRecovery(stored.key)).code);
      onStatus(t("recovery.made"));
      onChanged();
    } catch (problem) {
      setError(t("profile.error", { message: problemText(problem) }));
    }
  };
  return (
    <section class="recovery" aria-labelledby="recovery-title">
      <h3 id="recovery-title">{t("recovery.title")}</h3>
      <p class="muted">{t("recovery.about")}</p>
      {code ? (
        <div class="transfer-box recovery-box">
          <p><strong>{t("recovery.shown", { nickname: stored.nickname })}</strong></p>
          <p class="transfer-code" aria-label={t("devices.transfer.code.aria", { code: code.split("").join(" ") })}>
            {code}
          </p>
          <p>{t("recovery.keep")}</p>
          <p class="actions">
            <button type="button" onClick={() => print()}>{t("recovery.print")}</button>
            <button type="button" onClick={() => setCode(null)}>{t("recovery.done")}</button>
          </p>
        </div>
      ) : (
        <p class="actions">
          <span class="muted">{t(keeping.recovery ? "recovery.exists" : "recovery.none")}</span>
          <button type="button" onClick={() => (keeping.recovery ? setAsking(true) : void make())}>
            {t(keeping.recovery ? "recovery.again" : "recovery.make")}
          </button>
        </p>
      )}
      <p class="field-error" role="alert">{error ?? ""}</p>
      {asking && (
        <ConfirmDialog
          title={t("recovery.again.title")}
          text={t("recovery.again.text")}
          confirm={t("recovery.again")}
          onConfirm={() => void make()}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}
