import sharp from 'sharp'
import { escapeHtml } from '../src/lib/html'
import { EXODUS_MAZE } from './content/puzzle-data'
import { type BingoCard, FREE, maze, type WordSearch } from './puzzles'

/**
 * Original line-art colouring pages, drawn as SVG and rendered to PNG with sharp: thick
 * black outlines on white, closed shapes a child can colour, a title along the bottom.
 * Deterministic: the same subject and title always give the same bytes.
 */
export type ArtSubject =
  | 'ark'
  | 'armour'
  | 'cross'
  | 'day1'
  | 'day2'
  | 'day3'
  | 'day4'
  | 'day5'
  | 'day6'
  | 'day7'
  | 'flame'
  | 'maze'
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

function flowerAt(cx: number, cy: number, s: number): string {
  const petals = Array.from({ length: 6 }, (_, i) => {
    const a = (i * Math.PI) / 3
    const x = cx + s * 0.62 * Math.cos(a)
    const y = cy + s * 0.62 * Math.sin(a)
    return `<ellipse ${STROKE} cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${0.45 * s}" ry="${0.3 * s}" transform="rotate(${(i * 60).toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`
  }).join('')
  return petals + `<circle ${STROKE} cx="${cx}" cy="${cy}" r="${0.34 * s}"/>`
}

function flowerOnStem(x: number, ground: number, h: number, s: number): string {
  return (
    `<path ${LINE} d="M${x},${ground} L${x},${ground - h}"/>` +
    `<path ${STROKE} d="M${x},${ground - h * 0.35} q${s * 0.9},${-s * 0.5} ${s * 1.1},${-s * 0.1} q${-s * 0.6},${s * 0.5} ${-s * 1.1},${s * 0.1} Z"/>` +
    flowerAt(x, ground - h, s)
  )
}

function sunAt(cx: number, cy: number, r: number, rays = 12): string {
  return (
    Array.from({ length: rays }, (_, i) => {
      const a = (i * 2 * Math.PI) / rays
      const w = Math.PI / rays / 2.2
      return `<path ${STROKE} d="M${(cx + r * 1.12 * Math.cos(a - w)).toFixed(1)},${(cy + r * 1.12 * Math.sin(a - w)).toFixed(1)} L${(cx + r * 1.7 * Math.cos(a)).toFixed(1)},${(cy + r * 1.7 * Math.sin(a)).toFixed(1)} L${(cx + r * 1.12 * Math.cos(a + w)).toFixed(1)},${(cy + r * 1.12 * Math.sin(a + w)).toFixed(1)} Z"/>`
    }).join('') + `<circle ${STROKE} cx="${cx}" cy="${cy}" r="${r}"/>`
  )
}

const waves = (y: number, from = 80, to = 1200) => {
  let d = `M${from},${y}`
  for (let x = from; x + 120 <= to; x += 120) d += ` q60,-40 120,0`
  return `<path ${LINE} d="${d}"/>`
}

function fishAt(cx: number, cy: number, s: number, flip = false): string {
  const k = flip ? -1 : 1
  return (
    `<path ${STROKE} d="M${cx - k * s},${cy} Q${cx},${cy - 0.75 * s} ${cx + k * s},${cy} Q${cx},${cy + 0.75 * s} ${cx - k * s},${cy} Z"/>` +
    `<path ${STROKE} d="M${cx + k * 0.95 * s},${cy} L${cx + k * 1.5 * s},${cy - 0.45 * s} L${cx + k * 1.5 * s},${cy + 0.45 * s} Z"/>` +
    `<circle fill="black" cx="${cx - k * 0.55 * s}" cy="${cy - 0.1 * s}" r="${0.07 * s}"/>`
  )
}

function treeAt(cx: number, ground: number, s: number, fruit = true): string {
  return (
    `<path ${STROKE} d="M${cx - 0.14 * s},${ground} L${cx - 0.1 * s},${ground - 0.8 * s} L${cx + 0.1 * s},${ground - 0.8 * s} L${cx + 0.14 * s},${ground} Z"/>` +
    `<circle ${STROKE} cx="${cx}" cy="${ground - 1.15 * s}" r="${0.55 * s}"/>` +
    `<circle ${STROKE} cx="${cx - 0.45 * s}" cy="${ground - 0.9 * s}" r="${0.35 * s}"/>` +
    `<circle ${STROKE} cx="${cx + 0.45 * s}" cy="${ground - 0.9 * s}" r="${0.35 * s}"/>` +
    (fruit
      ? [
          [-0.2, -1.3],
          [0.25, -1.05],
          [-0.45, -0.85],
          [0.5, -0.8],
          [0.05, -1.55],
        ]
          .map(
            ([dx, dy]) => `<circle ${STROKE} cx="${cx + dx! * s}" cy="${ground + dy! * s}" r="${0.08 * s}"/>`,
          )
          .join('')
      : '')
  )
}

function personAt(cx: number, ground: number, s: number, dress: boolean): string {
  const head = `<circle ${STROKE} cx="${cx}" cy="${ground - 1.65 * s}" r="${0.2 * s}"/>`
  const body = dress
    ? `<path ${STROKE} d="M${cx - 0.18 * s},${ground - 1.4 * s} L${cx + 0.18 * s},${ground - 1.4 * s} L${cx + 0.4 * s},${ground - 0.55 * s} L${cx - 0.4 * s},${ground - 0.55 * s} Z"/>`
    : `<rect ${STROKE} x="${cx - 0.22 * s}" y="${ground - 1.4 * s}" width="${0.44 * s}" height="${0.8 * s}" rx="${0.08 * s}"/>`
  const legs = `<path ${LINE} d="M${cx - 0.12 * s},${ground - 0.58 * s} L${cx - 0.14 * s},${ground} M${cx + 0.12 * s},${ground - 0.58 * s} L${cx + 0.14 * s},${ground}"/>`
  const arms = `<path ${LINE} d="M${cx - 0.2 * s},${ground - 1.3 * s} L${cx - 0.5 * s},${ground - 0.9 * s} M${cx + 0.2 * s},${ground - 1.3 * s} L${cx + 0.5 * s},${ground - 0.9 * s}"/>`
  const face = `<circle fill="black" cx="${cx - 0.07 * s}" cy="${ground - 1.68 * s}" r="${0.025 * s}"/><circle fill="black" cx="${cx + 0.07 * s}" cy="${ground - 1.68 * s}" r="${0.025 * s}"/><path ${LINE} d="M${cx - 0.07 * s},${ground - 1.58 * s} q${0.07 * s},${0.05 * s} ${0.14 * s},0"/>`
  return legs + arms + body + head + face
}

const birdAt = (x: number, y: number, s: number) =>
  `<path ${LINE} d="M${x - s},${y} q${s / 2},${-s / 2} ${s},0 q${s / 2},${-s / 2} ${s},0"/>`

const hills = (y: number) =>
  `<path ${STROKE} d="M80,${y} Q300,${y - 160} 560,${y} Q820,${y - 200} 1195,${y - 20} L1195,${y + 60} L80,${y + 60} Z"/>`

function mazeArt(): string {
  const m = maze(EXODUS_MAZE.width, EXODUS_MAZE.height, EXODUS_MAZE.seed)
  const cell = 56
  const left = (PAGE.width - cell * m.width) / 2
  const top = 250
  const segments: string[] = []
  for (let r = 0; r < m.height; r++) {
    for (let c = 0; c < m.width; c++) {
      const o = m.open[r]![c]!
      const x = left + c * cell
      const y = top + r * cell
      if (!o.n) segments.push(`M${x},${y} L${x + cell},${y}`)
      if (!o.w) segments.push(`M${x},${y} L${x},${y + cell}`)
      if (r === m.height - 1 && !o.s) segments.push(`M${x},${y + cell} L${x + cell},${y + cell}`)
      if (c === m.width - 1 && !o.e) segments.push(`M${x + cell},${y} L${x + cell},${y + cell}`)
    }
  }
  const bottom = top + m.height * cell
  const exitX = left + (m.width - 0.5) * cell
  // Egypt's pyramid at the way in, the mountain of God at the way out, the sea between.
  const right = left + m.width * cell
  const pyramid = `<path ${STROKE} d="M${left - 150},${top - 20} L${left - 90},${top - 115} L${left - 30},${top - 20} Z"/><path ${LINE} d="M${left - 90},${top - 115} L${left - 78},${top - 20}"/>`
  const arrowIn = `<path ${LINE} d="M${left + cell / 2},${top - 80} L${left + cell / 2},${top - 14} M${left + cell / 2 - 14},${top - 32} L${left + cell / 2},${top - 14} L${left + cell / 2 + 14},${top - 32}"/>`
  const mountain = `<path ${STROKE} d="M${exitX - 250},${bottom + 110} L${exitX - 170},${bottom + 20} L${exitX - 130},${bottom + 55} L${exitX - 100},${bottom + 35} L${exitX - 40},${bottom + 110} Z"/>`
  const arrowOut = `<path ${LINE} d="M${exitX},${bottom + 14} L${exitX},${bottom + 80} M${exitX - 14},${bottom + 62} L${exitX},${bottom + 80} L${exitX + 14},${bottom + 62}"/>`
  const sea =
    [0, 1, 2].map((i) => waves(top + 330 + i * 40, 95, left - 20)).join('') +
    [0, 1, 2].map((i) => waves(top + 630 + i * 40, right + 20, 1190)).join('') +
    `<text x="${(95 + left - 20) / 2}" y="${top + 290}" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="24" fill="black">RED SEA</text>` +
    `<text x="${(right + 1190) / 2}" y="${top + 590}" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="24" fill="black">RED SEA</text>`
  const labels = `<text x="${left + cell + 10}" y="${top - 40}" font-family="sans-serif" font-weight="bold" font-size="40" fill="black">START: EGYPT</text><text x="${exitX - 270}" y="${bottom + 80}" text-anchor="end" font-family="sans-serif" font-weight="bold" font-size="40" fill="black">FINISH: MOUNT SINAI</text>`
  return (
    pyramid +
    arrowIn +
    mountain +
    arrowOut +
    sea +
    labels +
    `<path fill="none" stroke="black" stroke-width="7" stroke-linecap="square" d="${segments.join(' ')}"/>`
  )
}

function armourArt(): string {
  const label = (x: number, y: number, text: string) =>
    `<text x="${x}" y="${y}" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="30" fill="black">${text}</text>`
  // Helmet
  const helmet =
    `<path ${STROKE} d="M520,340 Q520,180 637,180 Q754,180 754,340 L720,340 L720,300 L554,300 L554,340 Z"/>` +
    `<path ${STROKE} d="M600,180 Q637,100 700,130 Q680,150 674,185 Z"/>` +
    `<rect ${STROKE} x="520" y="330" width="234" height="30" rx="10"/>` +
    label(637, 400, 'HELMET OF SALVATION')
  // Breastplate
  const breastplate =
    `<path ${STROKE} d="M520,450 Q637,420 754,450 L780,520 L754,720 Q637,760 520,720 L494,520 Z"/>` +
    `<path ${LINE} d="M637,470 L637,730 M540,560 Q637,600 734,560"/>` +
    label(637, 790, 'BREASTPLATE OF') +
    label(637, 822, 'RIGHTEOUSNESS')
  // Belt
  const belt =
    `<rect ${STROKE} x="470" y="845" width="334" height="50" rx="14"/><rect ${STROKE} x="605" y="838" width="64" height="64" rx="10"/>` +
    label(637, 935, 'BELT OF TRUTH')
  // Shoes
  const shoes =
    `<path ${STROKE} d="M480,1150 L480,1060 L560,1060 L560,1120 Q640,1130 640,1175 L480,1175 Z"/>` +
    `<path ${STROKE} d="M700,1150 L700,1060 L780,1060 L780,1120 Q860,1130 860,1175 L700,1175 Z"/>` +
    [1080, 1105].map((y) => `<path ${LINE} d="M480,${y} L560,${y} M700,${y} L780,${y}"/>`).join('') +
    label(670, 1225, 'SHOES OF THE GOSPEL OF PEACE')
  // Shield
  const shield =
    `<path ${STROKE} d="M150,470 Q260,420 370,470 L370,700 Q370,860 260,930 Q150,860 150,700 Z"/>` +
    `<path ${STROKE} d="M240,530 L280,530 L280,620 L330,620 L330,660 L280,660 L280,820 L240,820 L240,660 L190,660 L190,620 L240,620 Z"/>` +
    label(260, 990, 'SHIELD OF FAITH')
  // Sword
  const sword =
    `<path ${STROKE} d="M995,260 L1035,260 L1035,820 L1015,870 L995,820 Z"/>` +
    `<rect ${STROKE} x="940" y="880" width="150" height="36" rx="12"/>` +
    `<rect ${STROKE} x="995" y="916" width="40" height="110" rx="10"/>` +
    `<circle ${STROKE} cx="1015" cy="1050" r="26"/>` +
    label(1015, 1110, 'SWORD OF THE') +
    label(1015, 1145, 'SPIRIT')
  return helmet + breastplate + belt + shoes + shield + sword
}

function flameAt(cx: number, base: number, w: number, h: number): string {
  return (
    `<path ${STROKE} d="M${cx},${base} C${cx - w},${base} ${cx - w},${base - h * 0.45} ${cx - w * 0.4},${base - h * 0.7} C${cx - w * 0.45},${base - h * 0.45} ${cx - w * 0.1},${base - h * 0.5} ${cx},${base - h} C${cx + w * 0.3},${base - h * 0.6} ${cx + w * 0.7},${base - h * 0.6} ${cx + w * 0.55},${base - h * 0.35} C${cx + w},${base - h * 0.3} ${cx + w},${base} ${cx},${base} Z"/>` +
    `<path ${STROKE} d="M${cx},${base - 20} C${cx - w * 0.45},${base - 20} ${cx - w * 0.35},${base - h * 0.4} ${cx},${base - h * 0.55} C${cx + w * 0.35},${base - h * 0.4} ${cx + w * 0.45},${base - 20} ${cx},${base - 20} Z"/>`
  )
}

const SUBJECTS: Record<ArtSubject, () => string> = {
  maze: mazeArt,
  armour: armourArt,
  flame: () =>
    [
      [330, 300, 110, 330],
      [637, 280, 130, 430],
      [944, 300, 110, 330],
      [485, 290, 80, 250],
      [790, 290, 80, 250],
    ]
      .map(([x, , w, h]) => flameAt(x!, 900, w!, h!))
      .join('') +
    `<rect ${STROKE} x="150" y="900" width="975" height="140" rx="24"/>` +
    `<text x="637" y="990" text-anchor="middle" font-family="serif" font-weight="bold" font-size="60" fill="white" stroke="black" stroke-width="3">FILLED WITH THE SPIRIT</text>` +
    doveAt(637, 1180, 130, false),
  day1: () =>
    sunAt(637, 640, 190, 16) +
    [
      [200, 250],
      [1080, 260],
      [190, 930],
      [1085, 910],
    ]
      .map(([x, y]) => `<path ${STROKE} d="${starPath(x!, y!, 50, 20)}"/>`)
      .join('') +
    `<text x="637" y="1170" text-anchor="middle" font-family="serif" font-weight="bold" font-size="96" fill="white" stroke="black" stroke-width="4">Let there be light</text>`,
  day2: () =>
    cloud(360, 420, 200) +
    cloud(900, 360, 160) +
    cloud(640, 640, 130) +
    [900, 990, 1080, 1170, 1260].map((y) => waves(y, 90, 1180)).join(''),
  day3: () =>
    hills(1120) +
    treeAt(330, 1080, 300) +
    treeAt(960, 1060, 240) +
    flowerOnStem(560, 1160, 240, 55) +
    flowerOnStem(700, 1160, 320, 60) +
    flowerOnStem(830, 1170, 200, 50) +
    [150, 250, 1080].map((x) => `<path ${LINE} d="M${x},1170 l15,-45 l15,45 l15,-45 l15,45"/>`).join(''),
  day4: () =>
    sunAt(400, 520, 150) +
    `<path ${STROKE} d="M900,820 A190,190 0 1 0 900,1200 A240,240 0 0 1 900,820 Z"/>` +
    [
      [1000, 300, 60],
      [820, 500, 45],
      [1080, 620, 40],
      [250, 1000, 55],
      [470, 1180, 45],
      [620, 940, 35],
      [180, 260, 35],
    ]
      .map(([x, y, r]) => `<path ${STROKE} d="${starPath(x!, y!, r!, r! * 0.42)}"/>`)
      .join(''),
  day5: () =>
    doveAt(480, 420, 220, false) +
    birdAt(900, 300, 60) +
    birdAt(1040, 420, 45) +
    birdAt(820, 480, 40) +
    waves(720, 90, 1180) +
    fishAt(350, 920, 130) +
    fishAt(830, 850, 100, true) +
    fishAt(700, 1130, 110) +
    [
      [520, 800],
      [560, 740],
      [1000, 1000],
    ]
      .map(([x, y]) => `<circle ${STROKE} cx="${x}" cy="${y}" r="18"/>`)
      .join(''),
  day6: () =>
    lambAt(330, 980, 230) +
    personAt(720, 1160, 330, false) +
    personAt(940, 1160, 300, true) +
    treeAt(250, 700, 200, false) +
    birdAt(900, 330, 50) +
    `<path ${LINE} d="M100,1170 L1175,1170"/>`,
  day7: () =>
    hills(1010) +
    `<path ${STROKE} d="M440,900 A200,200 0 0 1 840,900 Z"/>` +
    Array.from({ length: 7 }, (_, i) => {
      const a = Math.PI + ((i + 1) * Math.PI) / 8
      return `<path ${LINE} d="M${(640 + 240 * Math.cos(a)).toFixed(1)},${(900 + 240 * Math.sin(a)).toFixed(1)} L${(640 + 320 * Math.cos(a)).toFixed(1)},${(900 + 320 * Math.sin(a)).toFixed(1)}"/>`
    }).join('') +
    treeAt(230, 1180, 220, false) +
    lambAt(760, 1140, 170) +
    `<path ${LINE} d="M100,1230 L1175,1230"/>`,
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

/** The inside edge of the page's inner frame, with breathing room for a title. */
export const TITLE_BOX = { left: 110, right: PAGE.width - 110 }

/** The title under the picture: as large as fits the frame, on up to two lines. */
export async function frameTitle(title: string): Promise<string> {
  const { size, lines } = await fitText(title, {
    family: 'serif',
    weight: 'bold',
    maxWidth: TITLE_BOX.right - TITLE_BOX.left,
    maxSize: 84,
    minSize: 52,
    maxLines: 2,
  })
  const lead = size * 1.1
  const base = 1440 - (lines.length - 1) * lead * 0.6
  return lines
    .map(
      (line, i) =>
        `<text x="${PAGE.width / 2}" y="${(base + i * lead).toFixed(1)}" text-anchor="middle" font-family="serif" font-weight="bold" font-size="${size}" fill="white" stroke="black" stroke-width="4">${escapeHtml(line)}</text>`,
    )
    .join('')
}

async function frame(inner: string, title: string): Promise<string> {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width}" height="${PAGE.height}" viewBox="0 0 ${PAGE.width} ${PAGE.height}">
<rect width="100%" height="100%" fill="white"/>
<rect x="50" y="50" width="${PAGE.width - 100}" height="${PAGE.height - 100}" rx="40" fill="none" stroke="black" stroke-width="8"/>
<rect x="75" y="75" width="${PAGE.width - 150}" height="${PAGE.height - 150}" rx="28" fill="none" stroke="black" stroke-width="3"/>
${inner}
${await frameTitle(title)}
<text x="${PAGE.width / 2}" y="1530" text-anchor="middle" font-family="sans-serif" font-size="26" fill="black">Lamplight Puzzle Co. · free to print and share</text>
</svg>`
}

export function colouringPageSvg(subject: ArtSubject, title: string): Promise<string> {
  return frame(SUBJECTS[subject](), title)
}

export async function versePageSvg(text: string, ref: string, title: string): Promise<string> {
  const { size, lines } = await fitText(text, {
    family: 'serif',
    weight: 'bold',
    maxWidth: 960,
    maxSize: 128,
    minSize: 72,
    maxLines: 5,
  })
  const lead = size * 1.17
  const top = 760 - ((lines.length - 1) * lead) / 2
  const words = lines
    .map(
      (l, i) =>
        `<text x="637" y="${(top + i * lead).toFixed(1)}" text-anchor="middle" font-family="serif" font-weight="bold" font-size="${size}" fill="white" stroke="black" stroke-width="5">${escapeHtml(l)}</text>`,
    )
    .join('')
  // Flowers, doves and stars round the verse, as the Bible Verses gallery promises.
  const corners =
    flowerAt(205, 230, 62) +
    flowerAt(1070, 1240, 62) +
    doveAt(1075, 250, 95, false) +
    doveAt(215, 1250, 95, true) +
    [
      [637, 160],
      [637, 1320],
    ]
      .map(([x, y]) => `<path ${STROKE} d="${starPath(x!, y!, 48, 20)}"/>`)
      .join('')
  const vines = `<path ${LINE} d="M290,215 Q450,150 580,165"/><path ${LINE} d="M694,165 Q830,150 960,210"/><path ${LINE} d="M330,1280 Q470,1335 580,1320"/><path ${LINE} d="M694,1320 Q830,1335 990,1255"/>`
  const reference = `<text x="637" y="${(top + lines.length * lead + 20).toFixed(1)}" text-anchor="middle" font-family="serif" font-style="italic" font-size="60" fill="black">${escapeHtml(ref)}</text>`
  return frame(corners + vines + words + reference, title)
}

export async function renderPng(svg: string): Promise<Uint8Array> {
  return new Uint8Array(await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer())
}

/** A page for a PDF: greyscale JPEG, which pdf-lib embeds without re-encoding. */
export async function renderJpeg(svg: string): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp(Buffer.from(svg))
      .flatten({ background: '#ffffff' })
      .grayscale()
      .jpeg({ quality: 90 })
      .toBuffer(),
  )
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
export const COVER = { width: 800, height: 1035, textLeft: 70, textRight: 730 }

export async function coverTitle(title: string, ink: string): Promise<string> {
  const { size, lines } = await fitText(title, {
    family: 'serif',
    weight: 'bold',
    maxWidth: COVER.textRight - COVER.textLeft,
    maxSize: 78,
    // As large as it can be: more lines while that makes the title bigger.
    minSize: 78,
    maxLines: 4,
  })
  const lead = size * 1.18
  const top = 600 - ((lines.length - 1) * lead) / 2
  return lines
    .map(
      (l, i) =>
        `<text x="400" y="${(top + i * lead).toFixed(1)}" text-anchor="middle" font-family="serif" font-weight="bold" font-size="${size}" fill="${ink}">${escapeHtml(l)}</text>`,
    )
    .join('')
}

/** What a puzzle's cover shows above its title: a corner of the real puzzle. */
export type CoverMotif =
  | { wordSearch: WordSearch }
  | { crossword: (string | null)[][] }
  | { bingo: BingoCard }

/** The motif's box: above the title at its tallest (four lines), centred. */
export const MOTIF_BOX = { top: 120, bottom: 385, left: 270, right: 530 }

function motifSvg(motif: CoverMotif, ink: string): string {
  const box = MOTIF_BOX
  const cx = (box.left + box.right) / 2
  if ('wordSearch' in motif) {
    // Six by six letters around a word that runs across, that word ringed.
    const { grid, placements } = motif.wordSearch
    const n = Math.min(6, grid.length)
    const across = placements.find((p) => p.dr === 0 && p.dc === 1 && p.word.length <= n) ?? null
    const r0 = across ? Math.max(0, Math.min(grid.length - n, across.row - 2)) : 0
    const c0 = across ? Math.max(0, Math.min(grid.length - n, across.col)) : 0
    const cell = Math.min((box.right - box.left) / n, (box.bottom - box.top) / n)
    const left = cx - (cell * n) / 2
    const top = box.top
    const letters: string[] = []
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        letters.push(
          `<text x="${(left + (c + 0.5) * cell).toFixed(1)}" y="${(top + (r + 0.5) * cell + cell * 0.2).toFixed(1)}" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="${(cell * 0.55).toFixed(1)}" fill="${ink}">${escapeHtml(grid[r0 + r]![c0 + c]!)}</text>`,
        )
      }
    }
    const ring = across
      ? `<rect x="${(left + (across.col - c0) * cell + 3).toFixed(1)}" y="${(top + (across.row - r0) * cell + 4).toFixed(1)}" width="${(across.word.length * cell - 6).toFixed(1)}" height="${(cell - 8).toFixed(1)}" rx="${((cell - 8) / 2).toFixed(1)}" fill="${ink}" fill-opacity="0.15" stroke="${ink}" stroke-width="4"/>`
      : ''
    return `<rect x="${left - 8}" y="${top - 8}" width="${cell * n + 16}" height="${cell * n + 16}" rx="14" fill="white" stroke="${ink}" stroke-width="4"/>${ring}${letters.join('')}`
  }
  if ('crossword' in motif) {
    // The whole layout, blank, as the puzzle page shows it.
    const grid = motif.crossword
    const rows = grid.length
    const cols = grid[0]?.length ?? 0
    const cell = Math.min((box.right - box.left + 60) / cols, (box.bottom - box.top) / rows)
    const left = cx - (cell * cols) / 2
    const top = box.top + (box.bottom - box.top - cell * rows) / 2
    const squares: string[] = []
    for (const [r, row] of grid.entries()) {
      for (const [c, letter] of row.entries()) {
        if (!letter) continue
        squares.push(
          `<rect x="${(left + c * cell).toFixed(1)}" y="${(top + r * cell).toFixed(1)}" width="${cell.toFixed(1)}" height="${cell.toFixed(1)}" fill="white" stroke="${ink}" stroke-width="2.5"/>`,
        )
      }
    }
    return squares.join('')
  }
  // Bingo: the first card, its letters on top and the free centre.
  const card = motif.bingo
  const cell = 44
  const left = cx - (cell * 5) / 2
  const top = box.top + 40
  const header = [...'BINGO']
    .map(
      (l, c) =>
        `<text x="${left + (c + 0.5) * cell}" y="${top - 10}" text-anchor="middle" font-family="serif" font-weight="bold" font-size="36" fill="${ink}">${l}</text>`,
    )
    .join('')
  const cells = card
    .flatMap((row, r) =>
      row.map((word, c) => {
        const x = left + c * cell
        const y = top + r * cell
        const square = `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="white" stroke="${ink}" stroke-width="2.5"/>`
        if (word === FREE)
          return `${square}<path d="${starPath(x + cell / 2, y + cell / 2, 17, 7, 5)}" fill="${ink}"/>`
        // A few counters already down, as in a game under way.
        return (r * 5 + c) % 7 === 3
          ? `${square}<circle cx="${x + cell / 2}" cy="${y + cell / 2}" r="13" fill="${ink}" opacity="0.55"/>`
          : square
      }),
    )
    .join('')
  return header + cells
}

export async function coverSvg(
  title: string,
  category: string,
  kind: string,
  motif?: CoverMotif | null,
): Promise<string> {
  const [ink, paper] = COVER_COLOURS[category] ?? ['#7a2430', '#fff8ec']
  const emblem = motif
    ? motifSvg(motif, ink)
    : `<path d="${starPath(400, 270, 120, 52, 8)}" fill="${ink}" opacity="0.9"/>
<circle cx="400" cy="270" r="40" fill="${paper}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1035" viewBox="0 0 800 1035">
<rect width="800" height="1035" fill="${paper}"/>
<rect x="30" y="30" width="740" height="975" rx="28" fill="none" stroke="${ink}" stroke-width="6"/>
${emblem}
${await coverTitle(title, ink)}
<text x="400" y="950" text-anchor="middle" font-family="sans-serif" font-size="34" letter-spacing="6" fill="${ink}">${escapeHtml(kind.toUpperCase())} · PDF</text>
</svg>`
}

// ---------------------------------------------------------------- measured text

const widths = new Map<string, number>()

export type InkBox = { left: number; right: number; top: number; bottom: number }

/**
 * Where the ink lies in each of `count` bands, `band` pixels tall, of an SVG drawn on white:
 * each band's edges (right and bottom exclusive; an empty band has right <= left). Ink is what
 * differs from white by more than sharp's trim threshold (10). One picture of many bands is
 * read in one render: a render has a fixed cost (loading the fonts) that dominates small ones.
 */
export async function inkBoxesOf(svg: string, band: number, count: number): Promise<InkBox[]> {
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const stride = info.width * info.channels
  return Array.from({ length: count }, (_, i) => {
    const box = { left: info.width, right: 0, top: band, bottom: 0 }
    for (let y = 0; y < band; y++) {
      const row = (i * band + y) * stride
      for (let x = 0; x < info.width; x++) {
        if (data[row + x * info.channels]! < 245) {
          box.left = Math.min(box.left, x)
          box.right = Math.max(box.right, x + 1)
          box.top = Math.min(box.top, y)
          box.bottom = Math.max(box.bottom, y + 1)
        }
      }
    }
    return box
  })
}

/**
 * The rendered widths of lines at 100 px, measured by drawing them (the fonts differ from one
 * machine to the next, so no guessing from letter counts). All the lines not yet known are
 * drawn in one picture, a row each (`inkBoxesOf`).
 */
export async function measureTexts(texts: string[], family: string, weight: string): Promise<number[]> {
  const key = (text: string) => `${family}|${weight}|${text}`
  const missing = [...new Set(texts.filter((t) => !widths.has(key(t))))]
  if (missing.length > 0) {
    const ROW = 160
    const width = Math.max(400, ...missing.map((t) => t.length * 90))
    const rows = missing
      .map(
        (t, i) =>
          `<text x="20" y="${i * ROW + 115}" font-family="${family}" font-weight="${weight}" font-size="100" fill="black">${escapeHtml(t)}</text>`,
      )
      .join('')
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${ROW * missing.length}"><rect width="100%" height="100%" fill="white"/>${rows}</svg>`
    const boxes = await inkBoxesOf(svg, ROW, missing.length)
    missing.forEach((t, i) => {
      const box = boxes[i]!
      widths.set(key(t), Math.max(0, box.right - box.left))
    })
  }
  return texts.map((t) => widths.get(key(t))!)
}

/** Every way to cut the words into `n` lines, in order. */
function splits(words: string[], n: number): string[][] {
  if (n === 1) return [[words.join(' ')]]
  const out: string[][] = []
  for (let i = 1; i <= words.length - n + 1; i++) {
    for (const rest of splits(words.slice(i), n - 1)) out.push([words.slice(0, i).join(' '), ...rest])
  }
  return out
}

/**
 * The largest size (up to maxSize) at which the text fits maxWidth on the fewest lines; a
 * stroke-and-rounding margin of 4% is kept. Below minSize it tries one more line.
 */
export async function fitText(
  text: string,
  opts: {
    family: string
    weight: string
    maxWidth: number
    maxSize: number
    minSize: number
    maxLines: number
  },
): Promise<{ size: number; lines: string[] }> {
  const words = text.split(/\s+/).filter(Boolean)
  let best: { size: number; lines: string[] } | null = null
  for (let n = 1; n <= Math.min(opts.maxLines, words.length); n++) {
    let bestOfN: { size: number; lines: string[] } | null = null
    const candidates = splits(words, n)
    // Every line of every split measured in one render; then each split is looked up.
    await measureTexts(candidates.flat(), opts.family, opts.weight)
    for (const lines of candidates) {
      const widest = Math.max(...(await measureTexts(lines, opts.family, opts.weight)))
      const size = Math.min(opts.maxSize, Math.floor((opts.maxWidth * 100 * 0.96) / widest))
      if (!bestOfN || size > bestOfN.size) bestOfN = { size, lines }
    }
    if (!best || bestOfN!.size > best.size) best = bestOfN
    if (best!.size >= opts.minSize) break
  }
  return best!
}
