// Every page but home, by hash path (":name" segments are parameters, see router.ts): the
// shared pages, and each game's pages and lobby page from the registry (registry.ts).
import { h } from "preact";
import { useEffect, useState } from "preact/hooks";
import { addCatalogue } from "./i18n";
import { ProfilePage } from "./profile/ProfilePage";
import { PrivacyPage } from "./privacy/PrivacyPage";
import { GAMES, type GameEntry, type Page } from "./registry";

export type { Page } from "./registry";

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

/** `load`'s result once the game's catalogue is in too (its page's words are then there). */
async function withText<T>(game: GameEntry, load: () => Promise<T>): Promise<T> {
  const [found, area] = await Promise.all([load(), game.catalogue?.()]);
  if (area) addCatalogue(area);
  return found;
}

function gameRoutes(game: GameEntry): Record<string, Page> {
  const routes: Record<string, Page> = {};
  for (const [path, name] of Object.entries(game.routes ?? {})) {
    routes[path] = later(() => withText(game, async () => (await game.pages!())[name]));
  }
  const online = game.online;
  if (online && game.play) {
    // The same lobby pages for every game, driven by its online descriptor.
    routes[`${game.play}/hra/:code`] = later(() => withText(game, async () => {
      const [descriptor, { LobbyPage }] = await Promise.all([online(), import("./lobby/LobbyPage")]);
      return ({ params }) => h(LobbyPage, { game: descriptor, params });
    }));
  }
  return routes;
}

export const ROUTES: Record<string, Page> = Object.assign(
  {},
  ...GAMES.map(gameRoutes),
  { "/profil": ProfilePage, "/zasady": PrivacyPage },
);
