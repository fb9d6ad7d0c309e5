// The demo identity images: ID cards and selfies of nobody, drawn as SVG and rendered to JPEG with
// sharp. Every one carries a large SAMPLE watermark and "Not a real document" / "Not a real
// person", so that no one mistakes them for real data. Deterministic: the same pool every run.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ImageKind } from './identityImages';

export interface SampleImage {
  kind: ImageKind;
  sha256: string;
  content_type: 'image/jpeg';
  bytes: Buffer;
  width: number;
  height: number;
}

/** How many of each kind the pool holds. */
export const SAMPLE_POOL_SIZE = 8;
/** ID fronts of these pool positions are stored sideways, as if photographed in portrait. */
export const SIDEWAYS_FRONTS: readonly number[] = [2, 5];

const NAMES: ReadonlyArray<readonly [string, string]> = [
  ['SAMPLE', 'ALEX'],
  ['EXAMPLE', 'JORDAN'],
  ['SPECIMEN', 'SAM'],
  ['DEMO', 'RILEY'],
  ['TEST', 'CASEY'],
  ['PLACEHOLDER', 'MORGAN'],
  ['FICTION', 'TAYLOR'],
  ['MOCK', 'JAMIE'],
];
const CARD_HUES = [205, 165, 265, 25, 340, 120, 45, 190];
const SKIN_TONES = [
  '#f1c7a5',
  '#e0ac69',
  '#c68642',
  '#8d5524',
  '#ffdbac',
  '#b37449',
  '#d9a273',
  '#5c3a21',
];
const HAIR_COLOURS = [
  '#2b1b10',
  '#6b4226',
  '#111111',
  '#c9a15b',
  '#8a3b12',
  '#444444',
  '#3d2314',
  '#d8c7a0',
];
const BACKDROPS = [
  '#dfe8f1',
  '#efe6da',
  '#e3efe3',
  '#ece3f1',
  '#f1e9d8',
  '#dde6e9',
  '#f0dede',
  '#e6e6e6',
];

const at = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;

const watermark = (width: number, height: number, size: number): string =>
  `<g transform="translate(${width / 2} ${height / 2}) rotate(-24)">
     <text x="0" y="${size * 0.35}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold"
           font-size="${size}" fill="#d32f2f" fill-opacity="0.38" stroke="#ffffff" stroke-opacity="0.5" stroke-width="2">SAMPLE</text>
   </g>`;

function silhouette(x: number, y: number, scale: number, fill: string): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <circle cx="50" cy="42" r="24" fill="${fill}"/>
    <path d="M8 120 C 10 84, 90 84, 92 120 Z" fill="${fill}"/>
  </g>`;
}

function idFrontSvg(index: number): string {
  const hue = at(CARD_HUES, index);
  const [surname, given] = at(NAMES, index);
  const photoY = 78 + (index % 3) * 4;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300" viewBox="0 0 480 300">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue}, 45%, 88%)"/><stop offset="1" stop-color="hsl(${hue}, 35%, 76%)"/>
  </linearGradient></defs>
  <rect width="480" height="300" fill="#5b6470"/>
  <rect x="6" y="6" width="468" height="288" rx="18" fill="url(#g)"/>
  <rect x="6" y="6" width="468" height="52" rx="18" fill="hsl(${hue}, 40%, 38%)"/>
  <rect x="6" y="40" width="468" height="18" fill="hsl(${hue}, 40%, 38%)"/>
  <text x="24" y="40" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" font-weight="bold" fill="#ffffff">SPECIMEN IDENTITY CARD</text>
  <text x="456" y="40" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-size="14" fill="#ffffff">NO. X${String(4_820_000 + index * 137).padStart(8, '0')}</text>
  <rect x="24" y="${photoY}" width="120" height="150" rx="6" fill="hsl(${hue}, 20%, 94%)" stroke="hsl(${hue}, 30%, 50%)"/>
  ${silhouette(34, photoY + 20, 1, `hsl(${hue}, 12%, 58%)`)}
  <g font-family="DejaVu Sans, Arial, sans-serif" fill="#1f2933">
    <text x="166" y="92" font-size="11" fill="#52606d">SURNAME</text>
    <text x="166" y="112" font-size="19" font-weight="bold">${surname}</text>
    <text x="166" y="136" font-size="11" fill="#52606d">GIVEN NAMES</text>
    <text x="166" y="156" font-size="19" font-weight="bold">${given}</text>
    <text x="166" y="180" font-size="11" fill="#52606d">DATE OF BIRTH</text>
    <text x="166" y="198" font-size="16">01 01 ${1970 + index * 3}</text>
    <text x="330" y="180" font-size="11" fill="#52606d">EXPIRES</text>
    <text x="330" y="198" font-size="16">31 12 ${2030 + index}</text>
    <text x="166" y="222" font-size="11" fill="#52606d">NATIONALITY</text>
    <text x="166" y="240" font-size="16">NOWHERE (XX)</text>
  </g>
  <text x="240" y="280" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="14" font-weight="bold" fill="#7b1f1f">Not a real document · demo data only</text>
  ${watermark(480, 300, 104)}
</svg>`;
}

function idBackSvg(index: number): string {
  const hue = at(CARD_HUES, index + 3);
  const bars = Array.from({ length: 46 }, (_, bar) => {
    const width = 1 + ((bar * 7 + index * 3) % 4);
    return `<rect x="${40 + bar * 8}" y="70" width="${width}" height="58" fill="#1f2933"/>`;
  }).join('');
  const mrz = [
    `IDXXX${String(index).padStart(2, '0')}SAMPLE<<NOT<A<REAL<DOC<<<<`,
    `${1970 + index * 3}0101<X<${2030 + index}1231<XXX<<<<<<<<<<<`,
    `${at(NAMES, index)[0]}<<${at(NAMES, index)[1]}<<<<<<<<<<<<<<<<<<`,
  ].map((line) => line.slice(0, 34).padEnd(34, '<'));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300" viewBox="0 0 480 300">
  <rect width="480" height="300" fill="#4a525c"/>
  <rect x="6" y="6" width="468" height="288" rx="18" fill="hsl(${hue}, 30%, 86%)"/>
  <text x="24" y="44" font-family="DejaVu Sans, Arial, sans-serif" font-size="15" fill="#323f4b">SPECIMEN · BACK OF CARD · ISSUED BY NOBODY</text>
  <rect x="32" y="62" width="384" height="74" fill="#ffffff"/>
  ${bars}
  <rect x="20" y="178" width="440" height="96" rx="6" fill="#ffffff" fill-opacity="0.85"/>
  <g font-family="DejaVu Sans Mono, monospace" font-size="18" fill="#1f2933">
    ${mrz.map((line, row) => `<text x="32" y="${208 + row * 26}">${line.replace(/</g, '&lt;')}</text>`).join('')}
  </g>
  <text x="240" y="164" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="14" font-weight="bold" fill="#7b1f1f">Not a real document · demo data only</text>
  ${watermark(480, 300, 104)}
</svg>`;
}

function selfieSvg(index: number): string {
  const skin = at(SKIN_TONES, index);
  const hair = at(HAIR_COLOURS, index);
  const tilt = ((index % 5) - 2) * 4;
  const shirtHue = at(CARD_HUES, index + 5);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="400" viewBox="0 0 320 400">
  <rect width="320" height="400" fill="${at(BACKDROPS, index)}"/>
  <path d="M30 400 C 40 300, 280 300, 290 400 Z" fill="hsl(${shirtHue}, 40%, 45%)"/>
  <rect x="138" y="250" width="44" height="50" fill="${skin}"/>
  <g transform="rotate(${tilt} 160 190)">
    <ellipse cx="160" cy="175" rx="${70 + (index % 3) * 4}" ry="88" fill="${hair}"/>
    <ellipse cx="160" cy="192" rx="60" ry="76" fill="${skin}"/>
    <path d="M100 160 C 110 100, 210 100, 220 160 C 200 130, 120 130, 100 160 Z" fill="${hair}"/>
    <circle cx="136" cy="186" r="6" fill="#2d2d2d"/>
    <circle cx="184" cy="186" r="6" fill="#2d2d2d"/>
    <path d="M156 196 Q 160 214 166 208" stroke="#7a4a33" stroke-width="3" fill="none"/>
    <path d="M136 232 Q 160 ${246 + (index % 3) * 3} 184 232" stroke="#8a3b3b" stroke-width="4" fill="none" stroke-linecap="round"/>
  </g>
  <rect x="0" y="352" width="320" height="48" fill="#ffffff" fill-opacity="0.8"/>
  <text x="160" y="382" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="17" font-weight="bold" fill="#7b1f1f">Not a real person · demo data</text>
  ${watermark(320, 400, 78)}
</svg>`;
}

async function render(kind: ImageKind, svg: string, sideways: boolean): Promise<SampleImage> {
  let pipeline = sharp(Buffer.from(svg));
  if (sideways) pipeline = pipeline.rotate(90);
  const { data, info } = await pipeline
    .jpeg({ quality: 82, mozjpeg: false })
    .toBuffer({ resolveWithObject: true });
  return {
    kind,
    sha256: createHash('sha256').update(data).digest('hex'),
    content_type: 'image/jpeg',
    bytes: data,
    width: info.width,
    height: info.height,
  };
}

/** The pool: SAMPLE_POOL_SIZE ID fronts (a few sideways), ID backs and selfies. */
export function renderSamplePool(): Promise<SampleImage[]> {
  const jobs: Array<Promise<SampleImage>> = [];
  for (let index = 0; index < SAMPLE_POOL_SIZE; index += 1) {
    jobs.push(render('id_front', idFrontSvg(index), SIDEWAYS_FRONTS.includes(index)));
    jobs.push(render('id_back', idBackSvg(index), false));
    jobs.push(render('selfie', selfieSvg(index), false));
  }
  return Promise.all(jobs);
}
