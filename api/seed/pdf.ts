import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import type { Block, PdfPlan } from './content/library'
import {
  type BingoCard,
  bingoCards,
  type Crossword,
  crossword,
  FREE,
  type Maze,
  maze,
  solveMaze,
  type WordSearch,
  wordSearch,
} from './puzzles'

/**
 * Printable PDFs with pdf-lib's built-in fonts (nothing downloaded): a title page, then the
 * resource's own content laid out as blocks (headings, paragraphs, lists, verses, writing
 * lines, puzzles with their answer keys, colouring pages) flowing over as many pages as it
 * needs. Letter size, three-quarter-inch margins.
 */
const LETTER = { width: 612, height: 792 }
const MARGIN = 54
const TOP = LETTER.height - MARGIN
const BOTTOM = MARGIN + 14 // room for the footer
const WIDTH = LETTER.width - MARGIN * 2
const INK = rgb(0.16, 0.125, 0.094)
const BURGUNDY = rgb(0.478, 0.141, 0.188)
const MUTED = rgb(0.42, 0.345, 0.282)
const HIGHLIGHT = rgb(0.98, 0.85, 0.45)

export type PdfSource = {
  title: string
  description: string
  scriptureRef: string | null
  plan: PdfPlan
  /** Colouring pages the blocks refer to by name, PNG bytes. */
  images?: Record<string, Uint8Array>
}

export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    let line = ''
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line)
        line = word
      } else line = next
    }
    lines.push(line)
  }
  return lines
}

/** Standard fonts speak WinAnsi only: typographic quotes become plain ones. */
export const plain = (text: string) =>
  text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, '-').replace(/…/g, '...')

type Fonts = {
  serif: PDFFont
  body: PDFFont
  italic: PDFFont
  sans: PDFFont
  sansBold: PDFFont
  mono: PDFFont
}

/** A cursor over pages: `need` starts a new page when the next thing would not fit. */
class Flow {
  page!: PDFPage
  y = 0
  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {}
  newPage() {
    this.page = this.doc.addPage([LETTER.width, LETTER.height])
    this.y = TOP
  }
  need(height: number) {
    if (this.y - height < BOTTOM) this.newPage()
  }
  text(
    text: string,
    opts: {
      font?: PDFFont
      size?: number
      color?: ReturnType<typeof rgb>
      indent?: number
      gap?: number
      /** Room to keep for what follows (a verse's reference). */
      keepWithNext?: number
    },
  ) {
    const font = opts.font ?? this.fonts.body
    const size = opts.size ?? 12
    const lead = size * 1.35
    const lines = wrap(plain(text), font, size, WIDTH - (opts.indent ?? 0))
    // Short passages stay together on one page.
    if (lines.length * lead < 160) this.need(lines.length * lead + (opts.keepWithNext ?? 0))
    for (const line of lines) {
      this.need(lead)
      this.page.drawText(line, {
        x: MARGIN + (opts.indent ?? 0),
        y: this.y - size,
        size,
        font,
        color: opts.color ?? INK,
      })
      this.y -= lead
    }
    this.y -= opts.gap ?? 6
  }
}

function centred(
  page: PDFPage,
  text: string,
  y: number,
  font: PDFFont,
  size: number,
  color = INK,
  cx = LETTER.width / 2,
) {
  page.drawText(text, { x: cx - font.widthOfTextAtSize(text, size) / 2, y, size, font, color })
}

/** The biggest size up to `max` at which `text` fits in `width`. */
function fitSize(text: string, font: PDFFont, max: number, width: number): number {
  let size = max
  while (size > 5 && font.widthOfTextAtSize(text, size) > width) size -= 0.5
  return size
}

// ---------------------------------------------------------------- puzzles

/**
 * An SVG path (pdf-lib's drawSvgPath flips y, so page y is negated) for a capsule of
 * radius r around the segment from a to b: two straight sides and a half circle at each end.
 */
export function capsule(a: { x: number; y: number }, b: { x: number; y: number }, r: number): string {
  const length = Math.hypot(b.x - a.x, b.y - a.y)
  const [ux, uy] = length ? [(b.x - a.x) / length, (b.y - a.y) / length] : [1, 0]
  const [nx, ny] = [-uy * r, ux * r]
  const pt = (x: number, y: number) => `${x.toFixed(2)} ${(-y).toFixed(2)}`
  return [
    `M ${pt(a.x + nx, a.y + ny)}`,
    `L ${pt(b.x + nx, b.y + ny)}`,
    `A ${r} ${r} 0 0 1 ${pt(b.x - nx, b.y - ny)}`,
    `L ${pt(a.x - nx, a.y - ny)}`,
    `A ${r} ${r} 0 0 1 ${pt(a.x + nx, a.y + ny)}`,
    'Z',
  ].join(' ')
}

function drawWordSearch(flow: Flow, puzzle: WordSearch, key: boolean) {
  const { page, fonts } = flow
  const cell = Math.min(28, WIDTH / puzzle.size)
  const side = cell * puzzle.size
  const left = (LETTER.width - side) / 2
  const top = flow.y
  page.drawRectangle({
    x: left,
    y: top - side,
    width: side,
    height: side,
    borderColor: INK,
    borderWidth: 1.5,
  })
  const centre = (r: number, c: number) => ({ x: left + (c + 0.5) * cell, y: top - (r + 0.5) * cell })
  if (key) {
    // Each word ringed on its own (a capsule around its letters, lightly filled), narrow
    // enough that words side by side stay two rings rather than one band.
    for (const p of puzzle.placements) {
      const a = centre(p.row, p.col)
      const b = centre(p.row + p.dr * (p.word.length - 1), p.col + p.dc * (p.word.length - 1))
      page.drawSvgPath(capsule(a, b, cell * 0.4), {
        x: 0,
        y: 0,
        color: HIGHLIGHT,
        opacity: 0.55,
        borderColor: BURGUNDY,
        borderWidth: 1.1,
      })
    }
  }
  const size = cell * 0.55
  for (let r = 0; r < puzzle.size; r++) {
    for (let c = 0; c < puzzle.size; c++) {
      const { x, y } = centre(r, c)
      const letter = puzzle.grid[r]![c]!
      page.drawText(letter, {
        x: x - fonts.sansBold.widthOfTextAtSize(letter, size) / 2,
        y: y - size * 0.35,
        size,
        font: fonts.sansBold,
        color: INK,
      })
    }
  }
  flow.y = top - side - 24
  if (key) return
  // The word list in three columns (four for a long list, so it stays on the page).
  const words = puzzle.placements.map((p) => p.word).sort()
  const columns = words.length > 12 ? 4 : 3
  const perColumn = Math.ceil(words.length / columns)
  words.forEach((word, i) => {
    const col = Math.floor(i / perColumn)
    const row = i % perColumn
    const x = MARGIN + 10 + col * (WIDTH / columns)
    const y = flow.y - row * 18
    page.drawRectangle({ x, y: y - 12, width: 9, height: 9, borderColor: INK, borderWidth: 0.8 })
    page.drawText(word, { x: x + 16, y: y - 11, size: 12, font: fonts.sans, color: INK })
  })
  flow.y -= perColumn * 18 + 10
}

function drawCrossword(flow: Flow, puzzle: Crossword, key: boolean) {
  const { fonts } = flow
  const cell = Math.min(28, WIDTH / puzzle.cols, 380 / puzzle.rows)
  const left = (LETTER.width - cell * puzzle.cols) / 2
  const top = flow.y
  const page = flow.page
  const numbers = new Map(puzzle.entries.map((e) => [`${e.row},${e.col}`, e.number]))
  for (let r = 0; r < puzzle.rows; r++) {
    for (let c = 0; c < puzzle.cols; c++) {
      const letter = puzzle.grid[r]![c]
      if (!letter) continue
      const x = left + c * cell
      const y = top - (r + 1) * cell
      page.drawRectangle({
        x,
        y,
        width: cell,
        height: cell,
        borderColor: INK,
        borderWidth: 1,
        color: rgb(1, 1, 1),
      })
      const n = numbers.get(`${r},${c}`)
      if (n) page.drawText(String(n), { x: x + 2, y: y + cell - 8, size: 7, font: fonts.sans, color: INK })
      if (key) {
        const size = cell * 0.55
        page.drawText(letter, {
          x: x + (cell - fonts.sansBold.widthOfTextAtSize(letter, size)) / 2,
          y: y + cell * 0.25,
          size,
          font: fonts.sansBold,
          color: BURGUNDY,
        })
      }
    }
  }
  flow.y = top - puzzle.rows * cell - 20
  if (key) {
    for (const e of puzzle.entries) {
      flow.text(`${e.number} ${e.direction}: ${e.word}`, { size: 10, gap: 0 })
    }
    return
  }
  for (const direction of ['across', 'down'] as const) {
    flow.text(direction === 'across' ? 'Across' : 'Down', {
      font: fonts.serif,
      size: 14,
      color: BURGUNDY,
      gap: 2,
    })
    for (const e of puzzle.entries.filter((x) => x.direction === direction)) {
      flow.text(`${e.number}. ${e.clue} (${e.word.length})`, { size: 11, indent: 12, gap: 2 })
    }
    flow.y -= 6
  }
}

function drawBingoCard(flow: Flow, card: BingoCard, label: string) {
  const { page, fonts } = flow
  const cell = 88
  const side = cell * 5
  const left = (LETTER.width - side) / 2
  const top = flow.y
  centred(page, label, top - 18, fonts.serif, 18, BURGUNDY)
  const gridTop = top - 30
  ;['B', 'I', 'N', 'G', 'O'].forEach((letter, i) => {
    centred(page, letter, gridTop - 20, fonts.serif, 20, BURGUNDY, left + (i + 0.5) * cell)
  })
  const cellsTop = gridTop - 30
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 5; c++) {
      const x = left + c * cell
      const h = cell * 0.54
      const y = cellsTop - (r + 1) * h
      page.drawRectangle({ x, y, width: cell, height: h, borderColor: INK, borderWidth: 1 })
      const word = card[r]![c]!
      const font = word === FREE ? fonts.serif : fonts.sans
      const lines = wrap(word, font, 11, cell - 8)
      const size = Math.min(11, ...lines.map((l) => fitSize(l, font, 11, cell - 8)))
      lines.forEach((line, i) => {
        centred(
          page,
          line,
          y + h / 2 + ((lines.length - 1) / 2 - i) * (size + 2) - size * 0.35,
          font,
          word === FREE ? 14 : size,
          word === FREE ? BURGUNDY : INK,
          x + cell / 2,
        )
      })
    }
  }
  flow.y = cellsTop - 5 * cell * 0.54 - 30
}

function drawMaze(flow: Flow, m: Maze, key: boolean, labels: { start: string; end: string }) {
  const { page, fonts } = flow
  const cell = Math.min(WIDTH / m.width, 520 / m.height)
  const left = (LETTER.width - cell * m.width) / 2
  const top = flow.y - 18
  centred(page, `Start: ${labels.start}`, top + 4, fonts.sansBold, 11, BURGUNDY, left + cell / 2 + 60)
  if (key) {
    const path = solveMaze(m)!
    for (let i = 1; i < path.length; i++) {
      const a = path[i - 1]!
      const b = path[i]!
      page.drawLine({
        start: { x: left + (a.col + 0.5) * cell, y: top - (a.row + 0.5) * cell },
        end: { x: left + (b.col + 0.5) * cell, y: top - (b.row + 0.5) * cell },
        thickness: cell * 0.35,
        color: HIGHLIGHT,
        lineCap: 1,
      })
    }
  }
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: 1.6, color: INK, lineCap: 2 })
  for (let r = 0; r < m.height; r++) {
    for (let c = 0; c < m.width; c++) {
      const o = m.open[r]![c]!
      const x = left + c * cell
      const y = top - r * cell
      if (!o.n) line(x, y, x + cell, y)
      if (!o.w) line(x, y, x, y - cell)
      if (r === m.height - 1 && !o.s) line(x, y - cell, x + cell, y - cell)
      if (c === m.width - 1 && !o.e) line(x + cell, y, x + cell, y - cell)
    }
  }
  const bottom = top - m.height * cell
  centred(
    page,
    `Finish: ${labels.end}`,
    bottom - 14,
    fonts.sansBold,
    11,
    BURGUNDY,
    left + (m.width - 0.5) * cell - 60,
  )
  flow.y = bottom - 30
}

// ---------------------------------------------------------------- blocks

/** The puzzle and its answer key are drawn from one generation (and it takes a while). */
const crosswords = new Map<string, Crossword>()
function crosswordOf(spec: { items: { word: string; clue: string }[]; seed: number }): Crossword {
  const key = JSON.stringify(spec)
  const known = crosswords.get(key)
  if (known) return known
  const puzzle = crossword(spec.items, spec.seed)
  crosswords.set(key, puzzle)
  return puzzle
}

async function drawBlock(flow: Flow, block: Block, images: Record<string, Uint8Array>) {
  const { fonts, doc } = flow
  if ('page' in block) {
    if (flow.y < TOP) flow.newPage()
    return
  }
  if ('h' in block) {
    flow.need(60)
    if (flow.y < TOP) flow.y -= 8
    flow.text(block.h, { font: fonts.serif, size: 20, color: BURGUNDY, gap: 4 })
    return
  }
  if ('h2' in block) {
    flow.need(44)
    flow.text(block.h2, { font: fonts.serif, size: 14, color: BURGUNDY, gap: 2 })
    return
  }
  if ('p' in block) return flow.text(block.p, { size: 12 })
  if ('note' in block) return flow.text(block.note, { font: fonts.italic, size: 11, color: MUTED })
  if ('code' in block) return flow.text(block.code, { font: fonts.mono, size: 12, indent: 12, gap: 10 })
  if ('verse' in block) {
    flow.text(`“${block.verse}”`, { font: fonts.italic, size: 12, indent: 18, gap: 0, keepWithNext: 14 })
    flow.text(`${block.ref} (${block.version ?? 'KJV'})`, { size: 10, indent: 18, color: MUTED, gap: 8 })
    return
  }
  if ('list' in block) {
    const size = block.compact ? 11 : 12
    const lead = block.compact ? 14 : 16
    for (const [i, item] of block.list.entries()) {
      const marker = block.numbered ? `${i + 1}.` : block.checkbox ? '' : '•'
      const lines = wrap(plain(item), fonts.body, size, WIDTH - 24)
      flow.need(lines.length * lead + 2)
      if (block.checkbox) {
        flow.page.drawRectangle({
          x: MARGIN + 2,
          y: flow.y - size + 1,
          width: size - 2,
          height: size - 2,
          borderColor: INK,
          borderWidth: 0.8,
        })
      } else {
        flow.page.drawText(marker, {
          x: MARGIN + 4,
          y: flow.y - size,
          size,
          font: block.numbered ? fonts.serif : fonts.body,
          color: BURGUNDY,
        })
      }
      for (const line of lines) {
        flow.page.drawText(line, { x: MARGIN + 24, y: flow.y - size, size, font: fonts.body, color: INK })
        flow.y -= lead
      }
      flow.y -= block.compact ? 2 : 3
    }
    flow.y -= 4
    return
  }
  if ('lines' in block) {
    for (let i = 0; i < block.lines; i++) {
      flow.need(26)
      flow.y -= 24
      flow.page.drawLine({
        start: { x: MARGIN, y: flow.y },
        end: { x: LETTER.width - MARGIN, y: flow.y },
        thickness: 0.6,
        color: MUTED,
      })
    }
    flow.y -= 10
    return
  }
  if ('box' in block) {
    flow.need(block.height + 24)
    flow.text(block.box, { font: fonts.sansBold, size: 11, color: BURGUNDY, gap: 2 })
    flow.page.drawRectangle({
      x: MARGIN,
      y: flow.y - block.height,
      width: WIDTH,
      height: block.height,
      borderColor: INK,
      borderWidth: 1,
    })
    flow.y -= block.height + 14
    return
  }
  if ('slips' in block) {
    const height = 58
    const gap = 10
    const w = (WIDTH - gap) / 2
    for (let i = 0; i < block.slips.length; i += 2) {
      flow.need(height + gap)
      for (const [j, text] of block.slips.slice(i, i + 2).entries()) {
        const x = MARGIN + j * (w + gap)
        flow.page.drawRectangle({
          x,
          y: flow.y - height,
          width: w,
          height,
          borderColor: MUTED,
          borderWidth: 0.8,
          borderDashArray: [5, 4],
        })
        const lines = wrap(plain(text), fonts.body, 12, w - 24)
        lines.forEach((line, k) => {
          centred(
            flow.page,
            line,
            flow.y - height / 2 + ((lines.length - 1) / 2 - k) * 15 - 4,
            fonts.body,
            12,
            INK,
            x + w / 2,
          )
        })
      }
      flow.y -= height + gap
    }
    return
  }
  if ('card' in block) {
    const { title, verse, ref, lines } = block.card
    const height = 300
    flow.need(height + 16)
    const top = flow.y
    const page = flow.page
    page.drawRectangle({
      x: MARGIN,
      y: top - height,
      width: WIDTH,
      height,
      borderColor: MUTED,
      borderWidth: 1,
      borderDashArray: [6, 4],
    })
    centred(page, plain(title), top - 34, fonts.serif, 20, BURGUNDY)
    let y = top - 72
    for (const line of wrap(plain(`“${verse}”`), fonts.italic, 18, WIDTH - 60)) {
      centred(page, line, y, fonts.italic, 18, INK)
      y -= 24
    }
    centred(page, `${plain(ref)} (KJV)`, y, fonts.body, 11, MUTED)
    y -= 34
    for (const text of lines) {
      for (const line of wrap(plain(text), fonts.body, 13, WIDTH - 60)) {
        page.drawText(line, { x: MARGIN + 30, y, size: 13, font: fonts.body, color: INK })
        y -= 18
      }
      y -= 6
    }
    flow.y = top - height - 24
    return
  }
  if ('image' in block) {
    const bytes = images[block.image]
    if (!bytes) throw new Error(`No image ${block.image}`)
    const png = bytes[0] === 0xff && bytes[1] === 0xd8 ? await doc.embedJpg(bytes) : await doc.embedPng(bytes)
    const room = flow.y - BOTTOM
    const scale = Math.min(WIDTH / png.width, room / png.height)
    flow.page.drawImage(png, {
      x: (LETTER.width - png.width * scale) / 2,
      y: flow.y - png.height * scale,
      width: png.width * scale,
      height: png.height * scale,
    })
    flow.y -= png.height * scale + 10
    return
  }
  if ('wordSearch' in block) {
    const { words, size, seed } = block.wordSearch
    const puzzle = wordSearch(words, size, seed)
    flow.need(size * 28 + 40)
    drawWordSearch(flow, puzzle, !!block.key)
    return
  }
  if ('crossword' in block) {
    const puzzle = crosswordOf(block.crossword)
    drawCrossword(flow, puzzle, !!block.key)
    return
  }
  if ('bingo' in block) {
    const { pool, cards, seed } = block.bingo
    for (const [i, card] of bingoCards(pool, cards, seed).entries()) {
      flow.need(330)
      drawBingoCard(flow, card, `Card ${i + 1}`)
    }
    return
  }
  if ('maze' in block) {
    const { width, height, seed, start, end } = block.maze
    flow.need(560)
    drawMaze(flow, maze(width, height, seed), !!block.key, { start, end })
    return
  }
}

export async function makePdf(source: PdfSource): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = await PDFDocument.create()
  doc.setTitle(plain(source.title))
  doc.setAuthor('Lamplight Puzzle Co.')
  doc.setCreator('Lamplight Puzzle Co.')
  // Fixed dates keep the bytes the same from one seed to the next.
  doc.setCreationDate(new Date(Date.UTC(2026, 0, 1)))
  doc.setModificationDate(new Date(Date.UTC(2026, 0, 1)))
  const fonts: Fonts = {
    serif: await doc.embedFont(StandardFonts.TimesRomanBold),
    body: await doc.embedFont(StandardFonts.TimesRoman),
    italic: await doc.embedFont(StandardFonts.TimesRomanItalic),
    sans: await doc.embedFont(StandardFonts.Helvetica),
    sansBold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  }

  // Title page
  const cover = doc.addPage([LETTER.width, LETTER.height])
  cover.drawRectangle({
    x: MARGIN / 2,
    y: MARGIN / 2,
    width: LETTER.width - MARGIN,
    height: LETTER.height - MARGIN,
    borderColor: BURGUNDY,
    borderWidth: 2,
  })
  let y = LETTER.height - 200
  for (const line of wrap(plain(source.title), fonts.serif, 32, WIDTH)) {
    centred(cover, line, y, fonts.serif, fitSize(line, fonts.serif, 32, WIDTH), BURGUNDY)
    y -= 40
  }
  if (source.scriptureRef) {
    centred(cover, plain(source.scriptureRef), y - 10, fonts.body, 16, MUTED)
    y -= 50
  }
  y -= 30
  for (const line of wrap(plain(source.description), fonts.body, 14, WIDTH - 60)) {
    cover.drawText(line, { x: MARGIN + 30, y, size: 14, font: fonts.body, color: INK })
    y -= 20
  }
  if (source.plan.contents?.length) {
    y -= 20
    centred(cover, 'Inside', y, fonts.serif, 16, BURGUNDY)
    y -= 24
    for (const item of source.plan.contents) {
      centred(cover, plain(item), y, fonts.body, 13, INK)
      y -= 18
    }
  }

  const flow = new Flow(doc, fonts)
  flow.newPage()
  for (const block of source.plan.blocks) await drawBlock(flow, block, source.images ?? {})

  const pages = doc.getPages()
  for (const [i, page] of pages.entries()) footer(page, fonts.sans, i + 1, pages.length)
  const bytes = await doc.save({ useObjectStreams: true })
  return { bytes, pages: pages.length }
}

function footer(page: PDFPage, font: PDFFont, n: number, total: number) {
  const text = `Lamplight Puzzle Co. - free to print and share - page ${n} of ${total}`
  centred(page, text, 30, font, 9, MUTED)
}
