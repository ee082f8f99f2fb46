// When the app offers notifications (Web Push, docs/decisions/0161-web-push.md, "The browser's
// part"): never on the device's first visit, only after a reason (a seat in a turn-based
// room, a friend's challenge), only where the browser can show them, and never again once
// answered. What this device chose is kept in localStorage (storage.ts: without storage the
// answer lasts for this page).
import { useFollowed } from "../follow";
import { local, read, session, write } from "../storage";

/** Why the offer may be shown: a turn-based room this person sits in, a friend's challenge. */
export type Reason = "turns" | "challenge";
/** What the person answered on this device: yes (asked for them), no (or turned them off). */
export type Answer = "yes" | "no";

const ANSWER_KEY = "klubovna.push.answer";
const REASON_KEY = "klubovna.push.reason";
/** The id of the device's first visit (local), and of this tab's visit (session). */
const FIRST_KEY = "klubovna.push.firstVisit";
/** The profile whose key made this device's subscription. */
const PROFILE_KEY = "klubovna.push.profile";

/** Text in base64url (padding optional) as bytes: the server's VAPID key for
 *  PushManager.subscribe's applicationServerKey. Throws on anything else. */
export function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const trimmed = text.replace(/=+$/, "");
  if (!/^[A-Za-z0-9_-]*$/.test(trimmed) || trimmed.length % 4 === 1) throw new Error("not base64url");
  const plain = trimmed.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(plain + "=".repeat((4 - (plain.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** What the browser offers: notifications with a push manager, and their permission now. */
export interface Support {
  supported: boolean;
  permission: NotificationPermission | null;
}

export function support(): Support {
  const supported = typeof window !== "undefined" && typeof navigator !== "undefined"
    && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  return { supported, permission: supported ? Notification.permission : null };
}

export interface OfferFacts extends Support {
  /** A profile is selected (with storage on). */
  profile: boolean;
  answer: Answer | null;
  reason: Reason | null;
  /** This tab is the device's first visit to the app. */
  firstVisit: boolean;
  /** A friend's challenge waits for an answer (its notice comes first). */
  challengeShown: boolean;
}

/** Whether the offer shows now. */
export function offerShown(facts: OfferFacts): boolean {
  return facts.supported && facts.permission !== "denied" && facts.profile && facts.answer === null
    && facts.reason !== null && !facts.firstVisit && !facts.challengeShown;
}

/** Whether `lobby` (a {"t": "lobby"} message's lobby) is a turn-based room. */
export function turnBased(lobby: object | null | undefined): boolean {
  const days = (lobby as { days_per_move?: unknown } | null | undefined)?.days_per_move;
  return typeof days === "number";
}

/** Whether this tab is the device's first visit, given the ids kept on the device and in the
 *  tab and whether the app was used before visits were counted (a profile kept). Returns the
 *  ids to keep. */
export function visit(device: string | null, tab: string | null, usedBefore: boolean, fresh: string): {
  first: boolean;
  device: string;
  tab: string | null;
} {
  if (device === null) {
    return usedBefore ? { first: false, device: "earlier", tab } : { first: true, device: fresh, tab: fresh };
  }
  return { first: tab === device, device, tab };
}

// ---------------------------------------------------------------- this device's choice

interface State {
  answer: Answer | null;
  reason: Reason | null;
  firstVisit: boolean;
}

function readAnswer(): Answer | null {
  const value = read(local, ANSWER_KEY);
  return value === "yes" || value === "no" ? value : null;
}

function readReason(): Reason | null {
  const value = read(local, REASON_KEY);
  return value === "turns" || value === "challenge" ? value : null;
}

function countVisit(): boolean {
  const seen = visit(read(local, FIRST_KEY), read(session, FIRST_KEY), read(local, "klubovna.profiles") !== null,
    Math.random().toString(36).slice(2));
  write(local, FIRST_KEY, seen.device);
  if (seen.tab !== null) write(session, FIRST_KEY, seen.tab);
  return seen.first;
}

let state: State = { answer: readAnswer(), reason: readReason(), firstVisit: countVisit() };
const listeners = new Set<(state: State) => void>();

function publish(next: Partial<State>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener(state));
}

/** This device's answer, the reason noted and whether this tab is the first visit. */
export function usePushState(): State {
  return useFollowed(() => state, listeners);
}

/** A reason to offer notifications came (kept: the offer may come on a later visit). */
export function noteReason(reason: Reason): void {
  if (state.reason !== null || state.answer !== null) return;
  write(local, REASON_KEY, reason);
  publish({ reason });
}

/** The room page's lobby: a turn-based room is a reason. */
export function noteRoom(lobby: object | null | undefined): void {
  if (turnBased(lobby)) noteReason("turns");
}

/** The person answered (the offer, or the profile page's switch). */
export function answer(value: Answer): void {
  write(local, ANSWER_KEY, value);
  publish({ answer: value });
}

/** The profile whose key made this device's subscription (null: none made here). */
export function subscribedProfile(): string | null {
  return read(local, PROFILE_KEY);
}

export function setSubscribedProfile(id: string | null): void {
  write(local, PROFILE_KEY, id);
}
