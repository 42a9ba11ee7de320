import { describe, expect, it } from 'vitest'
import { coverSvg, coverTitle, MOTIF_BOX } from './art'
import { RESOURCES } from './content/library'
import { coverMotif } from './index'

const resource = (slug: string) => RESOURCES.find((r) => r.slug === slug)!
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])

describe("a puzzle printable's cover", () => {
  it('shows a corner of its own word search, a word in it ringed', async () => {
    const motif = coverMotif(resource('books-of-the-bible-word-search'))
    if (!motif || !('wordSearch' in motif)) throw new Error('no word search motif')
    const svg = await coverSvg('Books of the Bible Word Search', 'games-puzzles', 'game', motif)
    const letters = texts(svg).filter((t) => t?.length === 1)
    expect(letters).toHaveLength(36)
    // The six rows drawn are six rows of the real grid, and one of them holds a ringed word.
    const rows = Array.from({ length: 6 }, (_, r) => letters.slice(r * 6, r * 6 + 6).join(''))
    const grid = motif.wordSearch.grid.map((row) => row.join(''))
    expect(rows.every((row) => grid.some((line) => line.includes(row)))).toBe(true)
    expect(svg).toMatch(/<rect [^>]*rx="[\d.]+" fill="[^"]+" fill-opacity/)
    expect(
      rows.some((row) => motif.wordSearch.placements.some((p) => p.dr === 0 && row.includes(p.word))),
    ).toBe(true)
  })

  it('shows its crossword layout, one square per letter cell', async () => {
    const motif = coverMotif(resource('disciples-crossword'))
    if (!motif || !('crossword' in motif)) throw new Error('no crossword motif')
    const svg = await coverSvg('Twelve Disciples Crossword', 'games-puzzles', 'game', motif)
    const cells = motif.crossword.flat().filter(Boolean).length
    expect(cells).toBeGreaterThan(40)
    expect(svg.match(/<rect [^>]*fill="white" stroke/g)).toHaveLength(cells)
  })

  it('shows a bingo card of 25 squares under B I N G O', async () => {
    const motif = coverMotif(resource('bible-bingo-family-game'))
    if (!motif || !('bingo' in motif)) throw new Error('no bingo motif')
    const svg = await coverSvg('Bible Bingo Family Game', 'games-puzzles', 'game', motif)
    expect(svg.match(/<rect [^>]*fill="white" stroke/g)).toHaveLength(25)
    expect(texts(svg).slice(0, 5)).toEqual(['B', 'I', 'N', 'G', 'O'])
  })

  it('keeps the star for a printable without a puzzle, and the motif clear of a four-line title', async () => {
    expect(coverMotif(resource('ten-commandments-teaching-cards'))).toBeNull()
    const title = await coverTitle('A Very Long Title That Needs Four Whole Lines To Fit Inside', '#000')
    const [first] = [...title.matchAll(/y="([\d.]+)"[^>]*font-size="([\d.]+)"/g)]
    const capTop = Number(first![1]) - Number(first![2]) * 0.8
    expect(capTop).toBeGreaterThan(MOTIF_BOX.bottom + 8)
  })
})
