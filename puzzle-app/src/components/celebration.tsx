/**
 * A small celebration: a few lamp-light sparks rising once. Pure CSS, decorative only, and
 * still for anyone who asked for reduced motion (the sparks simply rest in place).
 */
const SPARKS = [
  { left: '12%', delay: '0ms', size: 10 },
  { left: '28%', delay: '180ms', size: 7 },
  { left: '46%', delay: '60ms', size: 12 },
  { left: '63%', delay: '240ms', size: 8 },
  { left: '80%', delay: '120ms', size: 10 },
  { left: '90%', delay: '300ms', size: 6 },
]

export function Celebration() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-full overflow-hidden">
      {SPARKS.map((spark) => (
        <span
          key={spark.left}
          className="puzzle-spark absolute bottom-4 rounded-full bg-gold"
          style={{ left: spark.left, width: spark.size, height: spark.size, animationDelay: spark.delay }}
        />
      ))}
    </div>
  )
}
