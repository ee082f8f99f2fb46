// #/locus-poker/online: a new room for two with its grid (kit/OnlineCreate.tsx, from the
// declared room), then the invitation link and code on the lobby pages.
import { BOTS, ROOMS, SETTINGS } from "virtual:game-data/locus_poker";
import { t, useLang } from "../../i18n";
import { OnlineCreate as CreatePage } from "../../kit/OnlineCreate";
import { room, roomSettings } from "../../kit/settings";
import { LP_LOBBY } from "./online";
import { gridOption } from "./Setup";
import { loadSetup } from "./storage";
import "./lp.css";

const ROOM = room(ROOMS, "duel");

export function OnlineCreate() {
  useLang(); // its own words are passed down: they follow the language too
  return (
    <CreatePage game="lp" lobby={LP_LOBBY} room={ROOM} settings={roomSettings(SETTINGS, ROOM, BOTS)} legend={t("lp.grid")}
      initial={{ grid: loadSetup().grid }}
      look={() => ({ label: t("lp.grid"), cls: "lp-pill", look: "pills", text: (grid) => gridOption(String(grid)).text, about: (grid) => gridOption(String(grid)).about })} />
  );
}
