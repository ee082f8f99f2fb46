// Every page but home, by hash path (":name" segments are parameters, see router.ts).
// Each area adds its pages here.
import type { FunctionComponent } from "preact";
import { MpPage } from "./mp/MpPage";
import { RulesPage } from "./rules/RulesPage";
import { NumberPicker } from "./helpers/NumberPicker";
import { ManualTable } from "./helpers/ManualTable";
import { ProfilePage } from "./profile/ProfilePage";
import { PrivacyPage } from "./privacy/PrivacyPage";
import { LeaderboardPage } from "./leaderboard/LeaderboardPage";
import { DailyPage } from "./daily/DailyPage";
import { DuelPage, GroupPage } from "./lobby/CreatePage";
import { LobbyPage } from "./lobby/LobbyPage";

/** A page gets the values of its path's parameters. */
export type Page = FunctionComponent<{ params: Record<string, string> }>;

export const ROUTES: Record<string, Page> = {
  "/matematicky-poker": MpPage,
  "/matematicky-poker/pravidla": RulesPage,
  "/matematicky-poker/vyber-cisel": NumberPicker,
  "/matematicky-poker/tabulka": ManualTable,
  "/matematicky-poker/zebricek": LeaderboardPage,
  "/matematicky-poker/denni-vyzva": DailyPage,
  "/matematicky-poker/duel": DuelPage,
  "/matematicky-poker/skupina": GroupPage,
  "/matematicky-poker/hra/:code": LobbyPage,
  "/profil": ProfilePage,
  "/zasady": PrivacyPage,
};
