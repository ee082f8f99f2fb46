// In the header: the engine's loading progress with what it is loading (nothing once it is
// ready or before it is needed), a short error when it failed, and "Bez připojení" when the
// browser is offline or the server could not be reached (play is then local and not recorded).
import { useEffect, useState } from "preact/hooks";
import { getLang, t } from "../i18n";
import { engineState, isOffline, onEngineState, onOfflineChange, type EngineState } from "../worker/client";

function megabytes(bytes: number): string {
  return (bytes / 1_000_000).toLocaleString(getLang() === "cs" ? "cs-CZ" : "en-GB", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

/** "Načítám Python… 3,1 z 12,1 MB", "Spouštím Python…", "Načítám pravidla hry…". */
export function engineStageText(engine: EngineState): string {
  const stage = t(`engine.stage.${engine.stage ?? "python"}`);
  const bytes = engine.bytes;
  if (!bytes || engine.stage !== "python") return stage;
  return `${stage} ${t("engine.stage.bytes", { done: megabytes(bytes.loaded), total: megabytes(bytes.total) })}`;
}

/** The engine's state, followed. */
export function useEngineState(): EngineState {
  const [engine, setEngine] = useState(engineState());
  useEffect(() => onEngineState(setEngine), []);
  return engine;
}

/** A game's words while its table is being made in the browser ("Rozkládám karty…") and,
 *  while the engine still loads, what it loads ("Spouštím Python…") on a line of its own:
 *  every game's start status and connecting note (inside their role="status" element). */
export function EngineWait({ text }: { text: string }) {
  const engine = useEngineState();
  return (
    <>
      {text}
      {engine.phase === "loading" && (
        <span class="engine-wait" data-stage={engine.stage}>{engineStageText(engine)}</span>
      )}
    </>
  );
}

export function EngineStatus() {
  const [engine, setEngine] = useState(engineState());
  const [offline, setOffline] = useState(isOffline());
  useEffect(() => onEngineState(setEngine), []);
  useEffect(() => onOfflineChange(() => setOffline(isOffline())), []);
  const percent = Math.round(engine.progress * 100);
  return (
    <>
      {engine.phase === "loading" && (
        <>
          <div
            class={`progress engine-progress stage-${engine.stage ?? "python"}`}
            role="progressbar"
            aria-label={t("engine.loading")}
            aria-valuetext={`${engineStageText(engine)} ${percent} %`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            data-stage={engine.stage}
          >
            <div style={{ width: `${percent}%` }} />
          </div>
          <span class="engine-stage" aria-hidden="true">{engineStageText(engine)}</span>
        </>
      )}
      {engine.phase === "failed" && (
        <span class="engine-failed" role="status" title={engine.error}>
          {t("engine.failed")}
        </span>
      )}
      {offline && (
        <span class="chip offline-badge" title={t("offline.hint")}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="none"
            stroke="currentColor" stroke-width="1.6" stroke-linecap="round">
            <path d="M1.5 6.5a9 9 0 0 1 13 0M4 9a5.5 5.5 0 0 1 8 0M6.5 11.5a2 2 0 0 1 3 0M2 2l12 12" />
          </svg>
          <span class="offline-text">{t("offline.badge")}</span>
        </span>
      )}
    </>
  );
}
