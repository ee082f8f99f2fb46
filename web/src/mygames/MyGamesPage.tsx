// #/moje-hry: every open room of the selected profile (GET /api/my/games), those waiting
// for the person first with the time left to move ("Jsi na tahu"), each opening its room.
// Without a profile: what the page is for and where to make one. Nicknames are the
// players' own text: rendered as text.
import { useEffect, useRef, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { byEngine, gameName } from "../registry";
import { href } from "../router";
import { dateTime, plural, problemText } from "../profile/format";
import { useProfiles } from "../profile/store";
import type { MyGame } from "./api";
import { useMyGames } from "./store";
import { daysText, timeLeft, urgent, waitingCount } from "./time";
import "../profile/profile.css";
import "./mygames.css";

/** The time left is said again this often, and the list asked for again. */
const TICK_MS = 30_000;

export function MyGamesPage() {
  useLang();
  const { selected } = useProfiles();
  return (
    <section class="page mygames-page" aria-labelledby="mygames-title">
      <h1 id="mygames-title">{t("mygames.title")}</h1>
      <p class="lead">{t("mygames.lead")}</p>
      {selected ? (
        <Games nickname={selected.nickname} />
      ) : (
        <p class="notice mygames-no-profile">
          {t("mygames.needs.profile")} <a href={href("/profil")}>{t("mygames.profile.link")}</a>
        </p>
      )}
    </section>
  );
}

function Games({ nickname }: { nickname: string }) {
  const mine = useMyGames();
  const reload = useRef(mine.reload);
  reload.current = mine.reload;
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
      reload.current();
    }, TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (mine.status === "none" || mine.status === "loading") {
    return <p class="status-line mygames-loading" role="status">{t("mygames.loading")}</p>;
  }
  if (mine.status === "failed") {
    return (
      <div class="notice warn mygames-failed" role="alert">
        <p>{t("mygames.failed")} {problemText(mine.error)}</p>
        <button type="button" onClick={mine.reload}>{t("mygames.retry")}</button>
      </div>
    );
  }
  const games = mine.games;
  if (games.length === 0) {
    return (
      <p class="notice mygames-empty" role="status">
        {t("mygames.empty")} <a href={href("/")}>{t("mygames.empty.link")}</a>
      </p>
    );
  }
  const waiting = waitingCount(games);
  return (
    <>
      <p class="mygames-summary" role="status">
        {waiting > 0 ? plural("mygames.waiting", waiting) : t("mygames.waiting.none")}
      </p>
      <ul class="mygames-list">
        {games.map((game) => <Row key={game.code} game={game} nickname={nickname} now={now + mine.offset} />)}
      </ul>
    </>
  );
}

function Row({ game, nickname, now }: { game: MyGame; nickname: string; now: number }) {
  const entry = byEngine(game.game);
  const others = game.players.filter((name) => name !== nickname);
  const state = game.your_turn ? "yours" : game.status === "waiting" ? "start" : "theirs";
  const late = game.your_turn && urgent(game.deadline, now);
  return (
    <li class={`mygame mygame-${state}${late ? " mygame-urgent" : ""}`} data-code={game.code}>
      <a class="mygame-link" href={game.link}>
        <span class="mygame-head">
          <span class="mygame-name">{entry ? gameName(entry) : game.game}</span>
          {game.your_turn ? (
            <strong class="mygame-turn">{t("mygames.your.turn")}</strong>
          ) : (
            <span class="mygame-state">{t(state === "start" ? "mygames.state.start" : "mygames.state.theirs")}</span>
          )}
        </span>
        <span class="mygame-people">
          {others.length > 0 ? t("mygames.with", { names: others.join(", ") }) : t("mygames.alone")}
        </span>
        <span class="mygame-pace">
          {game.days_per_move === null ? t("mygames.live") : t("mygames.turns", { days: daysText(game.days_per_move) })}
        </span>
        {game.deadline !== null && (
          <span class="mygame-left">
            {t("mygames.left", { left: timeLeft(game.deadline, now) })}{" "}
            <time dateTime={dateTime(game.deadline).iso}>({t("mygames.until", dateTime(game.deadline))})</time>
          </span>
        )}
        <span class="mygame-open" aria-hidden="true">{t("mygames.open")} →</span>
      </a>
    </li>
  );
}
