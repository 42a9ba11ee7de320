import { describe, expect, it } from 'vitest'
import { encodeVerse } from './content/library'
import {
  BIBLE_BOOKS_SEARCH,
  BINGO_CALLS,
  CIPHER_KEYWORD,
  CIPHER_VERSES,
  DISCIPLES_CROSSWORD,
  EXODUS_MAZE,
  NET_MAZE,
} from './content/puzzle-data'
import {
  atbash,
  bingoCards,
  caesar,
  crossword,
  decodeNumberCode,
  FREE,
  keywordDecipher,
  maze,
  numberGrid,
  occurrences,
  reverseWords,
  solveMaze,
  wordSearch,
} from './puzzles'

describe('word search', () => {
  const { words, size, seed } = BIBLE_BOOKS_SEARCH
  const puzzle = wordSearch(words, size, seed)

  it('hides every word at its recorded position, and nowhere else', () => {
    expect(puzzle.grid).toHaveLength(size)
    expect(puzzle.grid.every((row) => row.length === size && row.every((c) => /^[A-Z]$/.test(c)))).toBe(true)
    expect(puzzle.placements.map((p) => p.word)).toEqual(words)
    for (const p of puzzle.placements) {
      const read = [...p.word].map((_, i) => puzzle.grid[p.row + p.dr * i]?.[p.col + p.dc * i]).join('')
      expect(read).toBe(p.word)
      // Forwards only: across, down or a diagonal read left to right.
      expect([`0,1`, `1,0`, `1,1`, `-1,1`]).toContain(`${p.dr},${p.dc}`)
      expect(occurrences(puzzle.grid, p.word)).toBe(1)
    }
  })

  it('is the same puzzle every time for the same seed, and another for another seed', () => {
    expect(wordSearch(words, size, seed)).toEqual(puzzle)
    expect(wordSearch(words, size, seed + 1).grid).not.toEqual(puzzle.grid)
  })

  it('counts a word it can read, and not one it cannot', () => {
    const grid = [
      ['C', 'A', 'T'],
      ['X', 'X', 'X'],
      ['T', 'A', 'C'],
    ]
    expect(occurrences(grid, 'CAT')).toBe(2)
    expect(occurrences(grid, 'DOG')).toBe(0)
  })
})

describe('crossword', () => {
  const puzzle = crossword(DISCIPLES_CROSSWORD.items, DISCIPLES_CROSSWORD.seed)
  const cellsOf = (e: (typeof puzzle.entries)[number]) =>
    [...e.word].map((_, i): [number, number] =>
      e.direction === 'across' ? [e.row, e.col + i] : [e.row + i, e.col],
    )

  it('places every word, each with its clue, letters matching the grid where entries cross', () => {
    expect(puzzle.entries.map((e) => e.word).sort()).toEqual(
      DISCIPLES_CROSSWORD.items.map((i) => i.word).sort(),
    )
    for (const e of puzzle.entries) {
      expect(e.clue).toBe(DISCIPLES_CROSSWORD.items.find((i) => i.word === e.word)!.clue)
      expect(
        cellsOf(e)
          .map(([r, c]) => puzzle.grid[r]![c])
          .join(''),
      ).toBe(e.word)
    }
    // Every crossing is shared by exactly one across and one down entry.
    const use = new Map<string, string[]>()
    for (const e of puzzle.entries)
      for (const [r, c] of cellsOf(e)) use.set(`${r},${c}`, [...(use.get(`${r},${c}`) ?? []), e.direction])
    for (const dirs of use.values())
      expect(dirs.length === 1 || dirs.sort().join() === 'across,down').toBe(true)
    const crossings = [...use.values()].filter((d) => d.length === 2).length
    expect(crossings).toBeGreaterThanOrEqual(puzzle.entries.length - 1)
  })

  it('has no accidental words: every run of two or more letters is an entry', () => {
    const runs: string[] = []
    for (let r = 0; r < puzzle.rows; r++) {
      for (let c = 0; c < puzzle.cols; c++) {
        if (!puzzle.grid[r]![c]) continue
        if (!puzzle.grid[r]![c - 1] && puzzle.grid[r]![c + 1]) runs.push(`${r},${c},across`)
        if (!puzzle.grid[r - 1]?.[c] && puzzle.grid[r + 1]?.[c]) runs.push(`${r},${c},down`)
      }
    }
    expect(runs.sort()).toEqual(puzzle.entries.map((e) => `${e.row},${e.col},${e.direction}`).sort())
    // And every lettered cell belongs to some entry.
    const covered = new Set(puzzle.entries.flatMap((e) => cellsOf(e).map(([r, c]) => `${r},${c}`)))
    const lettered = puzzle.grid.flatMap((row, r) => row.flatMap((cell, c) => (cell ? [`${r},${c}`] : [])))
    expect(lettered.every((k) => covered.has(k))).toBe(true)
  })

  it('numbers the starting cells in reading order, across and down sharing a number', () => {
    const numbers = numberGrid(puzzle.grid)
    expect([...numbers.values()]).toEqual([...numbers.values()].map((_, i) => i + 1))
    for (const e of puzzle.entries) expect(e.number).toBe(numbers.get(`${e.row},${e.col}`))
    const keys = [...numbers.keys()].map((k) => k.split(',').map(Number) as [number, number])
    for (let i = 1; i < keys.length; i++) {
      const [r0, c0] = keys[i - 1]!
      const [r1, c1] = keys[i]!
      expect(r1 > r0 || (r1 === r0 && c1 > c0)).toBe(true)
    }
  })

  it('is connected: one crossword, not islands', () => {
    const seen = new Set([puzzle.entries[0]!.word])
    let grew = true
    while (grew) {
      grew = false
      for (const e of puzzle.entries) {
        if (seen.has(e.word)) continue
        const mine = new Set(cellsOf(e).map(([r, c]) => `${r},${c}`))
        const touches = puzzle.entries.some(
          (o) => seen.has(o.word) && cellsOf(o).some(([r, c]) => mine.has(`${r},${c}`)),
        )
        if (touches) {
          seen.add(e.word)
          grew = true
        }
      }
    }
    expect(seen.size).toBe(puzzle.entries.length)
  })
})

describe('bingo', () => {
  const pool = BINGO_CALLS.map((c) => c.word)
  const cards = bingoCards(pool, 6, 77)

  it('makes distinct 5 by 5 cards of distinct words from the pool around a free centre', () => {
    expect(cards).toHaveLength(6)
    for (const card of cards) {
      expect(card).toHaveLength(5)
      expect(card.every((row) => row.length === 5)).toBe(true)
      expect(card[2]![2]).toBe(FREE)
      const words = card.flat().filter((w) => w !== FREE)
      expect(words).toHaveLength(24)
      expect(new Set(words).size).toBe(24)
      expect(words.every((w) => pool.includes(w))).toBe(true)
    }
    expect(new Set(cards.map((c) => c.flat().join('|'))).size).toBe(6)
  })

  it('has a clue for every word the caller may call, and refuses too small a pool', () => {
    expect(new Set(pool).size).toBe(pool.length)
    expect(BINGO_CALLS.every((c) => c.clue.length > 10)).toBe(true)
    expect(() => bingoCards(pool.slice(0, 23), 1, 1)).toThrow()
  })
})

describe('maze', () => {
  for (const spec of [EXODUS_MAZE, NET_MAZE]) {
    it(`${spec.start} to ${spec.end}: a perfect maze with an open entry and exit and one path between them`, () => {
      const m = maze(spec.width, spec.height, spec.seed)
      expect(m.open[0]![0]!.n).toBe(true)
      expect(m.open[spec.height - 1]![spec.width - 1]!.s).toBe(true)
      // Walls agree from both sides, and no passage leads out of the maze except the two doors.
      let passages = 0
      for (let r = 0; r < spec.height; r++) {
        for (let c = 0; c < spec.width; c++) {
          const o = m.open[r]![c]!
          if (c < spec.width - 1) expect(o.e).toBe(m.open[r]![c + 1]!.w)
          else expect(o.e).toBe(false)
          if (r < spec.height - 1) expect(o.s).toBe(m.open[r + 1]![c]!.n)
          else expect(o.s).toBe(r === m.exit.row && c === m.exit.col)
          if (c === 0) expect(o.w).toBe(false)
          if (r === 0) expect(o.n).toBe(r === m.entry.row && c === m.entry.col)
          if (c < spec.width - 1 && o.e) passages++
          if (r < spec.height - 1 && o.s) passages++
        }
      }
      // A spanning tree: every cell reachable, no loops.
      expect(passages).toBe(spec.width * spec.height - 1)
      const path = solveMaze(m)!
      expect(path[0]).toEqual(m.entry)
      expect(path[path.length - 1]).toEqual(m.exit)
      for (let i = 1; i < path.length; i++) {
        expect(Math.abs(path[i]!.row - path[i - 1]!.row) + Math.abs(path[i]!.col - path[i - 1]!.col)).toBe(1)
      }
      expect(path.length).toBeGreaterThan(spec.width + spec.height)
      expect(maze(spec.width, spec.height, spec.seed)).toEqual(m)
    })
  }

  it('finds no path through a maze with no passages', () => {
    const m = maze(3, 3, 1)
    for (const row of m.open)
      for (const cell of row) Object.assign(cell, { n: false, e: false, s: false, w: false })
    expect(solveMaze(m)).toBeNull()
  })
})

describe('cipher challenge', () => {
  it('encodes each verse so that its key decodes it back', () => {
    const decode: Record<(typeof CIPHER_VERSES)[number]['cipher'], (code: string) => string> = {
      caesar: (code) => caesar(code, -3),
      number: decodeNumberCode,
      atbash,
      reverse: reverseWords,
      keyword: (code) => keywordDecipher(code, CIPHER_KEYWORD),
    }
    expect(new Set(CIPHER_VERSES.map((v) => v.cipher)).size).toBe(5)
    for (const v of CIPHER_VERSES) {
      const code = encodeVerse(v.cipher, v.text)
      expect(code).not.toBe(v.text.toUpperCase())
      const lettersOnly = (s: string) =>
        s
          .toUpperCase()
          .replace(/[^A-Z ]/g, '')
          .replace(/\s+/g, ' ')
          .trim()
      expect(lettersOnly(decode[v.cipher](code))).toBe(lettersOnly(v.text))
    }
  })
})
