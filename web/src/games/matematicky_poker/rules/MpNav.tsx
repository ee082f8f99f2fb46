// The small navigation shared by the Matematický poker pages: play, rules, the two helpers
// and the rating board (the same page for every game: routes.ts); and the other games.
import { PageNav } from "../../../components/PageNav";

const LINKS: Array<[string, string]> = [
  ["/matematicky-poker", "mp.rules.nav.play"],
  ["/matematicky-poker/pravidla", "mp.rules.nav.rules"],
  ["/matematicky-poker/vyber-cisel", "mp.rules.nav.picker"],
  ["/matematicky-poker/tabulka", "mp.rules.nav.manual"],
  ["/matematicky-poker/hodnoceni", "rating.board.nav"],
];

export function MpNav({ current }: { current: string }) {
  return <PageNav game="mp" label="mp.rules.nav" links={LINKS} current={current} />;
}
