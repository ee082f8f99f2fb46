// Mathesso's cards as vector graphics: the black-and-white side (a big number, or "!") and
// the coloured side of each group (grey multiplication with its digits in the ruler colours
// of its factors, a square's round background, black on yellow primes, black on orange
// Fibonacci numbers, rainbow factorials with a small "n!", a black zero with its number
// faint behind, yellow-blue CJV). <CardButton> turns over with a CSS 3D flip (none when the
// person asked for reduced motion: ma.css).
import type { JSX } from "preact";
import { useEffect, useId, useState } from "preact/hooks";
import { BACKGROUND, rulerColour } from "./colours";
import type { Face } from "./types";

const FONT = "ui-rounded, 'Nunito', 'Arial Rounded MT Bold', 'Trebuchet MS', system-ui, sans-serif";
/** Outlines that keep coloured digits readable on any background. */
const DARK_EDGE = "#1f2937";
const LIGHT_EDGE = "#ffffff";

/** The font size that fits `text` on a card 100 units wide. */
function sizeFor(text: string, big = 64): number {
  return text.length <= 1 ? big : text.length === 2 ? big * 0.86 : big * 0.64;
}

function Number_({ text, fill, edge, size, y = 52 }: { text: string; fill: string; edge?: string; size?: number; y?: number }) {
  const fontSize = size ?? sizeFor(text);
  return (
    <text
      x="50" y={y} text-anchor="middle" dominant-baseline="central" font-family={FONT} font-weight="800"
      font-size={fontSize} fill={fill} stroke={edge} stroke-width={edge ? fontSize / 16 : undefined}
      paint-order="stroke" stroke-linejoin="round"
    >
      {text}
    </text>
  );
}

/** The printed side: black on white, as every card lies on the table. */
export function BlackSide({ black }: { black: string }) {
  return (
    <svg class="ma-svg" viewBox="0 0 100 100" aria-hidden="true">
      <rect x="1" y="1" width="98" height="98" rx="12" fill="#fffdf7" stroke="#1f2937" stroke-width="2" />
      <rect x="7" y="7" width="86" height="86" rx="8" fill="none" stroke="#1f2937" stroke-width="0.8" opacity="0.35" />
      <Number_ text={black} fill="#111827" />
    </svg>
  );
}

/** A multiplication number: each digit in one factor's colour (the first digit the smaller
 *  factor's); a one-digit number is split down the middle between the two colours. */
function TwoColours({ text, colours }: { text: string; colours: number[] }) {
  const id = useId();
  const [a, b] = [rulerColour(colours[0] ?? 0), rulerColour(colours[1] ?? colours[0] ?? 0)];
  const size = sizeFor(text);
  const common = {
    x: "50", y: 52, "text-anchor": "middle", "dominant-baseline": "central", "font-family": FONT,
    "font-weight": "800", "font-size": size, stroke: DARK_EDGE, "stroke-width": size / 16,
    "paint-order": "stroke", "stroke-linejoin": "round",
  } as const;
  if (text.length === 1) {
    return (
      <>
        <defs>
          <linearGradient id={`ma-split-${id}`} x1="0" x2="1" y1="0" y2="0">
            <stop offset="0.5" stop-color={a} />
            <stop offset="0.5" stop-color={b} />
          </linearGradient>
        </defs>
        <text {...common} fill={`url(#ma-split-${id})`}>{text}</text>
      </>
    );
  }
  return (
    <text {...common}>
      <tspan fill={a}>{text[0]}</tspan>
      <tspan fill={b}>{text.slice(1)}</tspan>
    </text>
  );
}

function Rainbow() {
  const id = useId();
  const stripes = BACKGROUND.rainbow;
  return (
    <>
      <defs>
        <linearGradient id={`ma-rainbow-${id}`} x1="0" y1="0" x2="1" y2="1">
          {stripes.map((colour, i) => [
            <stop key={`a${i}`} offset={i / stripes.length} stop-color={colour} />,
            <stop key={`b${i}`} offset={(i + 1) / stripes.length} stop-color={colour} />,
          ])}
        </linearGradient>
      </defs>
      <rect x="0" y="0" width="100" height="100" rx="12" fill={`url(#ma-rainbow-${id})`} />
    </>
  );
}

/** The coloured side of a card. */
export function ColouredSide({ face }: { face: Face }) {
  const clip = `ma-clip-${useId()}`;
  const text = face.shows;
  let body: JSX.Element;
  switch (face.group) {
    case "multiplication":
      body = (
        <>
          <rect x="0" y="0" width="100" height="100" rx="12" fill={BACKGROUND.multiplication} />
          <TwoColours text={text} colours={face.colours} />
        </>
      );
      break;
    case "square": {
      const colour = rulerColour(face.colours[0] ?? 0);
      body = (
        <>
          <rect x="0" y="0" width="100" height="100" rx="12" fill={BACKGROUND.square} />
          <circle cx="50" cy="50" r="42" fill="#ffffff" stroke={colour} stroke-width="7" />
          <Number_ text={text} fill={colour} edge={DARK_EDGE} size={sizeFor(text, 56)} />
        </>
      );
      break;
    }
    case "prime":
      body = (
        <>
          <rect x="0" y="0" width="100" height="100" rx="12" fill={BACKGROUND.prime} />
          <Number_ text={text} fill="#111827" />
        </>
      );
      break;
    case "fibonacci":
      body = (
        <>
          <rect x="0" y="0" width="100" height="100" rx="12" fill={BACKGROUND.fibonacci} />
          <Number_ text={text} fill="#111827" />
        </>
      );
      break;
    case "factorial":
      body = (
        <>
          <Rainbow />
          <Number_ text={text} fill="#111827" edge={LIGHT_EDGE} size={sizeFor(text, 58)} y={46} />
          <rect x="62" y="74" width="30" height="18" rx="9" fill="#ffffff" opacity="0.9" />
          <text x="77" y="83.5" text-anchor="middle" dominant-baseline="central" font-family={FONT} font-weight="700" font-size="13" fill="#111827">
            {face.hint ?? ""}
          </text>
        </>
      );
      break;
    case "zero": {
      const behind = face.hint ?? "";
      body = (
        <>
          <rect x="0" y="0" width="100" height="100" rx="12" fill={BACKGROUND.zero} />
          <Number_ text={behind} fill={face.mark === 2 ? "#3f4f7a" : "#4b5563"} size={sizeFor(behind, 74)} />
          <Number_ text={text} fill="#ffffff" size={58} />
          {/* the two different 0/12 designs: one dot or two at the foot */}
          {face.mark > 0 && Array.from({ length: face.mark }, (_, i) => (
            <circle key={i} cx={50 + (i - (face.mark - 1) / 2) * 10} cy="88" r="3.2" fill="#e5e7eb" />
          ))}
        </>
      );
      break;
    }
    case "cjv":
      body = (
        <>
          <rect x="0" y="0" width="100" height="100" rx="12" fill={BACKGROUND.cjvBlue} />
          <path d="M0 0 H100 L0 100 Z" fill={BACKGROUND.cjvYellow} />
          <Number_ text={text} fill="#111827" edge={LIGHT_EDGE} />
        </>
      );
      break;
  }
  return (
    <svg class="ma-svg" viewBox="0 0 100 100" aria-hidden="true" data-group={face.group}>
      <clipPath id={clip}><rect x="0" y="0" width="100" height="100" rx="12" /></clipPath>
      <g clip-path={`url(#${clip})`}>{body}</g>
      <rect x="1" y="1" width="98" height="98" rx="12" fill="none" stroke="rgb(0 0 0 / 35%)" stroke-width="2" />
    </svg>
  );
}

/** The face last shown, kept for `ms` after it goes (the card turns back meanwhile). */
function useLingering(face: Face | null, ms: number): Face | null {
  const [kept, setKept] = useState(face);
  useEffect(() => {
    if (face) return setKept(face);
    const timer = setTimeout(() => setKept(null), ms);
    return () => clearTimeout(timer);
  }, [face]);
  return face ?? kept;
}

interface CardProps {
  black: string;
  /** The coloured side while the card lies turned over; null while it is face down. */
  face: Face | null;
  label: string;
  /** Whether the card may be turned now. */
  enabled: boolean;
  /** Lit up (the colour ruler's pick, the pair just found). */
  mark?: "pair" | "miss" | null;
  onTurn?: () => void;
  index: number;
}

/** A card on the table: a button (turning it over is the move). */
export function CardButton({ black, face, label, enabled, mark = null, onTurn, index }: CardProps) {
  const shown = useLingering(face, 700);
  const up = face !== null;
  return (
    <button
      type="button"
      class={`ma-card${up ? " up" : ""}${mark ? ` ${mark}` : ""}`}
      aria-disabled={enabled ? undefined : "true"}
      data-index={index}
      data-group={face?.group}
      onClick={() => enabled && onTurn?.()}
    >
      {/* the name in words (the pictures' numbers are aria-hidden: the label tells them) */}
      <span class="ma-sr">{label}</span>
      <span class="ma-card-inner" aria-hidden="true">
        <span class="ma-side ma-black"><BlackSide black={black} /></span>
        <span class="ma-side ma-face">{shown && <ColouredSide face={shown} />}</span>
      </span>
    </button>
  );
}

/** A card drawn flat (the rules page, the end screen's pairs). */
export function CardPicture({ black, face, small = false }: { black?: string; face?: Face; small?: boolean }) {
  return (
    <span class={`ma-picture${small ? " small" : ""}`}>
      {face ? <ColouredSide face={face} /> : <BlackSide black={black ?? ""} />}
    </span>
  );
}
