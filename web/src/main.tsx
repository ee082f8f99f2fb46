// Entry point: theme and language before the first paint, then the app; the service
// worker registers after load so it never delays the first paint.
import { render } from "preact";
import { App } from "./app";
import { applyTheme, getTheme } from "./theme";
import { getLang } from "./i18n";
import { startClub } from "./club/presence";
import "./styles.css";

applyTheme(getTheme());
document.documentElement.lang = getLang();
render(<App />, document.getElementById("app")!);
startClub(); // friends' presence while a profile is selected

// Browser tests call the real local table, which net/local.ts exposes when it loads (with a
// game's page, otherwise): a test page loads it at once.
if ((window as { __klubovnaTest?: boolean }).__klubovnaTest) void import("./net/local");

if ("serviceWorker" in navigator && import.meta.env.PROD) {
  addEventListener("load", () => {
    import("virtual:pwa-register").then(({ registerSW }) => registerSW({ immediate: true }));
  });
}
