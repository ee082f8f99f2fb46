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
export function askFriend(key: string, who: { nickname: string } | { id: string }): Promise<Person & { state: "outgoing" | "friends" }> {
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
