// #/kostkovy-poker/hra/{CODE}: one online table, the link people share. Without a seat key for
// the code it offers to join; with one it connects (the room before the start, the table,
// the end ranking). A code typed in another form (abc-def) is put right first.
import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { lobbyPath, normalizeCode } from "../lobby/code";
import { JoinByCode } from "../lobby/JoinByCode";
import { forgetSeat, loadSeat } from "../lobby/seats";
import { href } from "../router";
import { GAME } from "./online";
import { OnlineJoin } from "./OnlineJoin";
import { OnlineScreen } from "./OnlineScreen";
import "../mp/mp.css";
import "../profile/profile.css";
import "../lobby/lobby.css";
import "./kp.css";

export function OnlinePage({ params }: { params: Record<string, string> }) {
  useLang();
  const raw = params.code ?? "";
  const code = normalizeCode(raw);
  useEffect(() => {
    if (code && code !== raw) location.replace(`#${lobbyPath(code, GAME)}`);
  }, [code, raw]);
  const [seat, setSeat] = useState(() => (code ? loadSeat(code) : null));
  const [notice, setNotice] = useState<string | null>(null);

  if (!code) {
    return (
      <section class="page lobby-page" aria-labelledby="kp-bad-title">
        <h1 id="kp-bad-title">{t("lobby.bad.title")}</h1>
        <p class="notice warn">{t("lobby.join.bad")}</p>
        <JoinByCode game={GAME} />
        <p class="page-links lobby-back">
          <a href={href("/kostkovy-poker")}>{t("kp.online.back")}</a>
        </p>
      </section>
    );
  }
  if (!seat) return <OnlineJoin code={code} notice={notice} onJoined={setSeat} />;
  return (
    <OnlineScreen
      key={seat.key}
      seat={seat}
      onLost={(why) => {
        forgetSeat(code);
        setNotice(why);
        setSeat(null);
      }}
    />
  );
}
