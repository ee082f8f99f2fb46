// The web app's build: Preact through Vite, the PWA (service worker precaching the app shell,
// Pyodide, the engine and its interpreter snapshot, and showing Web Push notices:
// public/push-sw.js), the Python files the worker loads, each game folder's build data
// (build/games.ts finds them: nothing here names a game) and the plug-in games of
// KLUBOVNA_PLUGINS (build/plugin_games.ts; none by default).
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { pythonInTheBrowser } from "./build/plugins.ts";
import { gameData } from "./build/games.ts";
import { nicknameData } from "./build/nicknames.ts";
import { pluginGames } from "./build/plugin_games.ts";

export default defineConfig({
  plugins: [
    pythonInTheBrowser(),
    gameData(),
    nicknameData(),
    pluginGames(),
    VitePWA({
      registerType: "autoUpdate",
      injectRegister: null,
      includeAssets: ["icon.svg", "icon-192.png", "icon-512.png"],
      manifest: {
        name: "Klubovna",
        short_name: "Klubovna",
        description: "Herní klub pro chytré číselné, karetní a kostkové hry.",
        lang: "cs",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: "#f6f4ef",
        theme_color: "#1d4e89",
        icons: [
          { src: "icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
          { src: "icon.svg", sizes: "any", type: "image/svg+xml" },
        ],
      },
      workbox: {
        // Pyodide's wasm (~10 MB) and stdlib must be precached for offline play, and so is
        // the build's interpreter snapshot (py/engine-<key>.bin, ~6 MB gzip; build/snapshot.ts)
        // and the engine's Python, all of it in py/manifest.json (build/plugins.ts).
        maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
        globPatterns: ["**/*.{js,mjs,css,html,svg,png,ico,wasm,zip,json,bin,webmanifest}"],
        navigateFallback: "index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/ws\//],
        cleanupOutdatedCaches: true,
        // Web Push (a notice for "your turn", a click opening the game): a plain script of
        // web/public the generated worker imports (docs/decisions/0161-web-push.md).
        importScripts: ["push-sw.js"],
      },
    }),
  ],
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: { target: "es2022", sourcemap: false },
  worker: { format: "es", plugins: () => [pluginGames()] },
  server: { proxy: { "/api": "http://127.0.0.1:8000", "/ws": { target: "ws://127.0.0.1:8000", ws: true } } },
});
