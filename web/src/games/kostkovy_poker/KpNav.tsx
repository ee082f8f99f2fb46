// The small navigation shared by the Kostkový poker pages: play, the online table, rules;
// and the other games.
import { PageNav } from "../../components/PageNav";

const LINKS: Array<[string, string]> = [
  ["/kostkovy-poker", "kp.nav.play"],
  ["/kostkovy-poker/stul", "kp.nav.online"],
  ["/kostkovy-poker/pravidla", "kp.nav.rules"],
];

export function KpNav({ current }: { current: string }) {
  return <PageNav game="kp" label="kp.nav" links={LINKS} current={current} />;
}
