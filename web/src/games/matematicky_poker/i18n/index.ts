// Matematický poker's catalogue: its game pages, helpers, rules page, daily challenge, duel
// and group, replays and the coach. Loaded with its pages (registry.ts), never on the home page.
import { mergeAreas } from "../../../i18n";
import { coach } from "./coach";
import { computer } from "./computer";
import { daily } from "./daily";
import { helpers } from "./helpers";
import { lobby } from "./lobby";
import { mp } from "./mp";
import { rules } from "./rules";

export const catalogue = mergeAreas(mp, helpers, rules, daily, lobby, computer, coach);
