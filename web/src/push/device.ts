// This browser's push subscription: made with the server's key and sent to the server with
// the profile's key (turnOn), or withdrawn on both sides (turnOff).
//
// A browser test cannot reach a real push service (headless Chromium refuses to subscribe), so
// a page may set `window.__klubovnaPush` before the app starts: that stands in for the
// browser's PushManager only (tests/web/test_push.py says what is real and what is not).
import { addSubscription, getKey, removeSubscription, type SubscriptionJson } from "./api";
import { answer, base64urlBytes, setSubscribedProfile, subscribedProfile, support } from "./offer";

/** The browser's part: its push subscription, made, read and withdrawn. */
export interface PushDevice {
  subscribe(applicationServerKey: Uint8Array<ArrayBuffer>): Promise<SubscriptionJson>;
  current(): Promise<SubscriptionJson | null>;
  /** Withdraws the subscription in the browser; returns its endpoint (null: there was none). */
  unsubscribe(): Promise<string | null>;
}

const READY_MS = 10_000;

/** The service worker's registration (it registers after the page's load). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const now = await navigator.serviceWorker.getRegistration();
  if (now) return now;
  let timer = 0;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no service worker")), READY_MS) as unknown as number;
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

function asJson(subscription: PushSubscription): SubscriptionJson {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error("no subscription keys");
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const held = subscription.options.applicationServerKey;
  if (!held) return false;
  const bytes = new Uint8Array(held);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

const browserDevice: PushDevice = {
  async subscribe(applicationServerKey) {
    const manager = (await registration()).pushManager;
    const held = await manager.getSubscription();
    if (held && sameKey(held, applicationServerKey)) return asJson(held);
    // Made with another key (the server's secret changed): the push service refuses it.
    await held?.unsubscribe();
    return asJson(await manager.subscribe({ userVisibleOnly: true, applicationServerKey }));
  },
  async current() {
    const registered = await navigator.serviceWorker.getRegistration();
    const held = await registered?.pushManager.getSubscription();
    return held ? asJson(held) : null;
  },
  async unsubscribe() {
    const registered = await navigator.serviceWorker.getRegistration();
    const held = await registered?.pushManager.getSubscription();
    if (!held) return null;
    await held.unsubscribe();
    return held.endpoint;
  },
};

function device(): PushDevice {
  return (window as { __klubovnaPush?: PushDevice }).__klubovnaPush ?? browserDevice;
}

export type TurnedOn = "on" | "denied" | "unsupported";

/** Ask the browser's permission, subscribe with the server's key and send the subscription
 *  with the profile's key. "denied": the person (or the browser) said no. Throws what the
 *  server or the push service answered. */
export async function turnOn(profile: { id: string; key: string }): Promise<TurnedOn> {
  if (!support().supported) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    answer("no");
    return "denied";
  }
  const subscription = await device().subscribe(base64urlBytes(await getKey()));
  await addSubscription(profile.key, subscription);
  setSubscribedProfile(profile.id);
  answer("yes");
  return "on";
}

/** Withdraw this browser's subscription, and tell the server (the profile's key). */
export async function turnOff(profile: { key: string }): Promise<void> {
  const endpoint = await device().unsubscribe();
  setSubscribedProfile(null);
  answer("no");
  // Nothing comes any more once the browser withdrew it; a server that did not hear of it
  // deletes it when the push service first says it is gone.
  if (endpoint !== null) await removeSubscription(profile.key, endpoint).catch(() => {});
}

/** Whether this browser is subscribed for this profile. */
export async function isOn(profile: { id: string }): Promise<boolean> {
  if (!support().supported || Notification.permission !== "granted") return false;
  const held = await device().current().catch(() => null);
  return held !== null && subscribedProfile() === profile.id;
}
