// Open a table: on the server when it can be reached, else in the browser's engine worker.
import { reportServer } from "../worker/client";
import { openLocalTable, type SaveLocalTable } from "./local";
import type { TableConnection, TableRequest } from "./protocol";
import { RemoteTable, ServerUnreachable, createRemoteTable } from "./remote";

/** The table for `request`; `kind` says whether it is recorded on the server ("remote")
 *  or played in this browser only ("local", its snapshot kept by the game's `save`). Other
 *  API errors are thrown (ApiError). */
export async function openTable(request: TableRequest, save: SaveLocalTable): Promise<TableConnection> {
  try {
    const table = new RemoteTable(await createRemoteTable(request));
    reportServer(true);
    return table;
  } catch (error) {
    if (!(error instanceof ServerUnreachable)) throw error;
    reportServer(false); // the header shows the offline badge while we play locally
    return openLocalTable(request, save);
  }
}
