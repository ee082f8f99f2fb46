// The page #/profil: the storage switch ("Ukládání"), the profiles of this browser (create,
// select), and for the selected one its statistics, the publishing consent, rename, download,
// reset and delete. Nicknames are the players' own text: rendered as text, never as HTML.
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { byEngine, gameName, withCatalogue } from "../registry";
import { href } from "../router";
import {
  ApiError,
  STALE_KEY,
  ServerUnreachable,
  deleteMe,
  exportMe,
  getMe,
  patchMe,
  readNotice,
  resetStats,
  type Profile,
} from "./api";
import { ConfirmDialog } from "./ConfirmDialog";
import { CreateProfileForm } from "./CreateProfile";
import { DevicesPanel, KeepWarning, PasskeysPanel, RecoveryPanel } from "./Devices";
import { PushSettings } from "../push/PushSettings";
import { SignInForm } from "./SignIn";
import { gameRows, type StatsCard } from "./statsCard";
import { ratingOf } from "./rating";
import { RatingBlock } from "./RatingParts";
import { dateTime, problemText } from "./format";
import { nicknameProblem } from "./nickname";
import {
  removeProfile,
  renameProfile,
  selectProfile,
  setStorage,
  useProfiles,
  type StoredProfile,
} from "./store";
import "./profile.css";

type Loaded =
  | { state: "loading"; id?: string }
  | { state: "ok"; profile: Profile }
  | { state: "offline" }
  | { state: "stale" }
  | { state: "failed"; message: string };

type Confirm = "storage" | "reset" | "delete" | null;

/** `params.code`: a transfer code from the QR code's link (#/profil/prenos/CODE). */
export function ProfilePage({ params }: { params?: Record<string, string> }) {
  useLang();
  const { storage, profiles, selected } = useProfiles();
  const [status, setStatus] = useState("");
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [loaded, setLoadedState] = useState<Loaded & { id?: string }>({ state: "loading" });
  const setLoaded = (next: Loaded) => setLoadedState({ ...next, id: selectedRef.current });
  const selectedRef = useRef<string | undefined>(undefined);
  selectedRef.current = selected?.id;
  const [reload, setReload] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!selected) return;
    let live = true;
    setLoaded({ state: "loading" });
    getMe(selected.key).then(
      (profile) => {
        if (!live) return;
        setLoaded({ state: "ok", profile });
        if (profile.nickname !== selected.nickname) renameProfile(selected.id, profile.nickname);
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ServerUnreachable) setLoaded({ state: "offline" });
        else if (error instanceof ApiError && STALE_KEY.has(error.code)) setLoaded({ state: "stale" });
        else setLoaded({ state: "failed", message: problemText(error) });
      },
    );
    return () => void (live = false);
  }, [selected?.id, reload]);

  const toggleStorage = () => {
    if (storage && profiles.length > 0) setConfirm("storage");
    else {
      setStorage(!storage);
      setStatus(t(storage ? "profile.storage.turnedOff" : "profile.storage.turnedOn"));
    }
  };
  const storageOff = () => {
    setConfirm(null);
    setStorage(false);
    setStatus(t("profile.storage.turnedOff"));
  };

  return (
    <section class="page profile-page" aria-labelledby="profile-title">
      <h1 id="profile-title" ref={heading} tabIndex={-1}>{t("profile.title")}</h1>
      <p class="lead">{t("profile.lead")}</p>
      <p class="live" role="status" aria-live="polite">{status}</p>
      {storage && selected && loaded.state === "ok" && loaded.id === selected.id && (
        <ModeratorNotices
          profile={loaded.profile}
          onRead={async () => {
            await readNotice(selected.key).catch(() => {});
            setLoaded({ state: "ok", profile: { ...loaded.profile, notice: null } });
          }}
        />
      )}
      {storage && selected && loaded.state === "ok" && loaded.id === selected.id && loaded.profile.keeping && (
        <KeepWarning key={selected.id} stored={selected} keeping={loaded.profile.keeping} />
      )}

      <section class="panel" aria-labelledby="storage-title">
        <h2 id="storage-title">{t("profile.storage.title")}</h2>
        <label class="switch">
          <input type="checkbox" role="switch" checked={storage} onChange={toggleStorage} />
          <span>{t("profile.storage.label")}</span>
        </label>
        <p class="muted">{t(storage ? "profile.storage.on" : "profile.storage.off")}</p>
        <p><a href={href("/zasady")}>{t("profile.privacy.link")}</a></p>
      </section>

      {storage && (
        <ProfileList profiles={profiles} selected={selected} onStatus={setStatus} code={params?.code} />
      )}

      {storage && selected && (
        <SelectedProfile
          key={selected.id}
          stored={selected}
          loaded={loaded.id === selected.id ? loaded : { state: "loading" }}
          onStatus={setStatus}
          onReload={() => setReload((n) => n + 1)}
          onLoaded={(profile) => setLoaded({ state: "ok", profile })}
          onConfirm={setConfirm}
        />
      )}

      {confirm === "storage" && (
        <ConfirmDialog
          title={t("profile.storage.offAsk.title")}
          text={t("profile.storage.offAsk.text")}
          confirm={t("profile.storage.offAsk.confirm")}
          onConfirm={storageOff}
          onCancel={() => setConfirm(null)}
        />
      )}
      {(confirm === "reset" || confirm === "delete") && selected && (
        <DangerConfirm
          which={confirm}
          stored={selected}
          onDone={(message) => {
            setConfirm(null);
            if (message !== null) {
              setStatus(message);
              setReload((n) => n + 1);
            }
            heading.current?.focus();
          }}
        />
      )}
    </section>
  );
}

function ProfileList({ profiles, selected, onStatus, code }: {
  profiles: StoredProfile[];
  selected: StoredProfile | null;
  onStatus: (text: string) => void;
  code?: string;
}) {
  return (
    <section class="panel" aria-labelledby="profiles-title">
      <h2 id="profiles-title">{t("profile.list.title")}</h2>
      {profiles.length === 0 ? (
        <p class="muted">{t("profile.list.empty")}</p>
      ) : (
        <fieldset class="profile-list">
          <legend>{t("profile.list.legend")}</legend>
          {profiles.map((profile) => (
            <label key={profile.id} class={`profile-option${selected?.id === profile.id ? " chosen" : ""}`}>
              <input
                type="radio"
                name="profile"
                checked={selected?.id === profile.id}
                onChange={() => {
                  selectProfile(profile.id);
                  onStatus(t("profile.selected", { nickname: profile.nickname }));
                }}
              />
              <span class="nickname">{profile.nickname}</span>
            </label>
          ))}
          <label class={`profile-option${selected === null ? " chosen" : ""}`}>
            <input type="radio" name="profile" checked={selected === null} onChange={() => selectProfile(null)} />
            <span class="muted">{t("profile.list.none")}</span>
          </label>
        </fieldset>
      )}
      <CreateProfileForm
        id="profile-new"
        title={<h3>{t("profile.create.title")}</h3>}
        label={t("profile.create.label")}
        submit={t("profile.create.submit")}
        onCreated={(nickname) => onStatus(t("profile.created", { nickname }))}
      />
      <SignInForm code={code} onSignedIn={(nickname) => onStatus(t("signIn.done", { nickname }))} />
    </section>
  );
}

interface SelectedProps {
  stored: StoredProfile;
  loaded: Loaded;
  onStatus: (text: string) => void;
  onReload: () => void;
  onLoaded: (profile: Profile) => void;
  onConfirm: (which: Confirm) => void;
}

function SelectedProfile({ stored, loaded, onStatus, onReload, onLoaded, onConfirm }: SelectedProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ where: "rename" | "other"; text: string } | null>(null);

  const run = async (work: () => Promise<string | null>, where: "rename" | "other" = "other") => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const message = await work();
      if (message) onStatus(message);
    } catch (problem) {
      setError({ where, text: where === "rename" ? problemText(problem) : t("profile.error", { message: problemText(problem) }) });
    } finally {
      setBusy(false);
    }
  };

  // What keeps the profile changed (a device, a passkey, a recovery code): read it again
  // without the page's loading state.
  const refresh = () => void getMe(stored.key).then(onLoaded, () => {});

  const download = () =>
    run(async () => {
      const blob = await exportMe(stored.key);
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = `klubovna-profil-${stored.nickname.replace(/[^\p{L}\p{N}_.-]+/gu, "_")}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return t("profile.exported");
    });

  return (
    <section class="panel profile-selected" aria-labelledby="selected-title">
      <h2 id="selected-title" class="nickname">{stored.nickname}</h2>
      {loaded.state === "loading" && <p role="status">{t("profile.loading")}</p>}
      {loaded.state === "offline" && (
        <div class="notice warn" role="status">
          <p>{t("profile.offline")}</p>
          <button type="button" onClick={onReload}>{t("profile.retry")}</button>
        </div>
      )}
      {loaded.state === "failed" && (
        <div class="notice warn" role="status">
          <p>{t("profile.error", { message: loaded.message })}</p>
          <button type="button" onClick={onReload}>{t("profile.retry")}</button>
        </div>
      )}
      {loaded.state === "stale" && (
        <div class="notice warn" role="status">
          <p>{t("profile.stale")}</p>
          <button
            type="button"
            onClick={() => {
              removeProfile(stored.id);
              onStatus(t("profile.forgotten", { nickname: stored.nickname }));
            }}
          >
            {t("profile.forget")}
          </button>
        </div>
      )}
      {loaded.state === "ok" && (
        <>
          <StatsList profile={loaded.profile} />
          <Consent
            profile={loaded.profile}
            busy={busy}
            onChange={(consent) =>
              run(async () => {
                onLoaded(await patchMe(stored.key, { consent }));
                return t(consent ? "profile.consent.saved.on" : "profile.consent.saved.off");
              })}
          />
          <label class="switch profile-free-chat">
            <input
              type="checkbox"
              role="switch"
              checked={loaded.profile.free_chat === true}
              disabled={busy}
              aria-describedby="free-chat-about"
              onChange={(event) => {
                const free_chat = event.currentTarget.checked;
                void run(async () => {
                  onLoaded(await patchMe(stored.key, { free_chat }));
                  return t(free_chat ? "chat.free.on" : "chat.free.off");
                });
              }}
            />
            <span>{t("chat.free.label")}</span>
          </label>
          <p id="free-chat-about" class="muted">{t("chat.free.about")}</p>
          <PushSettings stored={stored} onStatus={onStatus} />
          <Rename
            stored={stored}
            busy={busy}
            error={error?.where === "rename" ? error.text : null}
            onRename={(nickname) =>
              run(async () => {
                const profile = await patchMe(stored.key, { nickname });
                renameProfile(stored.id, profile.nickname);
                onLoaded(profile);
                return t("profile.renamed", { nickname: profile.nickname });
              }, "rename")}
          />
          <DevicesPanel stored={stored} onStatus={onStatus} onChanged={refresh} />
          <PasskeysPanel stored={stored} onStatus={onStatus} onChanged={refresh} />
          {loaded.profile.keeping && (
            <RecoveryPanel stored={stored} keeping={loaded.profile.keeping} onStatus={onStatus} onChanged={refresh} />
          )}
          <section class="profile-manage" aria-labelledby="manage-title">
            <h3 id="manage-title">{t("profile.manage.title")}</h3>
            <p class="actions">
              <button type="button" onClick={download} disabled={busy}>{t("profile.export")}</button>
              <button type="button" onClick={() => onConfirm("reset")} disabled={busy}>{t("profile.reset")}</button>
              <button type="button" class="danger" onClick={() => onConfirm("delete")} disabled={busy}>
                {t("profile.delete")}
              </button>
            </p>
          </section>
        </>
      )}
      <p class="field-error" role="alert">{error?.where === "other" ? error.text : ""}</p>
    </section>
  );
}

/** Each game's card by its engine's name, once the games' cards and catalogues are in
 *  (registry.ts `card`); a game without its own card, or one that fails to load, shows
 *  every game's rows. Null while loading. */
function useCards(ids: string[]): Record<string, StatsCard> | null {
  const [cards, setCards] = useState<Record<string, StatsCard> | null>(null);
  const key = ids.join(",");
  useEffect(() => {
    let live = true;
    const load = async (id: string): Promise<[string, StatsCard]> => {
      const game = byEngine(id);
      if (!game?.card) return [id, gameRows as StatsCard];
      try {
        return [id, await withCatalogue(game, game.card)];
      } catch {
        return [id, gameRows as StatsCard];
      }
    };
    void Promise.all(ids.map(load)).then((loaded) => {
      if (live) setCards(Object.fromEntries(loaded));
    });
    return () => void (live = false);
  }, [key]);
  return cards;
}

function StatsList({ profile }: { profile: Profile }) {
  const games = Object.entries(profile.stats ?? {});
  const cards = useCards(games.map(([id]) => id));
  return (
    <section aria-labelledby="stats-title" aria-busy={cards === null}>
      <h3 id="stats-title">{t("profile.stats.title")}</h3>
      <p class="hint">{t("rating.none.about")}</p>
      {cards === null && <p class="muted">{t("profile.loading")}</p>}
      {cards !== null && games.map(([id, stats]) => {
        const game = byEngine(id);
        const name = game ? gameName(game) : id;
        return (
          <section key={id} class="stats-card" data-game={id} aria-labelledby={`stats-${id}`}>
            <h4 id={`stats-${id}`}>{name}</h4>
            <dl class="stats">
              {cards[id](stats as never).map(([stat, label, shown]) => (
                <div key={stat} class="stat" data-stat={stat}>
                  <dt>{label}</dt>
                  <dd>{shown}</dd>
                </div>
              ))}
            </dl>
            <RatingBlock rating={ratingOf(stats)} game={name} />
            {game?.play && (
              <p class="rating-board-link"><a href={href(`${game.play}/hodnoceni`)}>{t("rating.board.link", { game: name })}</a></p>
            )}
          </section>
        );
      })}
    </section>
  );
}

function Consent({ profile, busy, onChange }: {
  profile: Profile;
  busy: boolean;
  onChange: (on: boolean) => Promise<void>;
}) {
  // The switch moves at once; it settles on the server's answer when that comes.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const change = async (on: boolean) => {
    setWanted(on);
    await onChange(on);
    setWanted(null);
  };
  return (
    <section aria-labelledby="consent-title">
      <h3 id="consent-title">{t("profile.consent.title")}</h3>
      <label class="switch">
        <input
          type="checkbox"
          role="switch"
          checked={wanted ?? profile.consent === true}
          disabled={busy && wanted === null}
          aria-describedby="consent-about"
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        <span>{t("profile.consent.label")}</span>
      </label>
      <p id="consent-about" class="muted">
        {t("profile.consent.about")}
        {profile.consent === null && <> {t("profile.consent.undecided")}</>}
      </p>
    </section>
  );
}

function Rename({ stored, busy, error, onRename }: {
  stored: StoredProfile;
  busy: boolean;
  error: string | null;
  onRename: (nickname: string) => void;
}) {
  const [nickname, setNickname] = useState(stored.nickname);
  // A new stored nickname (a rename done, another profile) replaces the field's text; the
  // first run does not: it comes after a paint, when typing may already have begun.
  const shownFor = useRef(stored.nickname);
  useEffect(() => {
    if (shownFor.current === stored.nickname) return;
    shownFor.current = stored.nickname;
    setNickname(stored.nickname);
  }, [stored.nickname]);
  // Refused as the server would refuse it, while typed; a name too short once it is sent.
  const [sent, setSent] = useState(false);
  const shown = nicknameProblem(nickname, sent) ?? error;
  const submit = (event: Event) => {
    event.preventDefault();
    setSent(true);
    const wanted = nickname.trim();
    if (!nicknameProblem(nickname, true) && wanted !== stored.nickname) onRename(wanted);
  };
  return (
    <form class="profile-form" onSubmit={submit} noValidate>
      <label for="profile-rename">{t("profile.rename.label")}</label>
      <div class="profile-form-row">
        <input
          id="profile-rename"
          type="text"
          value={nickname}
          aria-invalid={shown ? "true" : undefined}
          aria-describedby={shown ? "profile-rename-error" : undefined}
          onInput={(event) => {
            setSent(false);
            setNickname(event.currentTarget.value);
          }}
        />
        <button type="submit" disabled={busy}>{t("profile.rename.submit")}</button>
      </div>
      <p id="profile-rename-error" class="field-error" role="alert">{shown ?? ""}</p>
    </form>
  );
}

/** Reset or delete, confirmed; `onDone(message)` with null when cancelled. */
function DangerConfirm({ which, stored, onDone }: {
  which: "reset" | "delete";
  stored: StoredProfile;
  onDone: (message: string | null) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    try {
      if (which === "reset") {
        await resetStats(stored.key);
        onDone(t("profile.reset.done"));
      } else {
        await deleteMe(stored.key);
        removeProfile(stored.id);
        onDone(t("profile.delete.done", { nickname: stored.nickname }));
      }
    } catch (problem) {
      setError(t("profile.error", { message: problemText(problem) }));
    }
  };
  return (
    <ConfirmDialog
      title={t(`profile.${which}.title`)}
      text={t(`profile.${which}.text`, { nickname: stored.nickname })}
      confirm={t(`profile.${which}`)}
      onConfirm={confirm}
      onCancel={() => onDone(null)}
      error={error}
    />
  );
}

/** What a moderator did to the profile: its nickname hidden (why; until read), a bar. */
function ModeratorNotices({ profile, onRead }: { profile: Profile; onRead: () => void }) {
  return (
    <>
      {profile.notice?.kind === "hidden" && (
        <div class="notice warn keep-warning" role="alert">
          <p><strong>{t("moderation.hidden.title", { nickname: profile.nickname })}</strong></p>
          <p>{t("moderation.reason", { reason: profile.notice.reason })}</p>
          <p>{t("moderation.hidden.text")}</p>
          <p class="actions"><button type="button" onClick={onRead}>{t("devices.warn.ok")}</button></p>
        </div>
      )}
      {profile.barred_until && (
        <div class="notice warn keep-warning" role="note">
          <p>{t("moderation.barred", { until: `${dateTime(profile.barred_until).date} ${dateTime(profile.barred_until).time}` })}</p>
        </div>
      )}
    </>
  );
}
