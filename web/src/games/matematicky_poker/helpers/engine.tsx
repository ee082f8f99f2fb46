// The helper pages' view of the engine worker: start loading it on mount, follow its state,
// and show progress or a failure (with a retry) instead of the page's engine-backed parts.
import { useEffect, useState } from "preact/hooks";
import { engineStageText } from "../../../components/EngineStatus";
import { t } from "../../../i18n";
import { engineState, loadEngine, onEngineState, type EngineState } from "../../../worker/client";

export interface Engine {
  state: EngineState;
  ready: boolean;
  retry: () => void;
}

export function useEngine(): Engine {
  const [state, setState] = useState<EngineState>(engineState());
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    const off = onEngineState((next) => alive && setState(next));
    loadEngine().then(
      () => alive && setState({ phase: "ready", progress: 1 }),
      (error: unknown) =>
        alive && setState({ phase: "failed", progress: 0, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      alive = false;
      off();
    };
  }, [attempt]);
  return { state, ready: state.phase === "ready", retry: () => setAttempt((n) => n + 1) };
}

/** Loading bar while the engine loads, an error with a retry button when it failed. */
export function EngineGate({ engine, retryKey }: { engine: Engine; retryKey: string }) {
  const { state } = engine;
  if (state.phase === "ready") return null;
  if (state.phase === "failed") {
    return (
      <div class="notice warn engine-gate" role="alert">
        <p>{t("engine.failed")}</p>
        <button type="button" onClick={engine.retry}>{t(retryKey)}</button>
      </div>
    );
  }
  const percent = Math.round(state.progress * 100);
  return (
    <div class="engine-gate" role="status">
      <p>{engineStageText(state)}</p>
      {/* The header's EngineStatus is the labelled progress bar; this one is only a picture. */}
      <div class="progress" aria-hidden="true">
        <div style={{ width: `${Math.max(4, percent)}%` }} />
      </div>
    </div>
  );
}

/** Read a JSON value kept on this device; null when absent, unreadable or storage is off. */
export function loadStored<T>(key: string, valid: (value: unknown) => value is T): T | null {
  try {
    const text = localStorage.getItem(key);
    if (text === null) return null;
    const value: unknown = JSON.parse(text);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

export function saveStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage disabled: the state lasts as long as the page */
  }
}
