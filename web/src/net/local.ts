// A table run by the engine worker in this browser (offline play).
// CONTRACT ONLY for now: the engine-worker work implements it.
import type { TableConnection, TableRequest } from "./protocol";

export function openLocalTable(_request: TableRequest): Promise<TableConnection> {
  return Promise.reject(new Error("local tables not built yet"));
}
