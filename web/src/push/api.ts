// The server's Web Push calls (docs/api.md, "Web Push"): its key, this browser's
// subscription, the profile's quiet hours. The profile's key on every call but the first.
import { json, send } from "../profile/api";

/** What PushSubscription.toJSON() gives, as the server takes it. */
export interface SubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Quiet hours in Prague time ("21:00", "08:00"); both null: none. */
export interface Quiet {
  from: string | null;
  to: string | null;
}

/** The server's VAPID public key (base64url): the browser's applicationServerKey. */
export async function getKey(): Promise<string> {
  return (await json<{ key: string }>("GET", "/api/push/key")).key;
}

export async function addSubscription(key: string, subscription: SubscriptionJson): Promise<void> {
  await send("POST", "/api/push/subscriptions", { key, body: subscription });
}

export async function removeSubscription(key: string, endpoint: string): Promise<void> {
  await send("DELETE", "/api/push/subscriptions", { key, body: { endpoint } });
}

export function getQuiet(key: string): Promise<Quiet> {
  return json("GET", "/api/push/quiet", { key });
}

export function putQuiet(key: string, quiet: Quiet): Promise<Quiet> {
  return json("PUT", "/api/push/quiet", { key, body: quiet });
}
