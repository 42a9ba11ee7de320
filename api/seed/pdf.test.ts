import { describe, expect, it } from 'vitest'
import { RESOURCES } from './content/library'
import { capsule, makePdf } from './pdf'

const printable = (slug: string) => {
  const r = RESOURCES.find((x) => x.slug === slug)
  if (!r?.pdf) throw new Error(`no PDF for ${slug}`)
  return makePdf({
    title: r.title,
    description: r.description,
    scriptureRef: r.scriptureRef,
    plan: r.pdf,
    images: {},
  })
}

describe('puzzle printables', () => {
  // Page counts pin the layout: nothing spills a few lines onto a page of its own.
  it.each([
    ['books-of-the-bible-word-search', 3], // cover; grid, word list and verse; answer key
    ['disciples-crossword', 3], // cover; grid and clues; answer key
    ['bible-bingo-family-game', 5], // cover; how to play and the whole caller's list; six cards two a page
  ])('%s has %i pages', async (slug, pages) => {
    expect((await printable(slug)).pages).toBe(pages)
  })
})

describe('the answer key ring', () => {
  const points = (path: string) =>
    [...path.matchAll(/(-?\d+\.\d+) (-?\d+\.\d+)/g)].map((m) => ({ x: Number(m[1]), y: -Number(m[2]) }))

  it('rings a word: its sides lie one radius either side of the letters, across, down and diagonally', () => {
    for (const [a, b] of [
      [
        { x: 100, y: 500 },
        { x: 240, y: 500 },
      ],
      [
        { x: 100, y: 500 },
        { x: 100, y: 360 },
      ],
      [
        { x: 100, y: 500 },
        { x: 200, y: 400 },
      ],
    ] as const) {
      const path = capsule(a, b, 10)
      expect(path).toMatch(/^M .* L .* A 10 10 0 0 1 .* L .* A 10 10 0 0 1 .* Z$/)
      const [p1, p2, p3, p4] = points(path)
      const distance = (p: { x: number; y: number }, q: { x: number; y: number }) =>
        Math.hypot(p.x - q.x, p.y - q.y)
      expect(distance(p1!, a)).toBeCloseTo(10, 1)
      expect(distance(p2!, b)).toBeCloseTo(10, 1)
      expect(distance(p3!, b)).toBeCloseTo(10, 1)
      expect(distance(p4!, a)).toBeCloseTo(10, 1)
      // Opposite sides of the line through the word.
      const side = (p: { x: number; y: number }) =>
        Math.sign((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x))
      expect(side(p1!)).toBe(side(p2!))
      expect(side(p3!)).toBe(side(p4!))
      expect(side(p1!)).toBe(-side(p3!))
    }
  })
})
