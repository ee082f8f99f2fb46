// Every page but home, by hash path. Each area adds its pages here.
import type { FunctionComponent } from "preact";
import { MpPage } from "./mp/MpPage";
import { RulesPage } from "./rules/RulesPage";
import { NumberPicker } from "./helpers/NumberPicker";
import { ManualTable } from "./helpers/ManualTable";
import { ProfilePage } from "./profile/ProfilePage";
import { PrivacyPage } from "./privacy/PrivacyPage";
import { LeaderboardPage } from "./leaderboard/LeaderboardPage";
import { DailyPage } from "./daily/DailyPage";

export const ROUTES: Record<string, FunctionComponent> = {
  "/matematicky-poker": MpPage,
  "/matematicky-poker/pravidla": RulesPage,
  "/matematicky-poker/vyber-cisel": NumberPicker,
  "/matematicky-poker/tabulka": ManualTable,
  "/matematicky-poker/zebricek": LeaderboardPage,
  "/matematicky-poker/denni-vyzva": DailyPage,
  "/profil": ProfilePage,
  "/zasady": PrivacyPage,
};
