// #/zoliky-s-kameny/online: a new room for two (who plays, "Založit místnost"), then the
// invitation link and code on the lobby pages; below, joining a room by its code. Needs the
// server and says so when there is none (the local games do not).
import { t, useLang } from "../../i18n";
import { CreateForm } from "../../lobby/CreateForm";
import { ZK_LOBBY } from "./online";
import { ZkNav } from "./ZkNav";
import "../../components/game.css";
import "../../profile/profile.css";
import "../../lobby/lobby.css";
import "./zk.css";

export function OnlineCreate() {
  useLang();
  return (
    <section class="page mp-setup zk-setup lobby-create" aria-labelledby="zk-online-title">
      <ZkNav current="/zoliky-s-kameny/online" />
      <h1 id="zk-online-title">{t("zk.online.title")}</h1>
      <p class="lead">{t("zk.online.lead")}</p>
      <CreateForm
        game={ZK_LOBBY}
        label={t("zk.online.label")}
        submit={t("zk.online.create")}
        creating={t("zk.online.creating")}
        needsServer={t("zk.online.needs.server")}
        check={() => true}
        body={() => ({ kind: "duel" })}
      >
        {() => <p class="hint">{t("zk.online.info")}</p>}
      </CreateForm>
    </section>
  );
}
