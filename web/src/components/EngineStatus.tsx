// Shows that play is local (offline) and the engine's loading progress; filled in by the
// worker client (see ../worker/client.ts).
export function EngineStatus() {
  return null;
}
