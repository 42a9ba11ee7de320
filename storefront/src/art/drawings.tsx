import type * as React from 'react'

/**
 * Our own drawings, the source of the SVG files beside this module (`<name>.svg`). Written
 * as React for the shared palette, the seal's generated rim and the repeated parts; they
 * are never rendered on a page: `npm run art -w @lamplight/storefront` writes each one as
 * a static file, which `components/illustrations.tsx` shows as a CSS background, so the
 * drawings cost the page no JavaScript and no hydration. `art.test.ts` fails when a file no
 * longer matches its drawing. Colours are written out (an SVG image sees no page CSS).
 */
const C = {
  burgundy: '#7a2430',
  burgundyDark: '#5a1820',
  burgundyLight: '#9b3a47',
  gold: '#c8a04a',
  goldLight: '#f1d48a',
  goldDeep: '#8a6414',
  parchment: '#f5ecd8',
  parchmentDark: '#e6d2a8',
  paper: '#fbf4e4',
  ink: '#2a2018',
  wood: '#8b5a2b',
  woodLight: '#b07a42',
  woodDark: '#5e3a1b',
  woodDeep: '#3b2414',
  brass: '#c99a3e',
  slate: '#4a5a6a',
} as const

function Art({ viewBox, children }: { viewBox: string; children: React.ReactNode }) {
  const [, , width, height] = viewBox.split(' ')
  // aria-hidden: decorative wherever a file is shown (the page hides its box too).
  return (
    <svg
      viewBox={viewBox}
      width={width}
      height={height}
      aria-hidden="true"
      xmlns="http://www.w3.org/2000/svg"
    >
      {children}
    </svg>
  )
}

/** A wax seal's wavy rim: a circle whose radius swells and dips `lobes` times. */
function sealPath(cx: number, cy: number, r: number, lobes = 14, depth = 0.08): string {
  const steps = lobes * 8
  const points: string[] = []
  for (let i = 0; i <= steps; i++) {
    const angle = (i / steps) * Math.PI * 2
    const radius = r * (1 + depth * Math.sin(angle * lobes) + depth * 0.4 * Math.sin(angle * 3 + 1))
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`)
  }
  return `M${points.join('L')}Z`
}

/** A wax seal pressed with a small oil lamp: our mark. */
function WaxSeal({ cx, cy, r }: { cx: number; cy: number; r: number }) {
  const s = r / 22
  return (
    <g>
      <path d={sealPath(cx + 1.5 * s, cy + 2 * s, r)} fill={C.burgundyDark} opacity="0.5" />
      <path d={sealPath(cx, cy, r)} fill={C.burgundy} />
      <circle cx={cx} cy={cy} r={r * 0.68} fill="none" stroke={C.burgundyDark} strokeWidth={2 * s} />
      <circle
        cx={cx - r * 0.25}
        cy={cy - r * 0.3}
        r={r * 0.5}
        fill={C.burgundyLight}
        opacity="0.35"
        style={{ mixBlendMode: 'screen' }}
      />
      <g transform={`translate(${cx} ${cy}) scale(${s})`} fill="none" stroke={C.goldLight} strokeWidth="1.8">
        <path d="M-9 2C-9 -1 -5 -2 0 -2C4 -2 6 -1 8 -1L11 -1.5C12 -1.6 12.5 -0.6 11.8 0C10 1.8 7.5 4 3.5 4.5C0.5 4.9 -4 4.8 -6.5 4C-8.2 3.5 -9 2.8 -9 2Z" />
        <path d="M-3 5L-3.6 8H3.6L3 5" />
        <path
          d="M11.5 -9C13 -7 13.6 -5.6 13.2 -4.3C12.9 -3.3 12.2 -2.8 11.5 -2.8C10.8 -2.8 10.1 -3.3 9.8 -4.3C9.4 -5.6 10 -7 11.5 -9Z"
          fill={C.goldLight}
          stroke="none"
        />
      </g>
    </g>
  )
}

function GlowDefs({
  id,
  color = C.goldLight,
  opacity = 0.55,
}: {
  id: string
  color?: string
  opacity?: number
}) {
  return (
    <radialGradient id={id}>
      <stop offset="0" stopColor={color} stopOpacity={opacity} />
      <stop offset="0.6" stopColor={color} stopOpacity={opacity * 0.35} />
      <stop offset="1" stopColor={color} stopOpacity="0" />
    </radialGradient>
  )
}

/** The hero: an open puzzle box with light rising out of it, a scroll inside and a lamp beside. */
function PuzzleBoxArt() {
  return (
    <Art viewBox="0 0 420 340">
      <defs>
        <GlowDefs id="box-glow" opacity={0.7} />
        <linearGradient id="box-ray" x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor={C.goldLight} stopOpacity="0.75" />
          <stop offset="1" stopColor={C.goldLight} stopOpacity="0" />
        </linearGradient>
        <linearGradient id="box-front" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={C.woodLight} />
          <stop offset="1" stopColor={C.wood} />
        </linearGradient>
      </defs>
      <circle cx="205" cy="140" r="160" fill="url(#box-glow)" />
      <ellipse cx="215" cy="300" rx="170" ry="16" fill={C.ink} opacity="0.12" />

      {/* The lid, hinged open at the back. */}
      <polygon points="118,132 326,132 346,34 138,34" fill={C.wood} />
      <polygon points="131,124 314,124 331,44 148,44" fill={C.woodLight} />
      <polygon points="118,132 326,132 330,126 122,126" fill={C.woodDark} />
      <g stroke={C.gold} strokeWidth="2" fill="none" opacity="0.9">
        <path d="M236 66V104M222 80H250" />
        <circle cx="236" cy="84" r="24" strokeDasharray="3 5" />
      </g>

      {/* Light rising from the opening. */}
      <g>
        <polygon points="150,150 88,0 150,0 190,150" fill="url(#box-ray)" opacity="0.55" />
        <polygon points="195,150 190,0 250,0 230,150" fill="url(#box-ray)" opacity="0.7" />
        <polygon points="238,150 292,0 352,0 278,150" fill="url(#box-ray)" opacity="0.5" />
      </g>

      {/* The opening, and what waits inside. */}
      <polygon points="78,162 118,132 326,132 288,162" fill={C.woodDeep} />
      <polygon points="92,160 124,136 318,136 286,160" fill={C.goldLight} opacity="0.55" />
      <g transform="rotate(-14 200 140)">
        <rect x="150" y="122" width="110" height="26" rx="13" fill={C.parchment} />
        <rect x="150" y="122" width="110" height="26" rx="13" fill="none" stroke={C.parchmentDark} />
        <ellipse cx="260" cy="135" rx="7" ry="13" fill={C.parchmentDark} />
        <rect x="196" y="120" width="10" height="30" fill={C.burgundy} />
      </g>

      {/* The body. */}
      <rect x="78" y="162" width="210" height="112" fill="url(#box-front)" />
      <polygon points="288,162 326,132 326,244 288,274" fill={C.woodDark} />
      <g stroke={C.woodDark} strokeWidth="1.5" opacity="0.45" fill="none">
        <path d="M82 190C130 186 170 196 284 188" />
        <path d="M82 222C140 216 190 230 284 220" />
        <path d="M82 252C120 248 200 258 284 250" />
      </g>
      <path d="M78 162H288L326 132" stroke={C.gold} strokeWidth="2.5" fill="none" />
      <g fill={C.brass}>
        <polygon points="78,162 96,162 78,178" />
        <polygon points="288,162 270,162 288,178" />
        <polygon points="78,274 96,274 78,258" />
        <polygon points="288,274 270,274 288,258" />
      </g>

      {/* Ribbon and seal. */}
      <path d="M172 228L160 270L172 262L178 274L186 236Z" fill={C.burgundyLight} />
      <path d="M196 228L208 270L196 262L190 274L182 236Z" fill={C.burgundy} />
      <WaxSeal cx={184} cy={218} r={24} />

      {/* A small oil lamp keeping watch. */}
      <g transform="translate(338 232)">
        <ellipse cx="20" cy="-34" rx="34" ry="40" fill="url(#box-glow)" />
        <path
          d="M-18 24C-18 14 -6 10 12 10C24 10 30 13 38 13L48 11C52 10.5 54 14 51 16.5C45 22 37 29 24 31C14 32.5 0 32 -8 30C-14 28.5 -18 26.5 -18 24Z"
          fill={C.burgundy}
        />
        <path d="M-6 31L-8 40H20L18 31" fill={C.burgundyDark} />
        <path d="M1 17V27M-3 21H5" stroke={C.goldLight} strokeWidth="2" strokeLinecap="round" />
        <path
          d="M48 -8C53 -1 55 3 54 7C53 10 51 11 48.5 11C46 11 44 10 43 7C42 3 44 -1 48 -8Z"
          fill={C.gold}
        />
        <path
          d="M48.5 0C50 2.5 50.5 4 50.2 5.5C50 6.6 49.3 7.2 48.5 7.2C47.7 7.2 47 6.6 46.8 5.5C46.5 4 47 2.5 48.5 0Z"
          fill={C.paper}
        />
      </g>
    </Art>
  )
}

/** An unrolled scroll with a torn corner and a seal: the Scroll of Antioch. */
function ScrollArt() {
  return (
    <Art viewBox="0 0 320 200">
      <defs>
        <GlowDefs id="scroll-glow" />
      </defs>
      <circle cx="160" cy="100" r="110" fill="url(#scroll-glow)" />
      <ellipse cx="160" cy="182" rx="120" ry="8" fill={C.ink} opacity="0.12" />
      <path d="M74 48H214L222 66L230 80L238 72L250 78V164H74Z" fill={C.parchmentDark} opacity="0.6" />
      <path
        d="M70 42H214L222 60L230 74L238 66L250 72V158H70Z"
        fill="#fffaf0"
        stroke={C.parchmentDark}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <g stroke={C.goldDeep} strokeWidth="3" strokeLinecap="round" opacity="0.45">
        <path d="M88 62H200" />
        <path d="M88 78H208" />
        <path d="M88 94H232" />
        <path d="M88 110H220" />
        <path d="M88 126H190" />
        <path d="M88 142H160" />
      </g>
      <g fill={C.burgundy} opacity="0.8">
        <circle cx="206" cy="110" r="3" />
        <circle cx="146" cy="78" r="3" />
        <circle cx="118" cy="126" r="3" />
      </g>
      {[52, 250].map((x) => (
        <g key={x}>
          <rect x={x} y="34" width="18" height="132" rx="9" fill={C.wood} />
          <rect x={x + 4} y="38" width="4" height="124" rx="2" fill={C.woodLight} opacity="0.7" />
          <rect x={x + 3} y="22" width="12" height="14" rx="4" fill={C.woodDark} />
          <rect x={x + 3} y="164" width="12" height="14" rx="4" fill={C.woodDark} />
        </g>
      ))}
      <path d="M150 158L142 186L152 180L158 190L162 162Z" fill={C.burgundyLight} />
      <path d="M170 158L178 186L168 180L162 190L158 162Z" fill={C.burgundy} />
      <WaxSeal cx={160} cy={156} r={17} />
    </Art>
  )
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** A brass cipher wheel beside a pilgrim's scallop shell: Pilgrim's Cipher. */
function CipherArt() {
  return (
    <Art viewBox="0 0 320 200">
      <defs>
        <GlowDefs id="cipher-glow" />
      </defs>
      <circle cx="150" cy="100" r="110" fill="url(#cipher-glow)" />
      <ellipse cx="160" cy="184" rx="120" ry="8" fill={C.ink} opacity="0.12" />
      <g transform="translate(140 98)">
        <circle r="80" fill={C.brass} />
        <circle r="74" fill={C.parchment} />
        <g fontFamily="Georgia, serif" fontSize="10" fill={C.ink} textAnchor="middle">
          {ALPHABET.split('').map((letter, i) => (
            <text key={letter} transform={`rotate(${(i * 360) / 26}) translate(0 -62)`}>
              {letter}
            </text>
          ))}
        </g>
        <circle r="52" fill={C.burgundy} />
        <g fontFamily="Georgia, serif" fontSize="9" fill={C.goldLight} textAnchor="middle">
          {ALPHABET.split('').map((letter, i) => (
            <text key={letter} transform={`rotate(${((i + 3) * 360) / 26 + 4}) translate(0 -41)`}>
              {letter}
            </text>
          ))}
        </g>
        <circle r="30" fill={C.burgundyDark} />
        <path d="M0 -24V24M-24 0H24" stroke={C.gold} strokeWidth="3" strokeLinecap="round" />
        <circle r="7" fill={C.brass} stroke={C.goldDeep} strokeWidth="2" />
        <path d="M0 -82V-50" stroke={C.goldDeep} strokeWidth="3" />
      </g>
      <g transform="translate(262 132) rotate(18)">
        <path d="M0 30L-34 -10C-26 -30 26 -30 34 -10Z" fill={C.paper} stroke={C.goldDeep} strokeWidth="2" />
        <g stroke={C.goldDeep} strokeWidth="1.6" fill="none">
          <path d="M0 30L-22 -20" />
          <path d="M0 30L-10 -24" />
          <path d="M0 30L0 -25" />
          <path d="M0 30L10 -24" />
          <path d="M0 30L22 -20" />
        </g>
        <path d="M-8 30H8L6 38H-6Z" fill={C.paper} stroke={C.goldDeep} strokeWidth="2" />
      </g>
    </Art>
  )
}

/** Sealed letters tied with twine: Letters to the Lost. */
function LettersArt() {
  const envelope = (x: number, y: number, angle: number, fill: string) => (
    <g transform={`translate(${x} ${y}) rotate(${angle})`}>
      <rect
        x="-78"
        y="-48"
        width="156"
        height="96"
        rx="4"
        fill={fill}
        stroke={C.parchmentDark}
        strokeWidth="1.5"
      />
      <path d="M-78 -48L0 10L78 -48" fill="none" stroke={C.parchmentDark} strokeWidth="2" />
      <path d="M-78 48L-18 0M78 48L18 0" fill="none" stroke={C.parchmentDark} strokeWidth="1.5" />
    </g>
  )
  return (
    <Art viewBox="0 0 320 200">
      <defs>
        <GlowDefs id="letters-glow" />
      </defs>
      <circle cx="160" cy="100" r="110" fill="url(#letters-glow)" />
      <ellipse cx="160" cy="182" rx="120" ry="8" fill={C.ink} opacity="0.12" />
      {envelope(176, 84, 9, C.parchmentDark)}
      {envelope(150, 96, -7, C.parchment)}
      {envelope(164, 112, 2, C.paper)}
      <g transform="translate(164 112) rotate(2)">
        <path d="M-78 8C-40 2 40 14 78 6" stroke={C.goldDeep} strokeWidth="2.5" fill="none" />
        <path d="M-6 -48C-2 -20 2 20 -4 48" stroke={C.goldDeep} strokeWidth="2.5" fill="none" />
        <g fontFamily="Georgia, serif" fontStyle="italic" fontSize="11" fill={C.goldDeep}>
          <text x="14" y="30">
            to the one
          </text>
          <text x="22" y="42">
            still on the road
          </text>
        </g>
      </g>
      <WaxSeal cx={162} cy={118} r={18} />
    </Art>
  )
}

/** A tray of small compartments holding a lamp, a coin, seeds, a pearl, a lost sheep and wheat: Parables Unboxed. */
function ParablesArt() {
  const cells = [
    [56, 36],
    [128, 36],
    [200, 36],
    [56, 104],
    [128, 104],
    [200, 104],
  ] as const
  return (
    <Art viewBox="0 0 320 200">
      <defs>
        <GlowDefs id="parables-glow" />
      </defs>
      <circle cx="160" cy="100" r="110" fill="url(#parables-glow)" />
      <ellipse cx="160" cy="186" rx="124" ry="8" fill={C.ink} opacity="0.12" />
      <rect x="44" y="24" width="232" height="156" rx="10" fill={C.wood} />
      <rect x="48" y="28" width="224" height="148" rx="8" fill={C.woodDark} />
      {cells.map(([x, y]) => (
        <rect key={`${x}-${y}`} x={x} y={y} width="64" height="60" rx="5" fill={C.parchment} />
      ))}
      {/* The lamp under no bushel. */}
      <g transform="translate(88 72)">
        <path
          d="M-18 6C-18 0 -8 -2 4 -2C10 -2 14 0 18 0L22 -1C24 -1 25 1 23.5 2C20 6 14 10 6 11C0 12 -8 12 -13 11C-16 10 -18 8 -18 6Z"
          fill={C.burgundy}
        />
        <path
          d="M21 -16C24 -11 25 -8 24 -6C23 -4 22 -3.5 21 -3.5C20 -3.5 19 -4 18.5 -6C18 -8 18.5 -11 21 -16Z"
          fill={C.gold}
        />
      </g>
      {/* The lost coin. */}
      <g transform="translate(160 66)">
        <circle r="17" fill={C.gold} />
        <circle r="12" fill="none" stroke={C.goldDeep} strokeWidth="2" />
        <path d="M0 -6V6M-4 -2H4" stroke={C.goldDeep} strokeWidth="2" />
      </g>
      {/* Mustard seeds. */}
      <g fill={C.goldDeep}>
        {[
          [222, 58],
          [232, 70],
          [216, 76],
          [240, 56],
          [244, 80],
          [228, 84],
          [250, 68],
        ].map(([x, y]) => (
          <ellipse key={`${x}-${y}`} cx={x} cy={y} rx="3.2" ry="2.4" />
        ))}
      </g>
      {/* The pearl of great price. */}
      <g transform="translate(88 134)">
        <circle r="14" fill="#fffaf0" stroke={C.parchmentDark} strokeWidth="2" />
        <circle cx="-4" cy="-5" r="4" fill="#ffffff" />
      </g>
      {/* The lost sheep. */}
      <g transform="translate(160 136)">
        <g fill="#fffaf0" stroke={C.parchmentDark} strokeWidth="1.5">
          <circle cx="-10" cy="-2" r="9" />
          <circle cx="2" cy="-6" r="10" />
          <circle cx="12" cy="0" r="8" />
          <circle cx="0" cy="4" r="9" />
        </g>
        <ellipse cx="-20" cy="0" rx="6" ry="5" fill={C.ink} />
        <path d="M-6 12V18M8 12V18" stroke={C.ink} strokeWidth="3" strokeLinecap="round" />
      </g>
      {/* Wheat among the tares. */}
      <g transform="translate(232 162)" stroke={C.goldDeep} strokeWidth="2" fill={C.gold}>
        <path d="M0 0V-46" fill="none" />
        {[-40, -32, -24, -16].map((y) => (
          <g key={y}>
            <ellipse cx="-5" cy={y} rx="4" ry="7" transform={`rotate(-25 -5 ${y})`} />
            <ellipse cx="5" cy={y} rx="4" ry="7" transform={`rotate(25 5 ${y})`} />
          </g>
        ))}
      </g>
    </Art>
  )
}

/** A fisherman's net, an ichthys and a carpenter's tools: The Disciple's Toolkit. */
function ToolkitArt() {
  return (
    <Art viewBox="0 0 320 200">
      <defs>
        <GlowDefs id="toolkit-glow" />
        <clipPath id="toolkit-net">
          <path d="M40 40C90 24 230 24 280 40L266 172C200 184 120 184 54 172Z" />
        </clipPath>
      </defs>
      <circle cx="160" cy="100" r="110" fill="url(#toolkit-glow)" />
      <ellipse cx="160" cy="186" rx="124" ry="8" fill={C.ink} opacity="0.12" />
      <path d="M40 40C90 24 230 24 280 40L266 172C200 184 120 184 54 172Z" fill={C.parchment} />
      <g clipPath="url(#toolkit-net)" stroke={C.goldDeep} strokeWidth="1.4" opacity="0.45">
        {Array.from({ length: 18 }, (_, i) => (
          <path key={`a${i}`} d={`M${i * 20 - 40} 0L${i * 20 + 160} 200`} />
        ))}
        {Array.from({ length: 18 }, (_, i) => (
          <path key={`b${i}`} d={`M${i * 20 + 40} 0L${i * 20 - 160} 200`} />
        ))}
      </g>
      <path
        d="M40 40C90 24 230 24 280 40"
        stroke={C.wood}
        strokeWidth="6"
        fill="none"
        strokeLinecap="round"
      />
      {/* The fish. */}
      <path
        d="M92 108C120 72 176 72 204 108C176 144 120 144 92 108ZM204 108L232 86M204 108L232 130"
        fill="none"
        stroke={C.burgundy}
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="176" cy="102" r="4" fill={C.burgundy} />
      {/* A mallet and nails. */}
      <g transform="translate(246 150) rotate(-30)">
        <rect x="-4" y="-4" width="8" height="46" rx="3" fill={C.woodLight} />
        <rect x="-16" y="-20" width="32" height="18" rx="3" fill={C.wood} />
      </g>
      <g stroke={C.slate} strokeWidth="3" strokeLinecap="round">
        <path d="M66 150L90 160" />
        <path d="M62 136L88 140" />
      </g>
      <g fill={C.slate}>
        <circle cx="64" cy="149" r="4" />
        <circle cx="60" cy="136" r="4" />
      </g>
    </Art>
  )
}

/** A lyre under the stars: Mysteries of the Psalms. */
function PsalmsArt() {
  const stars = [
    [40, 40, 3],
    [74, 22, 2],
    [250, 30, 3],
    [284, 58, 2],
    [270, 120, 2.5],
    [46, 110, 2],
    [96, 58, 1.8],
    [226, 70, 1.8],
  ] as const
  return (
    <Art viewBox="0 0 320 200">
      <defs>
        <GlowDefs id="psalms-glow" />
      </defs>
      <circle cx="160" cy="96" r="110" fill="url(#psalms-glow)" />
      <ellipse cx="160" cy="186" rx="110" ry="8" fill={C.ink} opacity="0.12" />
      <g fill={C.goldDeep}>
        {stars.map(([x, y, r]) => (
          <path
            key={`${x}-${y}`}
            d={`M${x} ${y - r * 3}L${x + r} ${y - r}L${x + r * 3} ${y}L${x + r} ${y + r}L${x} ${y + r * 3}L${x - r} ${y + r}L${x - r * 3} ${y}L${x - r} ${y - r}Z`}
          />
        ))}
      </g>
      <path d="M262 92A22 22 0 1 1 240 64A17 17 0 1 0 262 92Z" fill={C.gold} />
      {/* The lyre. */}
      <g transform="translate(160 100)">
        <path
          d="M-52 -58C-70 -40 -60 -6 -40 12C-30 22 -28 44 -30 60H30C28 44 30 22 40 12C60 -6 70 -40 52 -58"
          fill="none"
          stroke={C.wood}
          strokeWidth="12"
          strokeLinecap="round"
        />
        <path
          d="M-52 -58C-70 -40 -60 -6 -40 12C-30 22 -28 44 -30 60H30C28 44 30 22 40 12C60 -6 70 -40 52 -58"
          fill="none"
          stroke={C.woodLight}
          strokeWidth="4"
          strokeLinecap="round"
          opacity="0.7"
        />
        <rect x="-62" y="-66" width="124" height="12" rx="6" fill={C.woodDark} />
        <g stroke={C.goldDeep} strokeWidth="1.6">
          {[-20, -10, 0, 10, 20].map((x) => (
            <path key={x} d={`M${x} -54V56`} />
          ))}
        </g>
        <rect x="-36" y="50" width="72" height="14" rx="4" fill={C.burgundy} />
      </g>
    </Art>
  )
}

/** An oil lamp with a cross on its belly, burning: used where we speak of our foundation. */
function LampArt() {
  return (
    <Art viewBox="0 0 240 200">
      <defs>
        <GlowDefs id="lamp-glow" opacity={0.8} />
      </defs>
      <circle cx="168" cy="66" r="70" fill="url(#lamp-glow)" />
      <ellipse cx="110" cy="182" rx="84" ry="8" fill={C.ink} opacity="0.14" />
      <path
        d="M30 128C30 104 56 96 96 96C126 96 140 102 160 102L184 98C194 96.5 199 106 192 112C176 127 156 144 122 149C98 152.5 64 152 46 146C36 142.5 30 136 30 128Z"
        fill={C.burgundy}
      />
      <path
        d="M44 112C60 104 90 102 120 104"
        stroke={C.burgundyLight}
        strokeWidth="5"
        strokeLinecap="round"
        fill="none"
      />
      <path
        d="M40 108C22 104 18 82 36 78C46 76 54 82 55 92"
        stroke={C.burgundy}
        strokeWidth="8"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M64 150L58 176H132L126 150" fill={C.burgundyDark} />
      <path d="M94 110V140M82 122H106" stroke={C.goldLight} strokeWidth="5" strokeLinecap="round" />
      <path
        d="M182 40C194 56 199 66 196 76C194 83 189 87 183 87C177 87 172 83 170 76C167 66 172 56 182 40Z"
        fill={C.gold}
      />
      <path
        d="M183 60C187 66 188 70 187.3 73.5C186.8 76 185.2 77.5 183.2 77.5C181.2 77.5 179.6 76 179 73.5C178.3 70 179.5 66 183 60Z"
        fill={C.paper}
      />
    </Art>
  )
}

/** Every drawing by the name of its file (`src/art/<name>.svg`). */
export const DRAWINGS = {
  'puzzle-box': PuzzleBoxArt,
  scroll: ScrollArt,
  cipher: CipherArt,
  letters: LettersArt,
  parables: ParablesArt,
  toolkit: ToolkitArt,
  psalms: PsalmsArt,
  lamp: LampArt,
} as const satisfies Record<string, () => React.ReactElement>

export type ArtName = keyof typeof DRAWINGS
