// Entry point: theme and language before the first paint, then the app; the service
// worker registers after load so it never delays the first paint.
import { render } from "preact";
import { App } from "./app";
import { applyTheme, getTheme } from "./theme";
import { getLang } from "./i18n";
import "./styles.css";

applyTheme(getTheme());
document.documentElement.lang = getLang();
render(<App />, document.getElementById("app")!);

if ("serviceWorker" in navigator && import.meta.env.PROD) {
  addEventListener("load", () => {
    import("virtual:pwa-register").then(({ registerSW }) => registerSW({ immediate: true }));
  });
}
