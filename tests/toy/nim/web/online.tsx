// Nim online: its descriptor for the shared lobby pages (lobby/game.tsx; the room of kind
// "table" with its words and the running table), and #/nim/stul, a new table: seats and
// heaps, who plays, "Založit stůl" (the shared CreateForm; it needs the server).
import { useState } from "preact/hooks";
import { t, useLang } from "@web/i18n";
import { CreateForm } from "@web/lobby/CreateForm";
import type { LobbyGame, PlayProps } from "@web/lobby/game";
import type { Lobby } from "@web/lobby/types";
import { ReplayButton } from "@web/replay/ReplayButton";
import { href } from "@web/router";
import { Board } from "./Board";
import { Counts, NimNav } from "./Parts";
import { NimSession } from "./session";
import "@web/lobby/lobby.css";
import "@web/profile/profile.css";

interface NimSettings {
  seats: number;
  heaps: number;
}

type NimLobby = Lobby<"table", NimSettings>;

const info = (settings: NimSettings) => t("nim.online.info", { seats: settings.seats, heaps: settings.heaps });

export const NIM_LOBBY: LobbyGame<NimSession, NimLobby> = {
  id: "nim",
  title: () => t("nim.online.kind"),
  join: (summary) => ({
    title: t("nim.online.join"),
    info: info(summary.settings),
    joined: t("nim.online.joined", { count: summary.players, limit: summary.limit }),
  }),
  room: (lobby) => {
    const me = lobby.players.find((player) => player.seat === lobby.you);
    const host = lobby.players.find((player) => player.host)?.nickname ?? "";
    const state = me?.host ? (lobby.players.length > 1 ? "ready" : "alone") : "wait";
    return {
      info: info(lobby.settings),
      share: t("nim.online.share"),
      people: t("nim.online.people"),
      notes: lobby.players.length < lobby.limit && <p class="hint">{t("nim.online.computer")}</p>,
      ready: { state, text: t(`nim.online.state.${state}`, { host }), canStart: true, warn: false },
      start: t("nim.online.start"),
    };
  },
  nav: () => <NimNav current="/nim/stul" />,
  leave: () => t("nim.online.leave"),
  left: "nim.online.left",
  links: [["/nim/stul", "nim.online.new"]],
  back: "nim.online.back",
  session: (conn) => new NimSession(conn),
  Play: OnlineTable,
};

/** The running table: the people by their nicknames ("Ty" for this one), the computer in
 *  the seats nobody took. */
function OnlineTable({ session, lobby, banner, onLeave }: PlayProps<NimSession, NimLobby>) {
  const people = new Map(lobby.players.map((player) => [player.table_seat, player]));
  const name = (seat: number) => {
    const person = people.get(seat);
    return !person ? t("nim.computer") : person.seat === lobby.you ? t("nim.you") : person.nickname;
  };
  const over = session.view?.over === true || lobby.status === "closed";
  return (
    <Board
      session={session}
      name={name}
      title={t("nim.online.kind")}
      nav={<NimNav current="/nim/stul" />}
      banner={banner}
      side={!over && <button type="button" class="lobby-leave" onClick={onLeave}>{t("lobby.leave")}</button>}
      end={
        <>
          <a class="button primary" href={href("/nim/stul")}>{t("nim.online.new")}</a>
          <a class="button" href={href("/nim")}>{t("nim.online.back")}</a>
        </>
      }
      replay={<ReplayButton entry="nim" source={session.replaySource()} />}
    />
  );
}

export function NimOnlineCreate() {
  useLang();
  const [seats, setSeats] = useState(2);
  const [heaps, setHeaps] = useState(3);
  return (
    <section class="page lobby-create" aria-labelledby="nim-online-title">
      <NimNav current="/nim/stul" />
      <h1 id="nim-online-title">{t("nim.online.title")}</h1>
      <p class="lead">{t("nim.online.lead")}</p>
      <CreateForm
        game={NIM_LOBBY}
        label={t("nim.online.label")}
        submit={t("nim.online.create")}
        creating={t("nim.online.creating")}
        needsServer={t("nim.online.needs.server")}
        check={() => true}
        body={() => ({ kind: "table", seats, heaps })}
      >
        {() => (
          <fieldset class="mp-choices">
            <legend>{t("nim.online.label")}</legend>
            <Counts label={t("nim.online.seats")} name="nim-seats" from={2} to={4} value={seats} onChoose={setSeats} />
            <Counts label={t("nim.setup.heaps")} name="nim-heaps" from={1} to={5} value={heaps} onChoose={setHeaps} />
          </fieldset>
        )}
      </CreateForm>
    </section>
  );
}
