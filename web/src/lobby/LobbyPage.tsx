// #/{game}/hra/{CODE}: the page of one lobby, the link people share. Without a seat key for
// the code it offers to join; with one it connects (the room before the start, the game, the
// end ranking). A code typed in another form (abc-def) is put right first.
import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { lobbyPath, normalizeCode } from "./code";
import { GameLinks, type LobbyGame } from "./game";
import { JoinByCode } from "./JoinByCode";
import { JoinCard } from "./JoinCard";
import { LobbyScreen } from "./LobbyScreen";
import { forgetSeat, loadSeat } from "./seats";
import { setPlaying } from "../club/presence";
import "../components/game.css";
import "../profile/profile.css";
import "./lobby.css";

export function LobbyPage({ game, params }: { game: LobbyGame; params: Record<string, string> }) {
  useLang();
  const raw = params.code ?? "";
  const code = normalizeCode(raw);
  useEffect(() => {
    if (code && code !== raw) location.replace(`#${lobbyPath(code, game.id)}`);
  }, [code, raw]);
  const [seat, setSeat] = useState(() => (code ? loadSeat(code) : null));
  const [notice, setNotice] = useState<string | null>(null);
  // Friends see this game as played while the room is open here (club/presence.ts).
  useEffect(() => {
    if (!seat) return;
    setPlaying(game.id);
    return () => setPlaying(null);
  }, [seat?.key]);

  if (!code) {
    return (
      <section class="page lobby-page" aria-labelledby="lobby-bad-title">
        <h1 id="lobby-bad-title">{t("lobby.bad.title")}</h1>
        <p class="notice warn">{t("lobby.join.bad")}</p>
        <JoinByCode game={game.id} />
        <GameLinks game={game} backOnly />
      </section>
    );
  }
  if (!seat) return <JoinCard game={game} code={code} notice={notice} onJoined={setSeat} />;
  return (
    <LobbyScreen
      key={seat.key}
      game={game}
      seat={seat}
      onLost={(why) => {
        forgetSeat(code);
        setNotice(why);
        setSeat(null);
      }}
    />
  );
}
