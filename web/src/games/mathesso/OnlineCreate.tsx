// #/mathesso/online: a new room (kit/OnlineCreate.tsx, from the declared room) — the seats
// (people and computer players together), the variant and add-ons, the computer player who
// takes the seats nobody takes — then the invitation link and code on the lobby pages.
import { BOTS, ROOMS, SETTINGS } from "virtual:game-data/mathesso";
import { t, useLang } from "../../i18n";
import { OnlineCreate as CreatePage, type Look } from "../../kit/OnlineCreate";
import { options, room, roomSettings, type Declared } from "../../kit/settings";
import { MA_LOBBY } from "./online";
import { loadSetup } from "./storage";
import { levelName } from "./words";
import "./ma.css";

const ROOM = room(ROOMS, "table");

function look(each: Declared): Look {
  const pills = { cls: "ma-pill", row: "ma-pills" };
  if (each.name === "seats") {
    // a room is for two at least (one person plays on this device)
    return { ...pills, label: t("ma.online.seats"), only: options(each).filter((count) => Number(count) >= 2) };
  }
  if (each.name === "variant") return { ...pills, label: t("ma.variant.legend"), text: (v) => t(`ma.variant.${v}`) };
  if (each.kind === "bool") return { label: each.name, cls: "ma-addon", text: () => t(`ma.addon.${each.name}`) };
  return { ...pills, label: t("ma.online.computer"), text: (bot) => levelName(BOTS.indexOf(String(bot))) };
}

export function OnlineCreate() {
  useLang(); // its own words are passed down: they follow the language too
  return (
    <CreatePage game="ma" lobby={MA_LOBBY} room={ROOM} settings={roomSettings(SETTINGS, ROOM, BOTS)} look={look}
      initial={{ variant: loadSetup().variant }} info={<p class="hint">{t("ma.online.info")}</p>} />
  );
}
