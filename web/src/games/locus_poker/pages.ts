// The Locus Poker pages, loaded as one chunk when one of them is first opened (registry.ts
// names them by path).
export { LpPage } from "./LpPage";
export { LpRulesPage } from "./RulesPage";
export { OnlineCreate as LpOnlineCreate } from "./OnlineCreate";
