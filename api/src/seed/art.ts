import sharp from 'sharp'
import { escapeHtml } from '../lib/html'

/**
 * Original line-art colouring pages, drawn as SVG and rendered to PNG with sharp: thick
 * black outlines on white, closed shapes a child can colour, a title along the bottom.
 * Deterministic: the same subject and title always give the same bytes.
 */
export type ArtSubject =
  | 'ark'
  | 'cross'
  | 'crown'
  | 'dove'
  | 'fish'
  | 'heart'
  | 'lamb'
  | 'lamp'
  | 'lion'
  | 'loaves'
  | 'pair'
  | 'rain'
  | 'rainbow'
  | 'star'
  | 'sun'
  | 'tree'

export const PAGE = { width: 1275, height: 1650 } // US letter at 150 dpi
export const THUMB_WIDTH = 400

const STROKE = 'fill="white" stroke="black" stroke-width="9" stroke-linejoin="round" stroke-linecap="round"'
const LINE = 'fill="none" stroke="black" stroke-width="9" stroke-linejoin="round" stroke-linecap="round"'

function starPath(cx: number, cy: number, outer: number, inner: number, points = 5): string {
  const coords: string[] = []
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner
    const a = (Math.PI / points) * i - Math.PI / 2
    coords.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`)
  }
  return `M${coords.join(' L')} Z`
}

const heartPath = (cx: number, cy: number, s: number) =>
  `M${cx},${cy + s * 0.9} C${cx - s * 1.6},${cy - s * 0.1} ${cx - s * 0.8},${cy - s * 1.2} ${cx},${cy - s * 0.45} C${cx + s * 0.8},${cy - s * 1.2} ${cx + s * 1.6},${cy - s * 0.1} ${cx},${cy + s * 0.9} Z`

const cloud = (x: number, y: number, s: number) =>
  `<path ${STROKE} d="M${x - 1.2 * s},${y + 0.4 * s} a${0.5 * s},${0.5 * s} 0 0 1 ${0.3 * s},${-0.8 * s} a${0.6 * s},${0.6 * s} 0 0 1 ${1.1 * s},${-0.3 * s} a${0.55 * s},${0.55 * s} 0 0 1 ${1.0 * s},${0.4 * s} a${0.45 * s},${0.45 * s} 0 0 1 ${0.1 * s},${0.7 * s} Z"/>`

function lambAt(cx: number, cy: number, s: number): string {
  const puffs = [
    [-0.55, -0.1],
    [-0.2, -0.35],
    [0.2, -0.35],
    [0.55, -0.1],
    [0.45, 0.25],
    [0, 0.3],
    [-0.45, 0.25],
  ]
  return [
    ...[-0.4, -0.15, 0.2, 0.45].map(
      (dx) =>
        `<rect ${STROKE} x="${cx + dx * s - 0.06 * s}" y="${cy + 0.25 * s}" width="${0.12 * s}" height="${0.45 * s}" rx="${0.05 * s}"/>`,
    ),
    ...puffs.map(
      ([dx, dy]) => `<circle ${STROKE} cx="${cx + dx! * s}" cy="${cy + dy! * s}" r="${0.3 * s}"/>`,
    ),
    `<ellipse ${STROKE} cx="${cx}" cy="${cy}" rx="${0.6 * s}" ry="${0.38 * s}"/>`,
    `<ellipse ${STROKE} cx="${cx + 0.78 * s}" cy="${cy - 0.25 * s}" rx="${0.24 * s}" ry="${0.3 * s}"/>`,
    `<ellipse ${STROKE} cx="${cx + 0.62 * s}" cy="${cy - 0.42 * s}" rx="${0.14 * s}" ry="${0.07 * s}" transform="rotate(-30 ${cx + 0.62 * s} ${cy - 0.42 * s})"/>`,
    `<circle fill="black" cx="${cx + 0.86 * s}" cy="${cy - 0.3 * s}" r="${0.035 * s}"/>`,
  ].join('')
}

function doveAt(cx: number, cy: number, s: number, branch: boolean): string {
  return [
    `<path ${STROKE} d="M${cx - 0.9 * s},${cy + 0.1 * s} Q${cx - 0.4 * s},${cy + 0.45 * s} ${cx + 0.35 * s},${cy + 0.2 * s} Q${cx + 0.7 * s},${cy + 0.05 * s} ${cx + 0.75 * s},${cy - 0.2 * s} Q${cx + 0.55 * s},${cy - 0.45 * s} ${cx + 0.35 * s},${cy - 0.25 * s} Q${cx - 0.2 * s},${cy} ${cx - 0.9 * s},${cy + 0.1 * s} Z"/>`,
    `<path ${STROKE} d="M${cx - 0.1 * s},${cy - 0.02 * s} Q${cx - 0.5 * s},${cy - 0.9 * s} ${cx + 0.1 * s},${cy - 1.0 * s} Q${cx + 0.05 * s},${cy - 0.6 * s} ${cx + 0.25 * s},${cy - 0.2 * s} Z"/>`,
    `<path ${STROKE} d="M${cx - 0.85 * s},${cy + 0.08 * s} L${cx - 1.25 * s},${cy - 0.1 * s} L${cx - 1.2 * s},${cy + 0.3 * s} Z"/>`,
    `<path ${STROKE} d="M${cx + 0.73 * s},${cy - 0.22 * s} L${cx + 0.92 * s},${cy - 0.18 * s} L${cx + 0.74 * s},${cy - 0.1 * s} Z"/>`,
    `<circle fill="black" cx="${cx + 0.55 * s}" cy="${cy - 0.25 * s}" r="${0.035 * s}"/>`,
    branch
      ? `<path ${LINE} d="M${cx + 0.9 * s},${cy - 0.15 * s} q${0.3 * s},${0.1 * s} ${0.5 * s},${0.35 * s}"/>` +
        [0.15, 0.3, 0.45]
          .map(
            (t) =>
              `<ellipse ${STROKE} cx="${cx + (0.95 + t) * s}" cy="${cy + (-0.05 + t * 0.5) * s}" rx="${0.09 * s}" ry="${0.04 * s}" transform="rotate(35 ${cx + (0.95 + t) * s} ${cy + (-0.05 + t * 0.5) * s})"/>`,
          )
          .join('')
      : '',
  ].join('')
}

const SUBJECTS: Record<ArtSubject, () => string> = {
  sun: () =>
    Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6
      return `<path ${STROKE} d="M${637 + 270 * Math.cos(a - 0.12)},${700 + 270 * Math.sin(a - 0.12)} L${637 + 420 * Math.cos(a)},${700 + 420 * Math.sin(a)} L${637 + 270 * Math.cos(a + 0.12)},${700 + 270 * Math.sin(a + 0.12)} Z"/>`
    }).join('') +
    `<circle ${STROKE} cx="637" cy="700" r="240"/><path ${LINE} d="M540,760 q97,80 194,0"/><circle fill="black" cx="560" cy="650" r="16"/><circle fill="black" cx="714" cy="650" r="16"/>`,
  lamb: () =>
    lambAt(600, 760, 420) +
    `<path ${LINE} d="M120,1080 L1155,1080"/>` +
    [200, 330, 960, 1080].map((x) => `<path ${LINE} d="M${x},1080 q15,-50 30,0"/>`).join(''),
  fish: () =>
    `<path ${STROKE} d="M250,700 Q560,380 880,700 Q560,1020 250,700 Z"/><path ${STROKE} d="M870,700 L1070,540 L1030,700 L1070,860 Z"/><circle ${STROKE} cx="400" cy="660" r="34"/><circle fill="black" cx="400" cy="660" r="12"/>` +
    [520, 620, 720].map((x) => `<path ${LINE} d="M${x},560 q-60,140 0,280"/>`).join('') +
    [0, 1, 2]
      .map((i) => `<circle ${STROKE} cx="${170 - i * 30}" cy="${560 - i * 90}" r="${22 + i * 6}"/>`)
      .join(''),
  crown: () =>
    `<path ${STROKE} d="M290,900 L240,480 L440,680 L637,400 L834,680 L1034,480 L985,900 Z"/><rect ${STROKE} x="280" y="900" width="715" height="120" rx="20"/>` +
    [400, 637, 874].map((x) => `<circle ${STROKE} cx="${x}" cy="960" r="36"/>`).join('') +
    [240, 637, 1034]
      .map((x, i) => `<circle ${STROKE} cx="${x}" cy="${i === 1 ? 380 : 460}" r="34"/>`)
      .join(''),
  lamp: () =>
    `<path ${STROKE} d="M300,820 Q300,980 560,990 L760,990 Q980,980 1040,800 Q900,860 760,840 L560,840 Q420,840 300,820 Z"/><path ${STROKE} d="M1030,810 Q1120,760 1150,840 Q1110,830 1040,860 Z"/><path ${STROKE} d="M560,990 L520,1080 L800,1080 L760,990 Z"/><path ${STROKE} d="M320,820 Q250,760 300,700 Q340,760 330,820 Z"/><path ${STROKE} d="M300,700 C230,600 300,480 330,420 C350,520 420,560 380,660 C360,700 320,710 300,700 Z"/><path ${LINE} d="M600,900 L720,900"/>`,
  tree: () =>
    `<path ${STROKE} d="M590,1250 L610,850 L560,780 L600,770 L637,820 L680,760 L715,775 L665,850 L685,1250 Z"/>` +
    [
      [637, 560, 230],
      [440, 680, 170],
      [830, 680, 170],
      [530, 430, 160],
      [750, 430, 160],
    ]
      .map(([x, y, r]) => `<circle ${STROKE} cx="${x}" cy="${y}" r="${r}"/>`)
      .join('') +
    [
      [480, 620],
      [800, 640],
      [637, 480],
      [700, 700],
      [560, 720],
    ]
      .map(([x, y]) => `<circle ${STROKE} cx="${x}" cy="${y}" r="34"/>`)
      .join('') +
    `<path ${LINE} d="M120,1250 L1155,1250"/>`,
  ark: () =>
    `<path ${STROKE} d="M180,820 L1095,820 L990,1060 L290,1060 Z"/><rect ${STROKE} x="400" y="600" width="475" height="220" rx="10"/><path ${STROKE} d="M370,610 L637,440 L905,610 Z"/>` +
    [470, 600, 730].map((x) => `<rect ${STROKE} x="${x}" y="660" width="80" height="80" rx="8"/>`).join('') +
    [300, 500, 700, 900].map((x) => `<circle ${STROKE} cx="${x}" cy="940" r="28"/>`).join('') +
    `<path ${LINE} d="M80,1130 q60,-40 120,0 t120,0 t120,0 t120,0 t120,0 t120,0 t120,0 t120,0 t120,0"/><path ${LINE} d="M80,1220 q60,-40 120,0 t120,0 t120,0 t120,0 t120,0 t120,0 t120,0 t120,0 t120,0"/>`,
  star: () =>
    `<path ${STROKE} d="${starPath(637, 700, 400, 170)}"/><path ${STROKE} d="${starPath(637, 700, 180, 80)}"/>` +
    [
      [230, 330],
      [1050, 360],
      [220, 1080],
      [1060, 1060],
    ]
      .map(([x, y]) => `<path ${STROKE} d="${starPath(x!, y!, 80, 34)}"/>`)
      .join(''),
  cross: () =>
    Array.from({ length: 10 }, (_, i) => {
      const a = Math.PI + (i * Math.PI) / 9
      return `<path ${LINE} d="M${637 + 330 * Math.cos(a)},${760 + 330 * Math.sin(a)} L${637 + 480 * Math.cos(a)},${760 + 480 * Math.sin(a)}"/>`
    }).join('') +
    `<path ${STROKE} d="M240,1000 Q637,700 1035,1000 Z"/><path ${STROKE} d="M577,300 L697,300 L697,520 L857,520 L857,630 L697,630 L697,1120 L577,1120 L577,630 L417,630 L417,520 L577,520 Z"/><path ${LINE} d="M120,1120 L1155,1120"/>`,
  heart: () =>
    `<path ${STROKE} d="${heartPath(637, 720, 420)}"/><path ${STROKE} d="M607,520 L667,520 L667,620 L747,620 L747,680 L667,680 L667,880 L607,880 L607,680 L527,680 L527,620 L607,620 Z"/>` +
    [
      [250, 330],
      [1030, 330],
      [240, 1150],
      [1040, 1150],
    ]
      .map(([x, y]) => `<path ${STROKE} d="${heartPath(x!, y!, 60)}"/>`)
      .join(''),
  lion: () =>
    Array.from({ length: 16 }, (_, i) => {
      const a = (i * Math.PI) / 8
      return `<ellipse ${STROKE} cx="${637 + 300 * Math.cos(a)}" cy="${700 + 300 * Math.sin(a)}" rx="120" ry="80" transform="rotate(${(a * 180) / Math.PI} ${637 + 300 * Math.cos(a)} ${700 + 300 * Math.sin(a)})"/>`
    }).join('') +
    `<circle ${STROKE} cx="637" cy="700" r="260"/><circle ${STROKE} cx="470" cy="500" r="60"/><circle ${STROKE} cx="804" cy="500" r="60"/><circle ${STROKE} cx="637" cy="700" r="240"/><circle fill="black" cx="550" cy="650" r="20"/><circle fill="black" cx="724" cy="650" r="20"/><path ${STROKE} d="M590,740 L684,740 L637,800 Z"/><path ${LINE} d="M637,800 L637,840 M580,860 q57,40 114,0"/>`,
  loaves: () =>
    `<path ${STROKE} d="M230,780 L1045,780 L960,1150 L315,1150 Z"/>` +
    [880, 960, 1040]
      .map((y) => `<path ${LINE} d="M${300 + (y - 780) * 0.2},${y} L${975 - (y - 780) * 0.2},${y}"/>`)
      .join('') +
    [
      [420, 720],
      [637, 680],
      [854, 720],
    ]
      .map(
        ([x, y]) =>
          `<ellipse ${STROKE} cx="${x}" cy="${y}" rx="150" ry="90"/><path ${LINE} d="M${x! - 70},${y! - 20} q30,-30 60,0 M${x! + 10},${y! - 20} q30,-30 60,0"/>`,
      )
      .join('') +
    `<path ${STROKE} d="M330,560 Q470,440 610,560 Q470,680 330,560 Z"/><path ${STROKE} d="M600,560 L680,500 L665,560 L680,620 Z"/><path ${STROKE} d="M665,520 Q805,400 945,520 Q805,640 665,520 Z"/><path ${STROKE} d="M935,520 L1015,460 L1000,520 L1015,580 Z"/>`,
  dove: () => doveAt(600, 720, 380, true) + cloud(300, 1150, 140) + cloud(950, 1180, 120),
  rainbow: () =>
    [400, 330, 260, 190]
      .map(
        (r) =>
          `<path ${STROKE} d="M${637 - r - 60},1000 A${r + 60},${r + 60} 0 0 1 ${637 + r + 60},1000 L${637 + r},1000 A${r},${r} 0 0 0 ${637 - r},1000 Z"/>`,
      )
      .join('') +
    cloud(300, 1010, 120) +
    cloud(1000, 1010, 120) +
    `<circle ${STROKE} cx="1050" cy="300" r="90"/>`,
  pair: () =>
    lambAt(400, 820, 280) +
    lambAt(880, 820, 280) +
    `<path ${STROKE} d="${heartPath(637, 420, 80)}"/><path ${LINE} d="M100,1080 L1175,1080"/>`,
  rain: () =>
    cloud(450, 480, 260) +
    cloud(860, 430, 220) +
    Array.from({ length: 18 }, (_, i) => {
      const x = 200 + (i % 6) * 170 + (Math.floor(i / 6) % 2) * 80
      const y = 700 + Math.floor(i / 6) * 170
      return `<path ${STROKE} d="M${x},${y} q-34,60 0,80 q34,-20 0,-80 Z"/>`
    }).join('') +
    `<path ${LINE} d="M80,1220 q60,-40 120,0 t120,0 t120,0 t120,0 t120,0 t120,0 t120,0 t120,0 t120,0"/>`,
}

function frame(inner: string, title: string): string {
  const safeTitle = escapeHtml(title)
  // Serif bold runs about 0.62 em a letter: keep the title inside the frame.
  const size = Math.min(84, Math.floor(1613 / Math.max(1, title.length)))
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width}" height="${PAGE.height}" viewBox="0 0 ${PAGE.width} ${PAGE.height}">
<rect width="100%" height="100%" fill="white"/>
<rect x="50" y="50" width="${PAGE.width - 100}" height="${PAGE.height - 100}" rx="40" fill="none" stroke="black" stroke-width="8"/>
<rect x="75" y="75" width="${PAGE.width - 150}" height="${PAGE.height - 150}" rx="28" fill="none" stroke="black" stroke-width="3"/>
${inner}
<text x="${PAGE.width / 2}" y="1440" text-anchor="middle" font-family="serif" font-weight="bold" font-size="${size}" fill="white" stroke="black" stroke-width="4">${safeTitle}</text>
<text x="${PAGE.width / 2}" y="1530" text-anchor="middle" font-family="sans-serif" font-size="26" fill="black">Lamplight Puzzle Co. · free to print and share</text>
</svg>`
}

export function colouringPageSvg(subject: ArtSubject, title: string): string {
  return frame(SUBJECTS[subject](), title)
}

/** Splits a verse into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}

export function versePageSvg(text: string, ref: string, title: string): string {
  const lines = wrap(text, 14)
  const top = 760 - ((lines.length - 1) * 150) / 2
  const words = lines
    .map(
      (l, i) =>
        `<text x="637" y="${top + i * 150}" text-anchor="middle" font-family="serif" font-weight="bold" font-size="128" fill="white" stroke="black" stroke-width="5">${escapeHtml(l)}</text>`,
    )
    .join('')
  const corners = [
    [200, 220],
    [1075, 220],
    [200, 1250],
    [1075, 1250],
  ]
    .map(([x, y], i) =>
      i % 2
        ? `<path ${STROKE} d="${heartPath(x!, y!, 55)}"/>`
        : `<path ${STROKE} d="${starPath(x!, y!, 70, 30)}"/>`,
    )
    .join('')
  const vines = `<path ${LINE} d="M270,220 Q637,120 1005,220"/><path ${LINE} d="M270,1250 Q637,1350 1005,1250"/>`
  const reference = `<text x="637" y="${top + lines.length * 150 + 40}" text-anchor="middle" font-family="serif" font-style="italic" font-size="60" fill="black">${escapeHtml(ref)}</text>`
  return frame(corners + vines + words + reference, title)
}

export async function renderPng(svg: string): Promise<Uint8Array> {
  return new Uint8Array(await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer())
}

/** A small preview of a rendered page. */
export async function thumbnailOf(png: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp(png).resize({ width: THUMB_WIDTH }).png({ compressionLevel: 9, palette: true }).toBuffer(),
  )
}

const COVER_COLOURS: Record<string, [string, string]> = {
  'teaching-resources': ['#7a2430', '#f4e6c2'],
  'engagement-reflection': ['#3f5a4a', '#efe5d0'],
  'games-puzzles': ['#2f4b6e', '#f4e6c2'],
  'seasonal-special': ['#8a6414', '#fff8ec'],
  'kids-activities-colouring': ['#7a2430', '#fff8ec'],
}

/** A coloured cover card for a printable that has no colouring page of its own. */
export function coverSvg(title: string, category: string, kind: string): string {
  const [ink, paper] = COVER_COLOURS[category] ?? ['#7a2430', '#fff8ec']
  const lines = wrap(title, 16).slice(0, 4)
  const text = lines
    .map(
      (l, i) =>
        `<text x="400" y="${560 + i * 92}" text-anchor="middle" font-family="serif" font-weight="bold" font-size="78" fill="${ink}">${escapeHtml(l)}</text>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1035" viewBox="0 0 800 1035">
<rect width="800" height="1035" fill="${paper}"/>
<rect x="30" y="30" width="740" height="975" rx="28" fill="none" stroke="${ink}" stroke-width="6"/>
<path d="${starPath(400, 270, 120, 52, 8)}" fill="${ink}" opacity="0.9"/>
<circle cx="400" cy="270" r="40" fill="${paper}"/>
${text}
<text x="400" y="950" text-anchor="middle" font-family="sans-serif" font-size="34" letter-spacing="6" fill="${ink}">${escapeHtml(kind.toUpperCase())} · PDF</text>
</svg>`
}
