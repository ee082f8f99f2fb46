// The small navigation shared by the Mathesso pages: play, online, rules; and the other games.
import { PageNav } from "../../components/PageNav";

const LINKS: Array<[string, string]> = [
  ["/mathesso", "ma.nav.play"],
  ["/mathesso/online", "ma.nav.online"],
  ["/mathesso/pravidla", "ma.nav.rules"],
];

export function MaNav({ current }: { current: string }) {
  return <PageNav game="ma" label="ma.nav" links={LINKS} current={current} />;
}
