// Nim's pages, one chunk (entry.ts names them by path).
export { NimPage } from "./NimPage";
export { NimOnlineCreate } from "./online";
