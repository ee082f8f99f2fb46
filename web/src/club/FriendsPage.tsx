// #/pratele: the selected profile's friends, who of them is here and what they play, requests
// both ways, adding someone by nickname, and blocking. Nicknames are the players' own text:
// rendered as text. The lists are read again whenever the club socket says they changed.
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { byEngine, gameName } from "../registry";
import { href } from "../router";
import { ConfirmDialog } from "../profile/ConfirmDialog";
import { problemText } from "../profile/format";
import { nicknameProblem } from "../profile/nickname";
import { useProfiles } from "../profile/store";
import {
  acceptFriend,
  askFriend,
  blockPerson,
  getBlocks,
  getFriends,
  removeFriend,
  unblockPerson,
  type FriendLists,
  type Person,
} from "./api";
import { useClub, type Presence } from "./presence";
import { friendWatch } from "./watching";
import { watchPath } from "../watch/watch";
import "../profile/profile.css";
import "./club.css";

export function FriendsPage() {
  useLang();
  const { selected } = useProfiles();
  return (
    <section class="page friends-page" aria-labelledby="friends-title">
      <h1 id="friends-title">{t("friends.title")}</h1>
      <p class="lead">{t("friends.lead")}</p>
      {selected ? (
        <Friends key={selected.key} profileKey={selected.key} />
      ) : (
        <p class="notice">
          {t("friends.needs.profile")} <a href={href("/profil")}>{t("friends.profile.link")}</a>
        </p>
      )}
    </section>
  );
}

type Asking = { what: "remove" | "block"; person: Person } | null;

function Friends({ profileKey }: { profileKey: string }) {
  const club = useClub();
  const [lists, setLists] = useState<FriendLists | null>(null);
  const [blocks, setBlocks] = useState<Person[]>([]);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking>(null);

  const load = async () => {
    try {
      const [found, blocked] = await Promise.all([getFriends(profileKey), getBlocks(profileKey)]);
      setLists(found);
      setBlocks(blocked);
      setError(null);
    } catch (problem) {
      setError(t("profile.error", { message: problemText(problem) }));
    }
  };
  useEffect(() => void load(), [profileKey, club.changes]);

  const run = async (work: () => Promise<string>) => {
    setError(null);
    try {
      setStatus(await work());
      await load();
    } catch (problem) {
      setError(t("profile.error", { message: problemText(problem) }));
    }
  };

  const presence = (id: string, fallback: Presence): Presence => club.presence[id] ?? fallback;

  return (
    <>
      <p class="live" role="status" aria-live="polite">{status}</p>
      <AddFriend profileKey={profileKey} onDone={(text) => { setStatus(text); void load(); }} />
      <p class="field-error" role="alert">{error ?? ""}</p>
      {lists === null && !error && <p class="muted" role="status">{t("profile.loading")}</p>}
      {lists && (
        <PeopleSection id="incoming" people={lists.incoming} actions={(person) => (
          <>
            <button type="button" class="primary" onClick={() => run(async () => {
              await acceptFriend(profileKey, person.id);
              return t("friends.accepted", { nickname: person.nickname });
            })}>{t("friends.accept")}</button>
            <button type="button" onClick={() => run(async () => {
              await removeFriend(profileKey, person.id);
              return t("friends.declined", { nickname: person.nickname });
            })}>{t("friends.decline")}</button>
          </>
        )} />
      )}
      {lists && (
        <section class="panel" aria-labelledby="list-title">
          <h2 id="list-title">{t("friends.list")}</h2>
          {lists.friends.length === 0 && <p class="muted">{t("friends.none")}</p>}
          <ul class="people">
            {lists.friends.map((friend) => {
              const here = presence(friend.id, friend);
              const watch = friendWatch(here);
              return (
                <li key={friend.id} data-online={here.online ? "yes" : "no"}>
                  <span class={`presence-dot${here.online ? " online" : ""}`} aria-hidden="true" />
                  <span class="nickname">{friend.nickname}</span>
                  <span class="muted presence-text">{presenceText(here)}</span>
                  <span class="people-actions">
                    {watch && (
                      <a class="button friend-watch" href={href(watchPath(watch))}
                        aria-label={t("friends.watch.aria", { nickname: friend.nickname })}>
                        {t("friends.watch")}
                      </a>
                    )}
                    <button type="button" onClick={() => setAsking({ what: "remove", person: friend })}
                      aria-label={t("friends.remove.aria", { nickname: friend.nickname })}>
                      {t("friends.remove")}
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {lists && (
        <PeopleSection id="outgoing" people={lists.outgoing} note={t("friends.waiting")} actions={(person) => (
          <button type="button" onClick={() => run(async () => {
            await removeFriend(profileKey, person.id);
            return t("friends.cancelled", { nickname: person.nickname });
          })} aria-label={t("friends.cancel.aria", { nickname: person.nickname })}>
            {t("friends.cancel")}
          </button>
        )} />
      )}
      <PeopleSection id="blocks" people={blocks} actions={(person) => (
        <button type="button" onClick={() => run(async () => {
          await unblockPerson(profileKey, person.id);
          return t("friends.unblocked", { nickname: person.nickname });
        })}>{t("friends.unblock")}</button>
      )} />
      {asking && (
        <RemoveOrBlock
          asking={asking}
          onCancel={() => setAsking(null)}
          onRemove={() => { const person = asking.person; setAsking(null); void run(async () => {
            await removeFriend(profileKey, person.id);
            return t("friends.removed", { nickname: person.nickname });
          }); }}
          onBlock={() => { const person = asking.person; setAsking(null); void run(async () => {
            await blockPerson(profileKey, person.id);
            return t("friends.blocked", { nickname: person.nickname });
          }); }}
        />
      )}
    </>
  );
}

/** Requests or blocks: a titled list of people with their buttons; nothing when empty. */
function PeopleSection({ id, people, note, actions }: {
  id: "incoming" | "outgoing" | "blocks";
  people: Person[];
  note?: string;
  actions: (person: Person) => ComponentChildren;
}) {
  if (people.length === 0) return null;
  return (
    <section class="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(`friends.${id}`)}</h2>
      <ul class="people">
        {people.map((person) => (
          <li key={person.id}>
            <span class="nickname">{person.nickname}</span>
            {note && <span class="muted">{note}</span>}
            <span class="people-actions">{actions(person)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function presenceText(here: Presence): string {
  if (!here.online) return t("friends.offline");
  if (!here.playing) return t("friends.online");
  const game = byEngine(here.playing);
  return t("friends.playing", { game: game ? gameName(game) : here.playing });
}

function RemoveOrBlock({ asking, onCancel, onRemove, onBlock }: {
  asking: NonNullable<Asking>;
  onCancel: () => void;
  onRemove: () => void;
  onBlock: () => void;
}) {
  const [block, setBlock] = useState(false);
  return (
    <ConfirmDialog
      title={t("friends.remove.title", { nickname: asking.person.nickname })}
      text={t(block ? "friends.block.text" : "friends.remove.text", { nickname: asking.person.nickname })}
      confirm={t(block ? "friends.block" : "friends.remove")}
      onConfirm={block ? onBlock : onRemove}
      onCancel={onCancel}
      extra={
        <label class="check">
          <input type="checkbox" checked={block} onChange={(event) => setBlock(event.currentTarget.checked)} />
          {t("friends.block.also")}
        </label>
      }
    />
  );
}

function AddFriend({ profileKey, onDone }: { profileKey: string; onDone: (text: string) => void }) {
  const [nickname, setNickname] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const problem = nicknameProblem(nickname, true);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const answer = await askFriend(profileKey, { nickname: nickname.trim() });
      setNickname("");
      onDone(t(answer.state === "friends" ? "friends.nowFriends" : "friends.asked", { nickname: answer.nickname }));
    } catch (problem) {
      setError(problemText(problem));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="profile-form panel" onSubmit={submit} noValidate>
      <h2>{t("friends.add.title")}</h2>
      <label for="friend-nickname">{t("friends.add.label")}</label>
      <div class="profile-form-row">
        <input id="friend-nickname" type="text" value={nickname} autoComplete="off"
          aria-invalid={error ? "true" : undefined} aria-describedby="friend-error"
          onInput={(event) => { setError(null); setNickname(event.currentTarget.value); }} />
        <button type="submit" class="primary" disabled={busy}>{t("friends.add.submit")}</button>
      </div>
      <p id="friend-error" class="field-error" role="alert">{error ?? ""}</p>
    </form>
  );
}
