// The frame of every page (header, language, theme, install) and the routes.
import type { ComponentChildren } from "preact";
import { t, useLang, setLang } from "./i18n";
import { href, matchRoute, usePath } from "./router";
import { Home } from "./pages/Home";
import { NotFound } from "./pages/NotFound";
import { ROUTES } from "./routes";
import { ThemeSwitch } from "./components/ThemeSwitch";
import { InstallButton } from "./components/InstallButton";
import { EngineStatus } from "./components/EngineStatus";
import { ProfileChip } from "./profile/ProfileChip";
import { MyGamesChip } from "./mygames/MyGamesChip";
import { FriendsChip } from "./club/FriendsChip";
import { Challenges } from "./club/Challenges";
import { PushOffer } from "./push/PushOffer";

export function App() {
  useLang();
  const path = usePath();
  const match = path === "/" ? { page: Home, params: {} } : matchRoute(ROUTES, path);
  const Page = match?.page ?? NotFound;
  return (
    <Frame>
      <Page key={path} params={match?.params ?? {}} />
    </Frame>
  );
}

function Frame({ children }: { children: ComponentChildren }) {
  const lang = useLang();
  return (
    <>
      <a class="skip" href="#main" onClick={(e) => { e.preventDefault(); document.getElementById("main")?.focus(); }}>
        {t("nav.skip")}
      </a>
      <header class="top">
        <a class="brand" href={href("/")} title={t("nav.home")}>
          <img src="/icon.svg" alt="" width="28" height="28" />
          <span>{t("app.name")}</span>
        </a>
        <nav class="tools" aria-label={t("nav.main")}>
          <EngineStatus />
          <ProfileChip />
          <MyGamesChip />
          <FriendsChip />
          <InstallButton />
          <ThemeSwitch />
          <button
            type="button"
            class="chip"
            aria-label={`${lang === "cs" ? "EN" : "CZ"} – ${t("lang.other")}`}
            onClick={() => setLang(lang === "cs" ? "en" : "cs")}
          >
            {lang === "cs" ? "EN" : "CZ"}
          </button>
        </nav>
      </header>
      <Challenges />
      <PushOffer />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
