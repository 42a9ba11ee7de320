/** The CPU slowdown of Lighthouse's mobile preset, for the reference machine it is tuned on. */
export const DEFAULT_CPU_SLOWDOWN = 4

/**
 * The CPU slowdown that makes this host behave like Lighthouse's mobile device, from its
 * `benchmarkIndex` (Lighthouse's throttling guide, "calibrating the CPU slowdown", and its
 * CPU throttling calculator): 150 → 1×, 800 → 2×, 1300 → 3×, then one more per 233. A
 * slower host gets less slowdown, so a slow machine neither invents a regression nor, on a
 * fast one, hides it. Null below 150: too slow to emulate the phone at all.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number | null {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return null
  if (benchmarkIndex < 800) return 1 + (benchmarkIndex - 150) / 650
  if (benchmarkIndex < 1300) return 2 + (benchmarkIndex - 800) / 500
  return 3 + (benchmarkIndex - 1300) / 233
}
