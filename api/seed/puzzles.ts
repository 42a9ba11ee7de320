/**
 * Puzzle generators for the seeded printables: word search, crossword, bingo cards and a
 * maze. Each takes a fixed seed and gives the same puzzle every time, so the seed stays
 * reproducible (and the bytes of its PDFs with it).
 */

/** A small deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

// ---------------------------------------------------------------- word search

export type Placement = { word: string; row: number; col: number; dr: number; dc: number }
export type WordSearch = { size: number; grid: string[][]; placements: Placement[] }

/** Forward directions only (across, down, both diagonals): kind to young solvers. */
const SEARCH_DIRECTIONS = [
  [0, 1],
  [1, 0],
  [1, 1],
  [-1, 1],
] as const
const ALL_DIRECTIONS = [-1, 0, 1]
  .flatMap((dr) => [-1, 0, 1].map((dc) => [dr, dc] as const))
  .filter(([dr, dc]) => dr || dc)

/** How many times a word can be read in the grid, in any of the eight directions. */
export function occurrences(grid: string[][], word: string): number {
  const size = grid.length
  let n = 0
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      for (const [dr, dc] of ALL_DIRECTIONS) {
        let ok = true
        for (let i = 0; i < word.length && ok; i++) {
          ok = grid[r + dr * i]?.[c + dc * i] === word[i]
        }
        if (ok) n++
      }
    }
  }
  // A palindrome reads the same both ways: count it once.
  return word === [...word].reverse().join('') ? n / 2 : n
}

export function wordSearch(words: string[], size: number, seed: number): WordSearch {
  const random = rng(seed)
  for (let attempt = 0; attempt < 200; attempt++) {
    const grid: string[][] = Array.from({ length: size }, () => Array<string>(size).fill(''))
    const placements: Placement[] = []
    // Longest first: they are the hardest to fit.
    const order = [...words].sort((a, b) => b.length - a.length || a.localeCompare(b))
    let placedAll = true
    for (const word of order) {
      const options: Placement[] = []
      for (const [dr, dc] of SEARCH_DIRECTIONS) {
        for (let row = 0; row < size; row++) {
          for (let col = 0; col < size; col++) {
            const endR = row + dr * (word.length - 1)
            const endC = col + dc * (word.length - 1)
            if (endR < 0 || endR >= size || endC >= size) continue
            let fits = true
            for (let i = 0; i < word.length && fits; i++) {
              const cell = grid[row + dr * i]![col + dc * i]
              fits = cell === '' || cell === word[i]
            }
            if (fits) options.push({ word, row, col, dr, dc })
          }
        }
      }
      if (!options.length) {
        placedAll = false
        break
      }
      const choice = options[Math.floor(random() * options.length)]!
      for (let i = 0; i < word.length; i++)
        grid[choice.row + choice.dr * i]![choice.col + choice.dc * i] = word[i]!
      placements.push(choice)
    }
    if (!placedAll) continue
    for (const row of grid)
      for (let c = 0; c < size; c++) if (!row[c]) row[c] = LETTERS[Math.floor(random() * 26)]!
    // Each word is hidden exactly once: a second, accidental copy would confuse the key.
    if (words.every((w) => occurrences(grid, w) === 1)) {
      return { size, grid, placements: words.map((w) => placements.find((p) => p.word === w)!) }
    }
  }
  throw new Error(`No word search of size ${size} for ${words.length} words`)
}

// ---------------------------------------------------------------- crossword

export type CrosswordEntry = {
  word: string
  clue: string
  row: number
  col: number
  direction: 'across' | 'down'
  number: number
}
export type Crossword = { rows: number; cols: number; grid: (string | null)[][]; entries: CrosswordEntry[] }

type Draft = { word: string; clue: string; row: number; col: number; direction: 'across' | 'down' }

function cellsOf(d: Pick<Draft, 'word' | 'row' | 'col' | 'direction'>) {
  return [...d.word].map((letter, i) => ({
    letter,
    r: d.direction === 'down' ? d.row + i : d.row,
    c: d.direction === 'across' ? d.col + i : d.col,
  }))
}

/**
 * A compact crossword from words and clues: each word after the first crosses one already
 * placed, no two words touch side by side, and every run of letters is one of the words.
 */
export function crossword(items: { word: string; clue: string }[], seed: number): Crossword {
  const random = rng(seed)
  let best: Draft[] | null = null
  let bestScore = Number.POSITIVE_INFINITY
  for (let attempt = 0; attempt < 60; attempt++) {
    const order =
      attempt === 0 ? [...items].sort((a, b) => b.word.length - a.word.length) : shuffle(items, random)
    const placed: Draft[] = [{ ...order[0]!, row: 0, col: 0, direction: 'across' }]
    const cells = new Map<string, string>()
    const key = (r: number, c: number) => `${r},${c}`
    for (const cell of cellsOf(placed[0]!)) cells.set(key(cell.r, cell.c), cell.letter)
    let pending = order.slice(1)
    let progress = true
    while (pending.length && progress) {
      progress = false
      for (const item of [...pending]) {
        const options: Draft[] = []
        for (const other of placed) {
          const direction = other.direction === 'across' ? 'down' : 'across'
          for (const [i, a] of [...other.word].entries()) {
            for (const [j, b] of [...item.word].entries()) {
              if (a !== b) continue
              const cross = cellsOf(other)[i]!
              const draft: Draft = {
                ...item,
                direction,
                row: direction === 'down' ? cross.r - j : cross.r,
                col: direction === 'across' ? cross.c - j : cross.c,
              }
              if (fits(draft, cells)) options.push(draft)
            }
          }
        }
        if (!options.length) continue
        const choice = options[Math.floor(random() * options.length)]!
        placed.push(choice)
        for (const cell of cellsOf(choice)) cells.set(key(cell.r, cell.c), cell.letter)
        pending = pending.filter((p) => p !== item)
        progress = true
      }
    }
    if (pending.length) continue
    const rs = [...cells.keys()].map((k) => Number(k.split(',')[0]))
    const cs = [...cells.keys()].map((k) => Number(k.split(',')[1]))
    const h = Math.max(...rs) - Math.min(...rs) + 1
    const w = Math.max(...cs) - Math.min(...cs) + 1
    // Square-ish and small prints best.
    const score = Math.max(h, w) * 100 + h * w
    if (score < bestScore) {
      bestScore = score
      best = placed
    }
  }
  if (!best) throw new Error('No crossword fits these words')
  const minR = Math.min(...best.map((d) => d.row))
  const minC = Math.min(...best.map((d) => d.col))
  const drafts = best.map((d) => ({ ...d, row: d.row - minR, col: d.col - minC }))
  const rows = Math.max(...drafts.flatMap((d) => cellsOf(d).map((c) => c.r))) + 1
  const cols = Math.max(...drafts.flatMap((d) => cellsOf(d).map((c) => c.c))) + 1
  const grid: (string | null)[][] = Array.from({ length: rows }, () => Array<string | null>(cols).fill(null))
  for (const d of drafts) for (const cell of cellsOf(d)) grid[cell.r]![cell.c] = cell.letter
  const numbers = numberGrid(grid)
  const entries = drafts
    .map((d) => ({ ...d, number: numbers.get(`${d.row},${d.col}`)! }))
    .sort((a, b) => a.number - b.number || (a.direction === 'across' ? -1 : 1))
  return { rows, cols, grid, entries }
}

function fits(d: Draft, cells: Map<string, string>): boolean {
  const at = (r: number, c: number) => cells.get(`${r},${c}`)
  const across = d.direction === 'across'
  const list = cellsOf(d)
  const first = list[0]!
  const last = list[list.length - 1]!
  // Nothing right before or after the word.
  if (
    across
      ? at(first.r, first.c - 1) || at(last.r, last.c + 1)
      : at(first.r - 1, first.c) || at(last.r + 1, last.c)
  ) {
    return false
  }
  let crossings = 0
  for (const cell of list) {
    const here = at(cell.r, cell.c)
    if (here) {
      if (here !== cell.letter) return false
      crossings++
      continue
    }
    // A new letter may not touch a neighbour alongside the word.
    const sides = across
      ? [at(cell.r - 1, cell.c), at(cell.r + 1, cell.c)]
      : [at(cell.r, cell.c - 1), at(cell.r, cell.c + 1)]
    if (sides.some(Boolean)) return false
  }
  return crossings > 0 && crossings < list.length
}

/** Standard numbering: reading order, a number for each cell that starts a word. */
export function numberGrid(grid: (string | null)[][]): Map<string, number> {
  const numbers = new Map<string, number>()
  let n = 0
  for (let r = 0; r < grid.length; r++) {
    for (let c = 0; c < grid[r]!.length; c++) {
      if (!grid[r]![c]) continue
      const startsAcross = !grid[r]![c - 1] && !!grid[r]![c + 1]
      const startsDown = !grid[r - 1]?.[c] && !!grid[r + 1]?.[c]
      if (startsAcross || startsDown) numbers.set(`${r},${c}`, ++n)
    }
  }
  return numbers
}

// ---------------------------------------------------------------- bingo

export type BingoCard = string[][] // 5 x 5, centre is FREE
export const FREE = 'FREE'

/** Bingo cards of 24 distinct words around a free centre; no two cards alike. */
export function bingoCards(pool: string[], count: number, seed: number): BingoCard[] {
  if (new Set(pool).size < 24) throw new Error('Bingo needs at least 24 distinct words')
  const random = rng(seed)
  const cards: BingoCard[] = []
  const seen = new Set<string>()
  while (cards.length < count) {
    const words = shuffle([...new Set(pool)], random).slice(0, 24)
    words.splice(12, 0, FREE)
    const card = Array.from({ length: 5 }, (_, r) => words.slice(r * 5, r * 5 + 5))
    const id = card.flat().join('|')
    if (seen.has(id)) continue
    seen.add(id)
    cards.push(card)
  }
  return cards
}

// ---------------------------------------------------------------- maze

/** Walls of each cell: which sides are open. */
export type Maze = {
  width: number
  height: number
  /** open[r][c] has n, e, s, w set when the cell opens that way. */
  open: { n: boolean; e: boolean; s: boolean; w: boolean }[][]
  entry: { row: number; col: number }
  exit: { row: number; col: number }
}

/** A perfect maze (one path between any two cells), entered at the top left, left at the bottom right. */
export function maze(width: number, height: number, seed: number): Maze {
  const random = rng(seed)
  const open = Array.from({ length: height }, () =>
    Array.from({ length: width }, () => ({ n: false, e: false, s: false, w: false })),
  )
  const visited = Array.from({ length: height }, () => Array<boolean>(width).fill(false))
  const stack: [number, number][] = [[0, 0]]
  visited[0]![0] = true
  const steps = [
    [-1, 0, 'n', 's'],
    [0, 1, 'e', 'w'],
    [1, 0, 's', 'n'],
    [0, -1, 'w', 'e'],
  ] as const
  while (stack.length) {
    const [r, c] = stack[stack.length - 1]!
    const next = shuffle(steps, random).filter(([dr, dc]) => visited[r + dr]?.[c + dc] === false)
    if (!next.length) {
      stack.pop()
      continue
    }
    const [dr, dc, side, back] = next[0]!
    open[r]![c]![side] = true
    open[r + dr]![c + dc]![back] = true
    visited[r + dr]![c + dc] = true
    stack.push([r + dr, c + dc])
  }
  const entry = { row: 0, col: 0 }
  const exit = { row: height - 1, col: width - 1 }
  open[0]![0]!.n = true
  open[height - 1]![width - 1]!.s = true
  return { width, height, open, entry, exit }
}

/** The path from entry to exit, cell by cell, or null when there is none. */
export function solveMaze(m: Maze): { row: number; col: number }[] | null {
  const key = (r: number, c: number) => r * m.width + c
  const from = new Map<number, number>()
  const queue: [number, number][] = [[m.entry.row, m.entry.col]]
  from.set(key(m.entry.row, m.entry.col), -1)
  while (queue.length) {
    const [r, c] = queue.shift()!
    if (r === m.exit.row && c === m.exit.col) {
      const path: { row: number; col: number }[] = []
      let k = key(r, c)
      while (k !== -1) {
        path.unshift({ row: Math.floor(k / m.width), col: k % m.width })
        k = from.get(k)!
      }
      return path
    }
    const cell = m.open[r]![c]!
    const moves: [boolean, number, number][] = [
      [cell.n && r > 0, r - 1, c],
      [cell.s && r < m.height - 1, r + 1, c],
      [cell.e && c < m.width - 1, r, c + 1],
      [cell.w && c > 0, r, c - 1],
    ]
    for (const [ok, nr, nc] of moves) {
      if (ok && !from.has(key(nr, nc))) {
        from.set(key(nr, nc), key(r, c))
        queue.push([nr, nc])
      }
    }
  }
  return null
}

// ---------------------------------------------------------------- ciphers

export const caesar = (text: string, shift: number) =>
  text.toUpperCase().replace(/[A-Z]/g, (ch) => LETTERS[(LETTERS.indexOf(ch) + shift + 26) % 26]!)

export const atbash = (text: string) =>
  text.toUpperCase().replace(/[A-Z]/g, (ch) => LETTERS[25 - LETTERS.indexOf(ch)]!)

/** A1Z26: letters become numbers joined by dashes, words split by slashes. */
export const numberCode = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z ]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => [...word].map((ch) => LETTERS.indexOf(ch) + 1).join('-'))
    .join(' / ')

export const decodeNumberCode = (code: string) =>
  code
    .split(' / ')
    .map((word) =>
      word
        .split('-')
        .map((n) => LETTERS[Number(n) - 1])
        .join(''),
    )
    .join(' ')

export const reverseWords = (text: string) => [...text.toUpperCase()].reverse().join('')

/** A keyword alphabet: the keyword's letters first (no repeats), then the rest in order. */
export function keywordAlphabet(keyword: string): string {
  return [...new Set([...keyword.toUpperCase(), ...LETTERS])].filter((ch) => LETTERS.includes(ch)).join('')
}
export const keywordCipher = (text: string, keyword: string) => {
  const alphabet = keywordAlphabet(keyword)
  return text.toUpperCase().replace(/[A-Z]/g, (ch) => alphabet[LETTERS.indexOf(ch)]!)
}
export const keywordDecipher = (text: string, keyword: string) => {
  const alphabet = keywordAlphabet(keyword)
  return text.toUpperCase().replace(/[A-Z]/g, (ch) => LETTERS[alphabet.indexOf(ch)]!)
}
