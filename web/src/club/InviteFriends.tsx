// In a room waiting for players (every game's, lobby/Room.tsx): the person's friends, those
// here first, each with "Vyzvat" — a challenge into this room, heard at once on their side.
import { useState } from "preact/hooks";
import { t } from "../i18n";
import { problemText } from "../profile/format";
import { useProfiles } from "../profile/store";
import { challengeFriend, type Friend } from "./api";
import { useClub } from "./presence";
import { useFriendLists } from "./useFriendLists";
import "./club.css";

export function InviteFriends({ code, players }: { code: string; players: string[] }) {
  const { selected } = useProfiles();
  const club = useClub();
  const friends = useFriendLists()?.friends;
  const [sent, setSent] = useState<Record<string, boolean>>({});
  const [status, setStatus] = useState("");
  if (!selected || !friends || friends.length === 0) return null;
  const online = (friend: Friend) => club.presence[friend.id]?.online ?? friend.online;
  const shown = friends
    .filter((friend) => !players.includes(friend.nickname))
    .sort((a, b) => Number(online(b)) - Number(online(a)));
  if (shown.length === 0) return null;

  const invite = async (friend: Friend) => {
    try {
      await challengeFriend(selected.key, friend.id, code);
      setSent({ ...sent, [friend.id]: true });
      setStatus(t("challenge.sent", { nickname: friend.nickname }));
    } catch (problem) {
      setStatus(problemText(problem));
    }
  };

  return (
    <section class="panel invite-friends" aria-labelledby="invite-title">
      <h2 id="invite-title">{t("challenge.invite")}</h2>
      <ul class="people">
        {shown.map((friend) => (
          <li key={friend.id}>
            <span class={`presence-dot${online(friend) ? " online" : ""}`} aria-hidden="true" />
            <span class="nickname">{friend.nickname}</span>
            <span class="muted presence-text">{t(online(friend) ? "friends.online" : "friends.offline")}</span>
            <span class="people-actions">
              <button type="button" disabled={sent[friend.id]} onClick={() => void invite(friend)}
                aria-label={t("challenge.invite.aria", { nickname: friend.nickname })}>
                {t(sent[friend.id] ? "challenge.invited" : "challenge.invite.one")}
              </button>
            </span>
          </li>
        ))}
      </ul>
      <p class="live" role="status" aria-live="polite">{status}</p>
    </section>
  );
}
