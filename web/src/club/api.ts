// Friends and blocks (docs/api.md, "Friends"): the profile's key on every call.
import { json, send } from "../profile/api";

export interface Person {
  id: string;
  nickname: string;
}

export interface Friend extends Person {
  online: boolean;
  /** The game being played online (the server's name of it), or null. */
  playing: string | null;
  /** The table that game may be watched at (#/sledovat/<table>), or null. */
  watch?: string | null;
}

export interface FriendLists {
  friends: Friend[];
  incoming: Person[];
  outgoing: Person[];
}

export function getFriends(key: string): Promise<FriendLists> {
  return json("GET", "/api/friends", { key });
}

/** Ask someone by nickname or id: "outgoing" (waiting for them) or "friends" (they had asked). */
export function askFriend(
  key: string,
  who: { nickname: string } | { id: string } | { room: string; seat: number },
): Promise<Person & { state: "outgoing" | "friends" }> {
  return json("POST", "/api/friends", { key, body: who });
}

export function acceptFriend(key: string, id: string): Promise<Person> {
  return json("POST", `/api/friends/${encodeURIComponent(id)}/accept`, { key });
}

/** Unfriend, decline, or take a request back. */
export async function removeFriend(key: string, id: string): Promise<void> {
  await send("DELETE", `/api/friends/${encodeURIComponent(id)}`, { key });
}

export async function getBlocks(key: string): Promise<Person[]> {
  return (await json<{ blocks: Person[] }>("GET", "/api/blocks", { key })).blocks;
}

export function blockPerson(key: string, id: string): Promise<Person> {
  return json("POST", "/api/blocks", { key, body: { id } });
}

export async function unblockPerson(key: string, id: string): Promise<void> {
  await send("DELETE", `/api/blocks/${encodeURIComponent(id)}`, { key });
}

export interface Challenge {
  id: string;
  by: Person;
  to: Person;
  /** The server's name of the game, the room's kind and code. */
  game: string;
  kind: string;
  code: string;
  expires_at: number;
}

export interface Seat {
  code: string;
  key: string;
  seat: number;
  link: string;
}

/** Invite a friend into your waiting room. */
export function challengeFriend(key: string, to: string, code: string): Promise<Challenge> {
  return json("POST", `/api/lobbies/${encodeURIComponent(code)}/challenges`, { key, body: { to } });
}

export function getChallenges(key: string): Promise<{ incoming: Challenge[]; outgoing: Challenge[] }> {
  return json("GET", "/api/challenges", { key });
}

/** Take a challenge: a seat in its room. */
export function acceptChallenge(key: string, challenge: Challenge): Promise<Seat> {
  const path = `/api/lobbies/${encodeURIComponent(challenge.code)}/challenges/${encodeURIComponent(challenge.id)}/accept`;
  return json("POST", path, { key });
}

/** Decline a challenge, or take one of yours back. */
export async function declineChallenge(key: string, id: string): Promise<void> {
  await send("DELETE", `/api/challenges/${encodeURIComponent(id)}`, { key });
}
