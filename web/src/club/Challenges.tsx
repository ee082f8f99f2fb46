// Challenges wherever the person is in the app: a friend's invitation into a room (accept:
// a seat there and its page; decline), and what friends answered to one's own. A region
// under the header, read out politely; nothing while there is nothing to say.
import { useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { byEngine, gameName } from "../registry";
import { problemText } from "../profile/format";
import { lobbyPath } from "../lobby/code";
import { saveSeat } from "../lobby/seats";
import { useProfiles } from "../profile/store";
import { acceptChallenge, declineChallenge, type Challenge } from "./api";
import { forgetAnswer, forgetChallenge, useClub } from "./presence";
import "./club.css";

function gameOf(challenge: Challenge): string {
  const game = byEngine(challenge.game);
  return game ? gameName(game) : challenge.game;
}

export function Challenges() {
  useLang();
  const { challenges, answers } = useClub();
  const { selected } = useProfiles();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!selected || (challenges.length === 0 && answers.length === 0)) return null;

  const accept = async (challenge: Challenge) => {
    setBusy(true);
    setError(null);
    try {
      const seat = await acceptChallenge(selected.key, challenge);
      saveSeat({ code: seat.code, key: seat.key, seat: seat.seat, profile: true, lastSeq: 0, at: Date.now() });
      forgetChallenge(challenge.id);
      location.hash = lobbyPath(seat.code, challenge.game);
    } catch (problem) {
      forgetChallenge(challenge.id);
      setError(problemText(problem));
    } finally {
      setBusy(false);
    }
  };
  const decline = async (challenge: Challenge) => {
    forgetChallenge(challenge.id);
    await declineChallenge(selected.key, challenge.id).catch(() => {});
  };

  return (
    <aside class="challenges under-header" aria-label={t("challenge.region")} aria-live="polite">
      {challenges.map((challenge) => (
        <div key={challenge.id} class="notice challenge" role="group" aria-label={t("challenge.from", { nickname: challenge.by.nickname })}>
          <p>{t("challenge.text", { nickname: challenge.by.nickname, game: gameOf(challenge) })}</p>
          <p class="actions">
            <button type="button" class="primary" disabled={busy} onClick={() => void accept(challenge)}>
              {t("challenge.accept")}
            </button>
            <button type="button" disabled={busy} onClick={() => void decline(challenge)}>{t("challenge.decline")}</button>
          </p>
        </div>
      ))}
      {answers.map((answer) => (
        <div key={answer.id} class="notice challenge">
          <p role="status">{t(answer.accepted ? "challenge.accepted" : "challenge.declined", { nickname: answer.by.nickname })}</p>
          <p class="actions">
            <button type="button" onClick={() => forgetAnswer(answer.id)}>{t("challenge.ok")}</button>
          </p>
        </div>
      ))}
      {error && <p class="field-error" role="alert">{error}</p>}
    </aside>
  );
}
