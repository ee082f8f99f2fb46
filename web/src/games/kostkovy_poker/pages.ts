// The Kostkový poker pages, loaded as one chunk when one of them is first opened
// (registry.ts names them by path).
export { KpPage } from "./KpPage";
export { KpRulesPage } from "./RulesPage";
export { OnlineCreate } from "./OnlineCreate";
