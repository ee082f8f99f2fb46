// The Mathesso pages, loaded as one chunk when one of them is first opened (registry.ts
// names them by path).
export { MaRulesPage } from "./RulesPage";
