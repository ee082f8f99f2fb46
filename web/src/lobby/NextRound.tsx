// Between rounds (the room's table finished, its game plays again: lobby.can_go_again): the
// "Další kolo" button and what it waits for. With next_round "host" the host starts it alone;
// with "all" everyone still here agrees (and may take it back), and the list says who has:
// that is the rematch, "Odveta" (the same people, the same settings; decision 0155).
import { t, useLang } from "../i18n";
import type { LobbyConnection } from "./connection";
import { codeText } from "./format";
import type { Lobby } from "./types";

export function NextRound({ conn, lobby }: { conn: LobbyConnection; lobby: Lobby }) {
  useLang();
  const here = lobby.players.filter((player) => !player.gone);
  const me = here.find((player) => player.seat === lobby.you);
  if (!lobby.can_go_again || !me) return null;
  const failure = conn.failure;
  const names = (players: typeof here) => players.map((player) => player.nickname).join(", ");
  const agreed = here.filter((player) => player.agreed);
  const waiting = here.filter((player) => !player.agreed);
  const all = lobby.next_round === "all";
  const canAsk = all || me.host;
  const words = all ? "lobby.rematch" : "lobby.again";
  return (
    // Under the game's own screen (its end), in the page's width.
    <section class="page lobby-again-page" aria-labelledby="lobby-again-title">
      <div class="panel lobby-again" data-round={lobby.round}>
        <h2 id="lobby-again-title">{t(`${words}.title`)}</h2>
        <p class="hint">{t(all ? "lobby.rematch.all" : me.host ? "lobby.again.host.you" : "lobby.again.host")}</p>
        {all && (
          <p class="lobby-state" role="status" data-state="again">
            {agreed.length ? t("lobby.again.agreed", { names: names(agreed) }) : t("lobby.again.nobody")}{" "}
            {agreed.length > 0 && waiting.length > 0 && t("lobby.again.waiting", { names: names(waiting) })}
          </p>
        )}
        <p class="mp-error" role="alert">{failure ? codeText(failure.code, failure.message) : ""}</p>
        {canAsk && (
          <div class="lobby-actions">
            {me.agreed ? (
              <button type="button" class="lobby-again-withdraw" onClick={() => conn.again(false)}>{t(`${words}.withdraw`)}</button>
            ) : (
              <button type="button" class="primary lobby-again-go" onClick={() => conn.again()}>{t(words)}</button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
