// Every page but home, by hash path (":name" segments are parameters, see router.ts).
// Each area adds its pages here.
import { h, type FunctionComponent } from "preact";
import { useEffect, useState } from "preact/hooks";
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
import { MP_LOBBY } from "./lobby/mpGame";

/** A page gets the values of its path's parameters. */
export type Page = FunctionComponent<{ params: Record<string, string> }>;

/** A page whose code loads when it is first opened (its own chunk, precached for offline
 *  use like the rest); nothing shows for the moment it takes. */
function later(load: () => Promise<Page>): Page {
  let loaded: Page | null = null;
  return function LaterPage(props) {
    const [page, setPage] = useState<Page | null>(() => loaded);
    useEffect(() => {
      if (page) return;
      let live = true;
      void load().then((found) => {
        loaded = found;
        if (live) setPage(() => found);
      });
      return () => void (live = false);
    }, []);
    return page ? h(page, props) : null;
  };
}

const kp = () => import("./kp/pages");

export const ROUTES: Record<string, Page> = {
  "/matematicky-poker": MpPage,
  "/matematicky-poker/pravidla": RulesPage,
  "/matematicky-poker/vyber-cisel": NumberPicker,
  "/matematicky-poker/tabulka": ManualTable,
  "/matematicky-poker/zebricek": LeaderboardPage,
  "/matematicky-poker/denni-vyzva": DailyPage,
  "/matematicky-poker/duel": DuelPage,
  "/matematicky-poker/skupina": GroupPage,
  "/matematicky-poker/hra/:code": ({ params }) => h(LobbyPage, { game: MP_LOBBY, params }),
  "/kostkovy-poker": later(() => kp().then((m) => m.KpPage)),
  "/kostkovy-poker/pravidla": later(() => kp().then((m) => m.KpRulesPage)),
  "/kostkovy-poker/stul": later(() => kp().then((m) => m.OnlineCreate)),
  "/kostkovy-poker/hra/:code": later(() => kp().then((m) => m.OnlinePage)),
  "/profil": ProfilePage,
  "/zasady": PrivacyPage,
};
