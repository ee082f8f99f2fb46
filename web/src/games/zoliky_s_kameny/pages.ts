// The Žolíky s kameny pages, loaded as one chunk when one of them is first opened
// (registry.ts names them by path).
export { ZkPage } from "./ZkPage";
export { ZkRulesPage } from "./RulesPage";
export { OnlineCreate as ZkOnlineCreate } from "./OnlineCreate";
