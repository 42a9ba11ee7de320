import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  formatMoneyShort,
  SATISFACTION_WINDOW_DAYS,
  STANDARD_DELIVERY,
} from '@lamplight/contracts'
import { describe, expect, it } from 'vitest'

// Copy states business values through the constants of @lamplight/contracts, so changing the
// free-shipping threshold or the delivery time changes every page at once.
const TYPED_BY_HAND = [
  formatMoneyShort(FREE_SHIPPING_THRESHOLD_CENTS),
  STANDARD_DELIVERY,
  `${SATISFACTION_WINDOW_DAYS} days`,
  `${SATISFACTION_WINDOW_DAYS}-day`,
]

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : []
  })
}

describe('business values in copy', () => {
  it('are never typed by hand in a page', () => {
    const offenders = sourceFiles(path.join(import.meta.dirname)).flatMap((file) => {
      const text = readFileSync(file, 'utf8')
      return TYPED_BY_HAND.filter((value) => text.includes(value)).map((value) => `${file}: ${value}`)
    })
    expect(offenders).toEqual([])
  })
})
