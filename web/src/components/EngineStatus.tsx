// In the header: the engine's loading progress (nothing once it is ready or before it is
// needed), a short error when it failed, and "Bez připojení" when the browser is offline or
// the server could not be reached (play is then local and not recorded).
import { useEffect, useState } from "preact/hooks";
import { t } from "../i18n";
import { engineState, isOffline, onEngineState, onOfflineChange } from "../worker/client";

export function EngineStatus() {
  const [engine, setEngine] = useState(engineState());
  const [offline, setOffline] = useState(isOffline());
  useEffect(() => onEngineState(setEngine), []);
  useEffect(() => onOfflineChange(() => setOffline(isOffline())), []);
  const percent = Math.round(engine.progress * 100);
  return (
    <>
      {engine.phase === "loading" && (
        <div
          class="progress engine-progress"
          role="progressbar"
          aria-label={t("engine.loading")}
          title={t("engine.loading")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          style={{ width: "72px" }}
        >
          <div style={{ width: `${percent}%` }} />
        </div>
      )}
      {engine.phase === "failed" && (
        <span class="engine-failed" role="status" title={engine.error} style={{ color: "var(--bad)", fontSize: "0.85rem" }}>
          {t("engine.failed")}
        </span>
      )}
      {offline && (
        <span
          class="chip offline-badge"
          title={t("offline.hint")}
          style={{ display: "inline-flex", alignItems: "center", border: "1px dashed var(--line)", color: "var(--muted)" }}
        >
          {t("offline.badge")}
        </span>
      )}
    </>
  );
}
