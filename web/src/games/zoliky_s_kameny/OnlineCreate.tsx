// #/zoliky-s-kameny/online: a new room for two (kit/OnlineCreate.tsx, from the declared
// room: it shows no setting), then the invitation link and code on the lobby pages.
import { BOTS, ROOMS, SETTINGS } from "virtual:game-data/zoliky_s_kameny";
import { t, useLang } from "../../i18n";
import { OnlineCreate as CreatePage } from "../../kit/OnlineCreate";
import { room, roomSettings } from "../../kit/settings";
import { ZK_LOBBY } from "./online";
import "./zk.css";

const ROOM = room(ROOMS, "duel");

export function OnlineCreate() {
  useLang(); // its own words are passed down: they follow the language too
  return (
    <CreatePage game="zk" lobby={ZK_LOBBY} room={ROOM} settings={roomSettings(SETTINGS, ROOM, BOTS)} info={<p class="hint">{t("zk.online.info")}</p>} />
  );
}
