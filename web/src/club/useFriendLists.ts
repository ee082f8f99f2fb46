// The selected profile's friend lists, read again whenever the club socket says they changed
// (null while there is no profile or they are being read): for the header's chip, a room's
// invitations and its people.
import { useEffect, useState } from "preact/hooks";
import { useProfiles } from "../profile/store";
import { getFriends, type FriendLists } from "./api";
import { useClub } from "./presence";

export function useFriendLists(): FriendLists | null {
  const { selected } = useProfiles();
  const { changes } = useClub();
  const [lists, setLists] = useState<{ key: string; lists: FriendLists } | null>(null);
  useEffect(() => {
    if (!selected) return;
    const key = selected.key;
    let live = true;
    getFriends(key).then((found) => live && setLists({ key, lists: found }), () => {});
    return () => void (live = false);
  }, [selected?.key, changes]);
  return selected && lists?.key === selected.key ? lists.lists : null;
}

/** What a room may offer about one of its people: ask them to be friends, say the request
 *  waits for their answer, or nothing (a friend already, or one playing without a profile).
 *  Nicknames are unique among profiles, so a member with a profile and a friend's nickname
 *  is that friend. */
export function friendOffer(person: { nickname: string; profile?: boolean }, lists: FriendLists | null): "ask" | "waiting" | null {
  if (!person.profile || lists?.friends.some((friend) => friend.nickname === person.nickname)) return null;
  return lists?.outgoing.some((asked) => asked.nickname === person.nickname) ? "waiting" : "ask";
}
