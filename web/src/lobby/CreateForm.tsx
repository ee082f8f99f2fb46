// What every new-lobby page has around the game's own settings: the notice when there is no
// server, who plays (profile or nickname), the submit button and its status, creating the
// lobby and opening its page, whether the room is listed for everyone ("Veřejná místnost"),
// live or turn-based with days per move where the room allows it (TurnsChoice.tsx);
// below, the other way to play with the same settings, "Hrát s kýmkoli" (QuickPair.tsx),
// joining another lobby by its code, the game's open rooms, and the way back.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "../i18n";
import { useProfiles } from "../profile/store";
import { isOffline, onOfflineChange } from "../worker/client";
import { createLobby } from "./api";
import { lobbyPath } from "./code";
import { failureText } from "./format";
import { GameLinks, type LobbyGame } from "./game";
import { JoinByCode } from "./JoinByCode";
import { OpenRooms } from "./OpenRooms";
import { QuickPair } from "./QuickPair";
import { ServerUnreachable } from "../net/remote";
import { saveSeat } from "./seats";
import { TurnsChoice } from "./TurnsChoice";
import { WhoField, cleanNickname, lastNickname, rememberNickname } from "./Who";

interface Props {
  game: LobbyGame;
  /** Words: the form's label, the submit button, its busy status, the notice (and the failure) without a server. */
  label: string;
  submit: string;
  creating: string;
  needsServer: string;
  /** Whether the game's settings are right; when not, it focuses the first wrong one. */
  check: () => boolean;
  /** The POST /api/lobbies body (kind and settings), without who plays. */
  body: () => Record<string, unknown>;
  /** Quick pairing with the chosen settings: why it cannot take them, in words (null: it
   *  can; the server's `bad_pairing` otherwise). */
  unpaired?: () => string | null;
  /** The room may be turn-based (its RoomPolicy.turn_based): "Hrát: živě / na tahy". */
  turnBased?: boolean;
  /** The game's settings; `checked` once a submit was tried (wrong fields say so). */
  children: (checked: boolean) => ComponentChildren;
}

export function CreateForm({ game, label, submit, creating, needsServer, check, body, unpaired, turnBased = false, children }: Props) {
  const { selected } = useProfiles();
  const [nickname, setNickname] = useState(lastNickname);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [freeChat, setFreeChat] = useState(false);
  const [listed, setListed] = useState(false);
  const [days, setDays] = useState<number | null>(null);
  const [offline, setOffline] = useState(isOffline());
  useEffect(() => onOfflineChange(() => setOffline(isOffline())), []);
  const nicknameInput = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const cleanName = cleanNickname(nickname);
  const badName = !selected && cleanName === null;

  const send = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (!check()) return;
    if (badName) return nicknameInput.current?.focus();
    const request = { game: game.id, ...body(), ...(freeChat ? { free_chat: true } : {}), ...(listed ? { public: true } : {}),
      ...(turnBased && days !== null ? { days_per_move: days } : {}) };
    if (!selected && cleanName) rememberNickname(cleanName);
    setBusy(true);
    setFailure(null);
    try {
      const key = selected?.key ?? null;
      const ticket = await createLobby(request, { key, nickname: cleanName ?? "" });
      saveSeat({ code: ticket.code, key: ticket.key, seat: ticket.seat, profile: key !== null, lastSeq: 0, at: Date.now() });
      location.hash = lobbyPath(ticket.code, game.id);
    } catch (error) {
      // (offline: the game's own words for what needs the server)
      if (mounted.current) setFailure(error instanceof ServerUnreachable ? needsServer : failureText(error));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  return (
    <>
      {offline && <p class="notice warn">{needsServer}</p>}
      <form class="mp-form" onSubmit={send} aria-label={label} noValidate>
        {children(checked)}
        {turnBased && <TurnsChoice days={days} onDays={setDays} />}
        <fieldset class="mp-choices lobby-who-set">
          <legend>{t("lobby.who.legend")}</legend>
          <WhoField
            id="lobby-nickname"
            profile={selected}
            nickname={nickname}
            onNickname={setNickname}
            error={checked && badName ? t("profile.error.bad_nickname") : null}
            inputRef={nicknameInput}
          />
        </fieldset>
        <div class="lobby-flags">
          <label class="check lobby-public">
            <input type="checkbox" checked={listed} aria-describedby="lobby-public-about"
              onChange={(event) => setListed(event.currentTarget.checked)} />
            {t("open.public")}
          </label>
          <p id="lobby-public-about" class="hint">{t("open.public.about")}</p>
          <label class="check lobby-free-chat">
            <input type="checkbox" checked={freeChat} onChange={(event) => setFreeChat(event.currentTarget.checked)} />
            {t("chat.allow")}
          </label>
        </div>
        <div class="mp-start-row">
          <button type="submit" class="primary mp-start" aria-busy={busy ? "true" : undefined}>{submit}</button>
          <p class="mp-start-status" role="status">{busy ? creating : failure ?? ""}</p>
        </div>
      </form>
      <QuickPair game={game} check={() => (setChecked(true), check())} body={body} unpaired={unpaired?.() ?? null}
        needsServer={needsServer} />
      <JoinByCode game={game.id} />
      <OpenRooms game={game.id} />
      <GameLinks game={game} backOnly />
    </>
  );
}
