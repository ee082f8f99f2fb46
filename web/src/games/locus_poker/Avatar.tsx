// The seven computer opponents' faces, drawn in SVG, by their place in the engine's list
// (weakest first): each its own colours, hair and one thing of its own (a cap, pigtails,
// glasses, a bun, a beard, a grey perm, a professor's beard and bow tie). Fixed colours on a
// round ground of their own, so a face reads the same in the light and the dark theme.
import type { JSX } from "preact";

const SKIN = ["#f6c9a0", "#eab38a", "#d99a6c", "#f1c3a1", "#c98a5e", "#f3d2b8", "#e5b594"];
const GROUND = ["#bfe3ff", "#ffd0e2", "#c9ecc4", "#ffe7a3", "#ffd3b0", "#ddd2ff", "#b6e0dc"];
const INK = "#2b2118";

function Eyes({ y = 31, wide = 8 }: { y?: number; wide?: number }) {
  return (
    <>
      <circle cx={32 - wide} cy={y} r="2.4" fill={INK} />
      <circle cx={32 + wide} cy={y} r="2.4" fill={INK} />
    </>
  );
}

function Smile({ y = 40, w = 7, open = false }: { y?: number; w?: number; open?: boolean }) {
  return open ? (
    <path d={`M${32 - w} ${y} Q32 ${y + 9} ${32 + w} ${y} Z`} fill="#8c2b2b" stroke={INK} stroke-width="1.5" stroke-linejoin="round" />
  ) : (
    <path d={`M${32 - w} ${y} Q32 ${y + 6} ${32 + w} ${y}`} fill="none" stroke={INK} stroke-width="2" stroke-linecap="round" />
  );
}

function Head({ skin }: { skin: string }) {
  return (
    <>
      <ellipse cx="14.5" cy="34" rx="3.5" ry="5" fill={skin} />
      <ellipse cx="49.5" cy="34" rx="3.5" ry="5" fill={skin} />
      <ellipse cx="32" cy="34" rx="17" ry="19" fill={skin} />
    </>
  );
}

/** Each face's own drawing over the head (hair, hat, glasses...). */
const FACES: Array<(skin: string) => JSX.Element> = [
  // 0: a child in a cap, freckles, a big grin
  (skin) => (
    <>
      <Head skin={skin} />
      <path d="M14 26 Q32 6 50 26 Z" fill="#e53935" />
      <path d="M30 24 Q48 20 58 27 Q46 29 30 27 Z" fill="#b71c1c" />
      <circle cx="32" cy="13" r="2.5" fill="#ffeb3b" />
      <Eyes y={32} />
      {[[21, 37], [24, 39], [40, 39], [43, 37]].map(([x, y]) => <circle key={`${x}`} cx={x} cy={y} r="1" fill="#b5651d" />)}
      <Smile y={41} w={8} open />
    </>
  ),
  // 1: a girl with two pigtails and ribbons
  (skin) => (
    <>
      <circle cx="11" cy="36" r="7" fill="#6d3b1f" />
      <circle cx="53" cy="36" r="7" fill="#6d3b1f" />
      <circle cx="13" cy="28" r="3" fill="#ec407a" />
      <circle cx="51" cy="28" r="3" fill="#ec407a" />
      <Head skin={skin} />
      <path d="M15 30 Q16 12 32 12 Q48 12 49 30 Q40 20 32 22 Q24 20 15 30 Z" fill="#6d3b1f" />
      <Eyes />
      <ellipse cx="22" cy="38" rx="3" ry="2" fill="#f48fb1" opacity="0.7" />
      <ellipse cx="42" cy="38" rx="3" ry="2" fill="#f48fb1" opacity="0.7" />
      <Smile y={41} w={6} />
    </>
  ),
  // 2: a man with round glasses and a moustache
  (skin) => (
    <>
      <Head skin={skin} />
      <path d="M15 28 Q14 13 32 13 Q50 13 49 28 Q46 18 32 19 Q18 18 15 28 Z" fill="#212121" />
      <circle cx="24" cy="31" r="6" fill="#ffffff" fill-opacity="0.35" stroke={INK} stroke-width="2" />
      <circle cx="40" cy="31" r="6" fill="#ffffff" fill-opacity="0.35" stroke={INK} stroke-width="2" />
      <path d="M30 31 H34" stroke={INK} stroke-width="2" />
      <Eyes />
      <path d="M22 41 Q27 36 32 40 Q37 36 42 41 Q37 43 32 41.5 Q27 43 22 41 Z" fill="#3e2723" />
      <Smile y={45} w={4} />
    </>
  ),
  // 3: a woman with her hair in a bun and earrings
  (skin) => (
    <>
      <circle cx="32" cy="10" r="7" fill="#c62828" />
      <Head skin={skin} />
      <path d="M15 32 Q13 14 32 14 Q51 14 49 32 Q47 21 38 19 Q30 24 18 24 Q16 27 15 32 Z" fill="#c62828" />
      <circle cx="14" cy="41" r="2.2" fill="#fbc02d" />
      <circle cx="50" cy="41" r="2.2" fill="#fbc02d" />
      <Eyes />
      <path d="M21 27 L27 26 M37 26 L43 27" stroke={INK} stroke-width="1.6" stroke-linecap="round" />
      <Smile y={41} w={6} />
      <path d="M26 42 Q32 46 38 42" fill="none" stroke="#c2185b" stroke-width="1.5" stroke-linecap="round" />
    </>
  ),
  // 4: a bearded man in a woolly hat
  (skin) => (
    <>
      <Head skin={skin} />
      <path d="M15 38 Q16 55 32 55 Q48 55 49 38 Q46 46 32 46 Q18 46 15 38 Z" fill="#5d4037" />
      <path d="M14 24 Q16 8 32 8 Q48 8 50 24 Z" fill="#1e88e5" />
      <rect x="13" y="21" width="38" height="6" rx="3" fill="#1565c0" />
      <Eyes y={32} />
      <path d="M20 28 L28 29 M36 29 L44 28" stroke="#3e2723" stroke-width="2.4" stroke-linecap="round" />
      <path d="M26 41 Q32 44 38 41" fill="none" stroke={INK} stroke-width="2" stroke-linecap="round" />
    </>
  ),
  // 5: a grey-haired lady with glasses on a chain
  (skin) => (
    <>
      <circle cx="16" cy="26" r="7" fill="#cfd8dc" />
      <circle cx="48" cy="26" r="7" fill="#cfd8dc" />
      <Head skin={skin} />
      <path d="M14 28 Q12 10 32 11 Q52 10 50 28 Q44 17 32 18 Q20 17 14 28 Z" fill="#cfd8dc" />
      <circle cx="22" cy="16" r="5" fill="#cfd8dc" />
      <circle cx="32" cy="13" r="5" fill="#cfd8dc" />
      <circle cx="42" cy="16" r="5" fill="#cfd8dc" />
      <rect x="18" y="27" width="11" height="8" rx="3" fill="none" stroke="#6a1b9a" stroke-width="2" />
      <rect x="35" y="27" width="11" height="8" rx="3" fill="none" stroke="#6a1b9a" stroke-width="2" />
      <path d="M29 30 H35" stroke="#6a1b9a" stroke-width="2" />
      <path d="M18 31 Q14 44 20 50 M46 31 Q50 44 44 50" fill="none" stroke="#9c8bb0" stroke-width="1" />
      <Eyes />
      <Smile y={42} w={6} />
    </>
  ),
  // 6: the professor: bald, white beard, thick brows, a bow tie
  (skin) => (
    <>
      <path d="M22 56 L32 52 L22 48 Z M42 56 L32 52 L42 48 Z" fill="#c62828" />
      <Head skin={skin} />
      <path d="M15 30 Q14 22 19 20 Q18 28 20 33 Z M49 30 Q50 22 45 20 Q46 28 44 33 Z" fill="#eceff1" />
      <path d="M16 38 Q18 54 32 54 Q46 54 48 38 Q44 45 32 45 Q20 45 16 38 Z" fill="#eceff1" />
      <path d="M19 26 Q24 22 29 26 M35 26 Q40 22 45 26" fill="none" stroke="#eceff1" stroke-width="3.2" stroke-linecap="round" />
      <Eyes y={31} />
      <circle cx="40" cy="31" r="5" fill="none" stroke="#8d6e63" stroke-width="1.6" />
      <path d="M45 32 Q48 40 46 46" fill="none" stroke="#8d6e63" stroke-width="0.8" />
      <path d="M26 41 Q32 45 38 41" fill="none" stroke={INK} stroke-width="2" stroke-linecap="round" />
      <path d="M24 18 Q32 15 40 18" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="2" stroke-linecap="round" />
    </>
  ),
];

/** The face of the opponent at `level` (0 = the weakest), `size` px wide. */
export function Avatar({ level, size = 64, label }: { level: number; size?: number; label?: string }) {
  const index = ((level % FACES.length) + FACES.length) % FACES.length;
  return (
    <svg
      class="lp-avatar"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : "true"}
    >
      <circle cx="32" cy="32" r="31" fill={GROUND[index]} stroke="#00000022" stroke-width="1.5" />
      <clipPath id={`lp-face-${index}`}>
        <circle cx="32" cy="32" r="30" />
      </clipPath>
      <g clip-path={`url(#lp-face-${index})`}>{FACES[index](SKIN[index])}</g>
    </svg>
  );
}

/** How many faces there are (one for each opponent). */
export const FACE_COUNT = FACES.length;
