// The Mathesso pages, loaded as one chunk when one of them is first opened (registry.ts
// names them by path).
export { MaPage } from "./MaPage";
export { MaRulesPage } from "./RulesPage";
export { OnlineCreate as MaOnlineCreate } from "./OnlineCreate";
