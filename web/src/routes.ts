// Every page but home, by hash path (":name" segments are parameters, see router.ts): the
// shared pages, and each game's pages and lobby page from the registry (registry.ts).
import { h } from "preact";
import { useEffect, useState } from "preact/hooks";
import { ProfilePage } from "./profile/ProfilePage";
import { PrivacyPage } from "./privacy/PrivacyPage";
import { GAMES, withCatalogue, type GameEntry, type Page } from "./registry";

export type { Page } from "./registry";

/** A page whose code loads when it is first opened (its own chunk, precached for offline
 *  use like the rest); nothing shows for the moment it takes. Offline before the service
 *  worker has the chunk, it tries again when the browser is back online. */
function later(load: () => Promise<Page>): Page {
  let loaded: Page | null = null;
  return function LaterPage(props) {
    const [page, setPage] = useState<Page | null>(() => loaded);
    useEffect(() => {
      if (page) return;
      let live = true;
      const attempt = () => {
        load().then(
          (found) => {
            loaded = found;
            if (live) setPage(() => found);
          },
          () => {
            if (live) addEventListener("online", attempt, { once: true });
          },
        );
      };
      attempt();
      return () => {
        live = false;
        removeEventListener("online", attempt);
      };
    }, []);
    return page ? h(page, props) : null;
  };
}


function gameRoutes(game: GameEntry): Record<string, Page> {
  const routes: Record<string, Page> = {};
  const online = game.online;
  // The same lobby pages for every game, driven by its online descriptor.
  const lobbyPage = async (): Promise<Page> => {
    const [descriptor, { LobbyPage }] = await Promise.all([online!(), import("./lobby/LobbyPage")]);
    return ({ params }) => h(LobbyPage, { game: descriptor, params });
  };
  for (const [path, name] of Object.entries(game.routes ?? {})) {
    routes[path] = later(() => withCatalogue(game, async () => {
      // A game page links its lobby pages: their code comes along (for a link opened offline).
      if (online) lobbyPage().catch(() => {});
      return (await game.pages!())[name];
    }));
  }
  if (online && game.play) routes[`${game.play}/hra/:code`] = later(() => withCatalogue(game, lobbyPage));
  // Its rating board: the same page for every game played online.
  if (online && game.play && game.engine) {
    routes[`${game.play}/hodnoceni`] = later(async () => {
      const { RatingsPage } = await import("./profile/RatingsPage");
      return () => h(RatingsPage, { game });
    });
  }
  return routes;
}

export const ROUTES: Record<string, Page> = Object.assign(
  {},
  ...GAMES.map(gameRoutes),
  {
    "/profil": ProfilePage,
    "/profil/prenos/:code": ProfilePage,
    "/pratele": later(() => import("./club/FriendsPage").then((m) => m.FriendsPage)),
    "/moje-hry": later(() => import("./mygames/MyGamesPage").then((m) => m.MyGamesPage)),
    "/zasady": PrivacyPage,
    // A shared replay: the game's view comes from the registry by the replay's game.
    "/zaznam/:token": later(() => import("./replay/ReplayPage").then((m) => m.ReplayPage)),
    // Watching a room's table: the game's view comes from the registry by the view's game.
    "/sledovat/:table": later(() => import("./watch/WatchPage").then((m) => m.WatchPage)),
  },
);
