// The Matematický poker pages, loaded as one chunk when one of them is first opened
// (registry.ts names them by path).
export { MpPage } from "./MpPage";
export { RulesPage } from "./rules/RulesPage";
export { NumberPicker } from "./helpers/NumberPicker";
export { ManualTable } from "./helpers/ManualTable";
export { LeaderboardPage } from "./leaderboard/LeaderboardPage";
export { DailyPage } from "./daily/DailyPage";
export { DuelPage, GroupPage } from "./lobby/CreatePage";
