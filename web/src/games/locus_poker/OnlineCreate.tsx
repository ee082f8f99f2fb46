// #/locus-poker/online: a new room for two with its grid ("Založit místnost"), then the
// invitation link and code on the lobby pages; below, joining a room by its code. Needs the
// server and says so when there is none (the local games do not).
import { useState } from "preact/hooks";
import { DEFAULT_GRID } from "virtual:game-data/locus_poker";
import { t, useLang } from "../../i18n";
import { CreateForm } from "../../lobby/CreateForm";
import { LpNav } from "./LpNav";
import { LP_LOBBY } from "./online";
import { GridPills } from "./Setup";
import { loadSetup } from "./storage";
import "../../components/game.css";
import "../../profile/profile.css";
import "../../lobby/lobby.css";
import "./lp.css";

export function OnlineCreate() {
  useLang();
  const [grid, setGrid] = useState(() => loadSetup().grid ?? DEFAULT_GRID);
  return (
    <section class="page mp-setup lp-setup lobby-create" aria-labelledby="lp-online-title">
      <LpNav current="/locus-poker/online" />
      <h1 id="lp-online-title">{t("lp.online.title")}</h1>
      <p class="lead">{t("lp.online.lead")}</p>
      <CreateForm
        game={LP_LOBBY}
        label={t("lp.online.label")}
        submit={t("lp.online.create")}
        creating={t("lp.online.creating")}
        needsServer={t("lp.online.needs.server")}
        check={() => true}
        body={() => ({ kind: "duel", grid })}
      >
        {() => (
          <fieldset class="mp-choices">
            <legend>{t("lp.grid")}</legend>
            <GridPills name="lp-online-grid" value={grid} onChoose={setGrid} />
          </fieldset>
        )}
      </CreateForm>
    </section>
  );
}
