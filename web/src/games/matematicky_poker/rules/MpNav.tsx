// The small navigation shared by the Matematický poker pages: play, rules and the two helpers;
// and the other games.
import { PageNav } from "../../../components/PageNav";

const LINKS: Array<[string, string]> = [
  ["/matematicky-poker", "mp.rules.nav.play"],
  ["/matematicky-poker/pravidla", "mp.rules.nav.rules"],
  ["/matematicky-poker/vyber-cisel", "mp.rules.nav.picker"],
  ["/matematicky-poker/tabulka", "mp.rules.nav.manual"],
];

export function MpNav({ current }: { current: string }) {
  return <PageNav game="mp" label="mp.rules.nav" links={LINKS} current={current} />;
}
