// The server's nickname rules as data for the web check: `virtual:nickname-data` exports the
// keys of what build/nickname_data.py prints (taken from klubovna/server/features/nicknames.py and its
// Python's Unicode tables at build and dev time), so the profile page and the lobby's name
// field refuse exactly what the server refuses (src/profile/nickname.ts).
import { join, resolve } from "node:path";
import type { Plugin } from "vite";
import { gameDataModule } from "./games.ts";

const ID = "virtual:nickname-data";
const ROOT = resolve(import.meta.dirname, "..", "..");
export const NICKNAME_DATA = join(ROOT, "web", "build", "nickname_data.py");

export function nicknameData(): Plugin {
  return {
    name: "klubovna-nickname-data",
    resolveId: (source) => (source === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      this.addWatchFile(NICKNAME_DATA);
      this.addWatchFile(join(ROOT, "klubovna", "server", "features", "nicknames.py"));
      return gameDataModule(NICKNAME_DATA);
    },
  };
}
