// The small navigation shared by the Žolíky s kameny pages: play, online, rules; and the
// other games.
import { PageNav } from "../../components/PageNav";

const LINKS: Array<[string, string]> = [
  ["/zoliky-s-kameny", "zk.nav.play"],
  ["/zoliky-s-kameny/online", "zk.nav.online"],
  ["/zoliky-s-kameny/pravidla", "zk.nav.rules"],
];

export function ZkNav({ current }: { current: string }) {
  return <PageNav game="zk" label="zk.nav" links={LINKS} current={current} />;
}
