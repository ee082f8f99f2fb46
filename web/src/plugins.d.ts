// The plug-in games of KLUBOVNA_PLUGINS, made at build time (web/build/plugin_games.ts): empty
// lists without plug-ins.
declare module "virtual:plugin-games" {
  /** The default export of each plug-in folder's web/entry.ts (a GameEntry of registry.ts). */
  export const PLUGIN_GAMES: unknown[];
}

declare module "virtual:plugin-modules" {
  /** The Python modules the engine worker imports after klubovna's (they register games). */
  export const PLUGIN_MODULES: string[];
}
