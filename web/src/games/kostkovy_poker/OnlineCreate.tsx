// #/kostkovy-poker/stul: a new online table (kit/OnlineCreate.tsx, from the declared room) —
// seats (people and computer players), chips, seconds per turn, which computer player takes
// the empty seats — then "Založit stůl" and the table's lobby page.
import { ROOMS, SETTINGS } from "virtual:game-data/kostkovy_poker";
import { t, useLang } from "../../i18n";
import { OnlineCreate as CreatePage, type Look } from "../../kit/OnlineCreate";
import { room, roomSettings, type Declared } from "../../kit/settings";
import { KP_LOBBY } from "./online";
import { BOT_NAMES, loadSetup } from "./storage";
import "./kp.css";

const ROOM = room(ROOMS, "table");
const count = { cls: "kp-count-choice", row: "kp-count" };

function look(each: Declared): Look {
  switch (each.name) {
    case "seats":
      return { ...count, label: t("kp.online.seats") };
    case "chips":
      return { label: t("kp.setup.chips.label"), invalid: t("kp.setup.chips.invalid") };
    case "seconds":
      return { label: t("kp.online.seconds"), invalid: t("kp.online.seconds.invalid") };
    default: // the computer player for the empty seats
      return {
        label: t("kp.online.robots"), cls: "kp-pill", row: "kp-count", text: (bot) => t(`kp.bot.${bot}`),
        hint: (bot) => <p class="hint kp-robot-about">{t(`kp.bot.${bot}.about`)}</p>,
      };
  }
}

export function OnlineCreate() {
  useLang(); // its own words are passed down: they follow the language too
  return (
    <CreatePage game="kp" lobby={KP_LOBBY} room={ROOM} settings={roomSettings(SETTINGS, ROOM, BOT_NAMES)} look={look}
      legend={t("kp.online.seats.legend")} initial={{ seats: 4, chips: loadSetup().chips, seconds: 30 }} />
  );
}
