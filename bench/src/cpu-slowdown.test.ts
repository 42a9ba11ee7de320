import { describe, expect, it } from 'vitest'
import { cpuSlowdownFor } from './cpu-slowdown'

describe('cpuSlowdownFor', () => {
  it.each([
    [150, 1],
    [475, 1.5],
    [800, 2],
    [1050, 2.5],
    [1300, 3],
    [1393.2, 3.4],
    [1533, 4],
    [2000, 6.004],
  ])('a host of benchmarkIndex %s is slowed %s×', (index, slowdown) => {
    expect(cpuSlowdownFor(index)).toBeCloseTo(slowdown, 2)
  })

  it('gives none for a host too slow to emulate the phone, or no index', () => {
    expect(cpuSlowdownFor(149)).toBeNull()
    expect(cpuSlowdownFor(Number.NaN)).toBeNull()
  })
})
