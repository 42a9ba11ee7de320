import { cn } from '@lamplight/ui'

/**
 * The header image of the colouring category: a rainbow over the ark, drawn as line art
 * to be coloured in, with a few crayons. Inline SVG, so it costs no request.
 */
export function ColouringBanner({ className }: { className?: string }) {
  const arcs = ['#c0392b', '#e67e22', '#f1c40f', '#27ae60', '#2980b9', '#8e44ad']
  return (
    <svg
      role="img"
      aria-label="A rainbow over Noah's ark, with crayons ready for colouring"
      viewBox="0 0 480 300"
      className={cn('h-auto w-full', className)}
    >
      <rect width="480" height="300" rx="24" fill="#fffdf8" />
      {/* Rainbow: the coloured bands on the left, still to be coloured on the right. */}
      <defs>
        <clipPath id="colouring-banner-left">
          <rect x="0" y="0" width="240" height="300" />
        </clipPath>
      </defs>
      <g fill="none" strokeWidth="12" clipPath="url(#colouring-banner-left)">
        {arcs.map((colour, i) => (
          <path
            key={colour}
            d={`M ${60 + i * 12} 230 A ${180 - i * 12} ${170 - i * 12} 0 0 1 ${420 - i * 12} 230`}
            stroke={colour}
          />
        ))}
      </g>
      {/* Line art over every band: the right half is still waiting for its colours. */}
      <g fill="none" stroke="#2a2018" strokeWidth="2">
        {arcs.map((colour, i) => (
          <path
            key={colour}
            d={`M ${54 + i * 12} 230 A ${186 - i * 12} ${176 - i * 12} 0 0 1 ${426 - i * 12} 230`}
          />
        ))}
        <path d="M 126 230 A 114 104 0 0 1 354 230" />
      </g>
      {/* Sun */}
      <g stroke="#2a2018" strokeWidth="2.5" strokeLinecap="round">
        <circle cx="408" cy="62" r="22" fill="#f4e6c2" />
        {Array.from({ length: 8 }, (_, i) => {
          const a = (i * Math.PI) / 4
          return (
            <line
              key={a}
              x1={408 + Math.cos(a) * 30}
              y1={62 + Math.sin(a) * 30}
              x2={408 + Math.cos(a) * 40}
              y2={62 + Math.sin(a) * 40}
            />
          )
        })}
      </g>
      {/* Dove with an olive branch */}
      <g fill="#fff" stroke="#2a2018" strokeWidth="2.5" strokeLinejoin="round" strokeLinecap="round">
        <path d="M 92 76 q 18 -14 36 -4 q 10 -18 30 -20 q -8 16 -20 26 q 6 10 -6 16 q -20 8 -40 -18 z" />
        <path d="M 92 76 l -12 -2 l 10 8" />
        <path d="M 84 78 q -10 6 -16 16" fill="none" stroke="#27ae60" />
        <ellipse cx="70" cy="92" rx="5" ry="3" fill="#a9d18e" stroke="#27ae60" />
      </g>
      {/* Water */}
      <path
        d="M 0 250 q 30 -12 60 0 t 60 0 t 60 0 t 60 0 t 60 0 t 60 0 t 60 0 t 60 0 V 300 H 0 z"
        fill="#d6e9f5"
        stroke="#2a2018"
        strokeWidth="2.5"
      />
      {/* The ark */}
      <g stroke="#2a2018" strokeWidth="2.5" strokeLinejoin="round">
        <path d="M 150 214 H 330 L 308 252 H 172 z" fill="#e9c48f" />
        <path d="M 180 214 V 180 H 300 V 214" fill="#fff" />
        <path d="M 170 182 L 240 150 L 310 182 z" fill="#c0392b" fillOpacity="0.85" />
        <rect x="200" y="190" width="18" height="14" fill="#fff" />
        <rect x="262" y="190" width="18" height="14" fill="#fff" />
        <line x1="160" y1="230" x2="320" y2="230" />
        {/* A giraffe looking out */}
        <path d="M 236 180 V 160 q 0 -8 8 -8 h 6 l 4 6 h -8 V 180" fill="#f1c40f" />
      </g>
      {/* Crayons */}
      {['#c0392b', '#2980b9', '#27ae60'].map((colour, i) => (
        <g key={colour} transform={`translate(${360 + i * 26} ${190 - i * 8}) rotate(${-28 + i * 8})`}>
          <rect x="0" y="0" width="14" height="64" rx="2" fill={colour} stroke="#2a2018" strokeWidth="2" />
          <path
            d="M 0 0 L 7 -16 L 14 0 z"
            fill={colour}
            stroke="#2a2018"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <rect x="0" y="14" width="14" height="8" fill="#fff" fillOpacity="0.6" />
        </g>
      ))}
    </svg>
  )
}
