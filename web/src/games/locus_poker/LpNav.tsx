// The small navigation shared by the Locus Poker pages: play, online, rules; and the other
// games.
import { PageNav } from "../../components/PageNav";

const LINKS: Array<[string, string]> = [
  ["/locus-poker", "lp.nav.play"],
  ["/locus-poker/online", "lp.nav.online"],
  ["/locus-poker/pravidla", "lp.nav.rules"],
];

export function LpNav({ current }: { current: string }) {
  return <PageNav game="lp" label="lp.nav" links={LINKS} current={current} />;
}
