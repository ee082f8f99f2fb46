// The room's chat, below every game's room and table (docs/api.md, "Chat"): preset phrases
// and emoji for everyone, own words where the host allowed them (the server checks the
// profile's choice and the words), muting a person for oneself, and reporting a message or
// a nickname. Nicknames and words are the players' own text: rendered as text.
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "../i18n";
import { ConfirmDialog } from "../profile/ConfirmDialog";
import { askFriend } from "../club/api";
import { friendOffer, useFriendLists } from "../club/useFriendLists";
import { problemText } from "../profile/format";
import { useProfiles } from "../profile/store";
import { read, session, write } from "../storage";
import type { ChatMessage, LobbyConnection } from "./connection";
import type { Lobby } from "./types";
import "./chat.css";

export const PHRASES = ["hello", "gg", "again", "moment", "nice", "oops", "thanks", "bye"];
export const EMOJI = ["👍", "👏", "😀", "😅", "😮", "🤔", "🎉", "❤️", "🍀", "😢"];

/** The seats this tab muted in a room (session storage: for this visit). */
function mutedKey(code: string): string {
  return `klubovna.muted.${code}`;
}

function loadMuted(code: string): number[] {
  try {
    const seats = JSON.parse(read(session, mutedKey(code)) ?? "[]") as unknown;
    return Array.isArray(seats) ? seats.filter((seat): seat is number => typeof seat === "number") : [];
  } catch {
    return []; // not JSON
  }
}

function words(message: ChatMessage): string {
  if (message.phrase) return t(`chat.phrase.${message.phrase}`);
  return message.emoji ?? message.text ?? "";
}

export function Chat({ conn, lobby }: { conn: LobbyConnection; lobby: Lobby }) {
  const [open, setOpen] = useState(true);
  const [text, setText] = useState("");
  const [muted, setMuted] = useState<number[]>(() => loadMuted(lobby.code));
  const [asking, setAsking] = useState<ChatMessage | null>(null);
  const [note, setNote] = useState("");
  const log = useRef<HTMLDivElement>(null);
  const shown = conn.chat.filter((message) => !muted.includes(message.seat));
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [shown.length, open]);
  useEffect(() => {
    if (conn.reported) setNote(t("chat.reported"));
  }, [conn.reported]);

  const mute = (seat: number, nickname: string) => {
    const next = [...muted, seat];
    setMuted(next);
    write(session, mutedKey(lobby.code), JSON.stringify(next));
    setNote(t("chat.muted", { nickname }));
  };
  const send = (event: Event) => {
    event.preventDefault();
    if (text.trim() && conn.say({ text })) setText("");
  };
  const failure = conn.chatFailure;

  return (
    <section class="panel room-chat" aria-labelledby="chat-title">
      <h2 id="chat-title">
        <button type="button" class="chat-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          {t("chat.title")} <span class="muted">({shown.length})</span>
        </button>
      </h2>
      {open && (
        <>
          <People conn={conn} lobby={lobby} onNote={setNote} />
          <div class="chat-log" ref={log} role="log" aria-live="polite" aria-label={t("chat.log")}><ol>
            {shown.length === 0 && <li class="muted">{t("chat.empty")}</li>}
            {shown.map((message) => (
              <li key={message.id} class={message.seat === lobby.you ? "mine" : undefined}>
                <span class="chat-who nickname">{message.nickname}</span>
                <span class={`chat-words${message.emoji ? " emoji" : ""}`}>{words(message)}</span>
                {message.seat !== lobby.you && (
                  <span class="chat-tools">
                    <button type="button" class="link-button" onClick={() => mute(message.seat, message.nickname)}
                      aria-label={t("chat.mute.aria", { nickname: message.nickname })}>
                      {t("chat.mute")}
                    </button>
                    <button type="button" class="link-button" onClick={() => setAsking(message)}
                      aria-label={t("chat.report.aria", { nickname: message.nickname })}>
                      {t("chat.report")}
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ol></div>
          <div class="chat-phrases" role="group" aria-label={t("chat.phrases")}>
            {PHRASES.map((phrase) => (
              <button key={phrase} type="button" onClick={() => conn.say({ phrase })}>{t(`chat.phrase.${phrase}`)}</button>
            ))}
          </div>
          <div class="chat-emoji" role="group" aria-label={t("chat.emoji")}>
            {EMOJI.map((emoji) => (
              <button key={emoji} type="button" onClick={() => conn.say({ emoji })} aria-label={t("chat.emoji.send", { emoji })}>
                {emoji}
              </button>
            ))}
          </div>
          {lobby.free_chat ? (
            <form class="chat-text profile-form-row" onSubmit={send}>
              <label class="visually-hidden" for="chat-text">{t("chat.text.label")}</label>
              <input id="chat-text" type="text" maxLength={200} value={text} autoComplete="off"
                placeholder={t("chat.text.label")} onInput={(event) => setText(event.currentTarget.value)} />
              <button type="submit">{t("chat.send")}</button>
            </form>
          ) : (
            <p class="hint">{t("chat.phrasesOnly")}</p>
          )}
          <p class="field-error" role="alert">{failure ? t(`chat.error.${failure.code}`) : ""}</p>
          <p class="live" role="status" aria-live="polite">{note}</p>
        </>
      )}
      {asking && (
        <ConfirmDialog
          title={t("chat.report.title", { nickname: asking.nickname })}
          text={t("chat.report.text", { words: words(asking) })}
          confirm={t("chat.report")}
          onConfirm={() => {
            conn.report({ message: asking.id });
            setAsking(null);
          }}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}

/** The room's other people: ask one to be friends (a member with a profile who is no friend yet,
 *  asked by one with a profile: friendOffer), or report a nickname to the moderators. */
function People({ conn, lobby, onNote }: { conn: LobbyConnection; lobby: Lobby; onNote: (text: string) => void }) {
  const { selected } = useProfiles();
  const lists = useFriendLists();
  const [asked, setAsked] = useState<number[]>([]);
  const others = lobby.players.filter((player) => player.seat !== lobby.you);
  if (others.length === 0) return null;
  const befriend = async (seat: number) => {
    if (!selected) return;
    try {
      const answer = await askFriend(selected.key, { room: lobby.code, seat });
      setAsked([...asked, seat]);
      onNote(t(answer.state === "friends" ? "friends.nowFriends" : "friends.asked", { nickname: answer.nickname }));
    } catch (problem) {
      onNote(problemText(problem));
    }
  };
  return (
    <ul class="chat-people" aria-label={t("chat.people")}>
      {others.map((player) => {
        const offer = selected ? friendOffer(player, lists) : null;
        return (
          <li key={player.seat}>
            <span class="nickname">{player.nickname}</span>
            {offer && (
              <button type="button" class="link-button"
                disabled={asked.includes(player.seat) || offer === "waiting"}
                onClick={() => void befriend(player.seat)}
                aria-label={t("chat.befriend.aria", { nickname: player.nickname })}>
                {t("chat.befriend")}
              </button>
            )}
            <button type="button" class="link-button" onClick={() => {
              conn.report({ seat: player.seat });
            }} aria-label={t("chat.reportName.aria", { nickname: player.nickname })}>
              {t("chat.reportName")}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
