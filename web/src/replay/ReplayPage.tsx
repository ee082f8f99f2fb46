// #/zaznam/<token>: a shared replay, opened from its link with no key. The replay names its
// game by engine name; the game's registry entry gives its replay view and its texts.
import { useEffect, useState } from "preact/hooks";
import { t, useLang } from "../i18n";
import { byEngine, gameName } from "../registry";
import { href } from "../router";
import { sharedReplay } from "./api";
import { Replay } from "./Replay";
import { failureText, replayViewOf } from "./ReplayButton";
import type { ReplayData, ReplayView } from "./types";
import "./replay.css";

type Loaded = { data: ReplayData; view: ReplayView } | { failed: string } | null;

export function ReplayPage({ params }: { params: Record<string, string> }) {
  useLang();
  const [loaded, setLoaded] = useState<Loaded>(null);
  useEffect(() => {
    let live = true;
    setLoaded(null);
    sharedReplay(params.token)
      .then(async (data) => ({ data, view: await replayViewOf(byEngine(data.game)) }))
      .then(
        (found) => live && setLoaded(found),
        (error) => live && setLoaded({ failed: failureText(error) }),
      );
    return () => {
      live = false;
    };
  }, [params.token]);
  const entry = loaded && "data" in loaded ? byEngine(loaded.data.game) : undefined;
  return (
    <section class="page replay-page" aria-labelledby="replay-title">
      <h1 id="replay-title">{entry ? t("replay.page.title", { game: gameName(entry) }) : t("replay.title")}</h1>
      <p class="lead">{t("replay.page.lead")}</p>
      {loaded === null && <p role="status">{t("replay.loading")}</p>}
      {loaded && "failed" in loaded && <p class="notice warn" role="alert">{loaded.failed}</p>}
      {loaded && "data" in loaded && <Replay data={loaded.data} view={loaded.view} />}
      {entry?.play && <p><a class="button" href={href(entry.play)}>{gameName(entry)}</a></p>}
    </section>
  );
}
