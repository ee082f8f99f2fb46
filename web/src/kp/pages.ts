// The Kostkový poker pages, loaded as one chunk when one of them is first opened (routes.ts).
export { KpPage } from "./KpPage";
export { KpRulesPage } from "./RulesPage";
export { OnlineCreate } from "./OnlineCreate";
export { OnlinePage } from "./online";
