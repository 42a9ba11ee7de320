import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import type { PdfPlan } from './content/library'

/**
 * Multi-page printable PDFs with pdf-lib's built-in fonts (nothing downloaded): a title
 * page, a page of guidance, and a page to use (lines to write on, a game grid, or the
 * resource's colouring page). Letter size, half-inch margins.
 */
const LETTER = { width: 612, height: 792 }
const MARGIN = 54
const INK = rgb(0.16, 0.125, 0.094)
const BURGUNDY = rgb(0.478, 0.141, 0.188)
const MUTED = rgb(0.42, 0.345, 0.282)

export type PdfSource = {
  title: string
  description: string
  scriptureRef: string | null
  plan: PdfPlan
  /** A colouring page to end with, PNG bytes. */
  image?: Uint8Array
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
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
const plain = (text: string) =>
  text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, '-').replace(/…/g, '...')

function footer(page: PDFPage, font: PDFFont, n: number, total: number) {
  const text = `Lamplight Puzzle Co. - free to print and share - page ${n} of ${total}`
  page.drawText(text, {
    x: (LETTER.width - font.widthOfTextAtSize(text, 9)) / 2,
    y: 30,
    size: 9,
    font,
    color: MUTED,
  })
}

const GUIDANCE: Record<PdfPlan['kind'], { heading: string; intro: string }> = {
  lesson: {
    heading: 'Lesson outline',
    intro: 'Read the passage yourself first and pray for the people you will teach. Then:',
  },
  journal: {
    heading: 'Prompts',
    intro: 'Find a quiet moment. Read the verse slowly, then let these prompts lead you:',
  },
  game: { heading: 'How to play', intro: 'Gather pencils and a friend or two. Here is how it works:' },
  activity: {
    heading: 'What you will do',
    intro: 'Get your crayons, scissors and glue ready. Step by step:',
  },
}

export async function makePdf(source: PdfSource): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = await PDFDocument.create()
  doc.setTitle(plain(source.title))
  doc.setAuthor('Lamplight Puzzle Co.')
  doc.setCreator('Lamplight Puzzle Co.')
  // Fixed dates keep the bytes the same from one seed to the next.
  doc.setCreationDate(new Date(Date.UTC(2026, 0, 1)))
  doc.setModificationDate(new Date(Date.UTC(2026, 0, 1)))
  const serif = await doc.embedFont(StandardFonts.TimesRomanBold)
  const body = await doc.embedFont(StandardFonts.TimesRoman)
  const sans = await doc.embedFont(StandardFonts.Helvetica)
  const width = LETTER.width - MARGIN * 2

  // 1. Title page
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
  for (const line of wrap(plain(source.title), serif, 32, width)) {
    cover.drawText(line, {
      x: (LETTER.width - serif.widthOfTextAtSize(line, 32)) / 2,
      y,
      size: 32,
      font: serif,
      color: BURGUNDY,
    })
    y -= 40
  }
  if (source.scriptureRef) {
    const ref = plain(source.scriptureRef)
    cover.drawText(ref, {
      x: (LETTER.width - body.widthOfTextAtSize(ref, 16)) / 2,
      y: y - 10,
      size: 16,
      font: body,
      color: MUTED,
    })
    y -= 50
  }
  y -= 30
  for (const line of wrap(plain(source.description), body, 14, width - 60)) {
    cover.drawText(line, { x: MARGIN + 30, y, size: 14, font: body, color: INK, lineHeight: 18 })
    y -= 20
  }

  // 2. Guidance
  const guide = doc.addPage([LETTER.width, LETTER.height])
  const { heading, intro } = GUIDANCE[source.plan.kind]
  y = LETTER.height - MARGIN - 20
  guide.drawText(heading, { x: MARGIN, y, size: 24, font: serif, color: BURGUNDY })
  y -= 36
  for (const line of wrap(intro, body, 13, width)) {
    guide.drawText(line, { x: MARGIN, y, size: 13, font: body, color: INK })
    y -= 18
  }
  y -= 10
  source.plan.points.forEach((point, i) => {
    const lines = wrap(plain(point), body, 13, width - 30)
    guide.drawText(`${i + 1}.`, { x: MARGIN, y, size: 13, font: serif, color: BURGUNDY })
    for (const line of lines) {
      guide.drawText(line, { x: MARGIN + 26, y, size: 13, font: body, color: INK })
      y -= 18
    }
    y -= 8
  })

  // 3. Something to use
  const sheet = doc.addPage([LETTER.width, LETTER.height])
  if (source.image) {
    const png = await doc.embedPng(source.image)
    const scale = Math.min(width / png.width, (LETTER.height - MARGIN * 2) / png.height)
    sheet.drawImage(png, {
      x: (LETTER.width - png.width * scale) / 2,
      y: (LETTER.height - png.height * scale) / 2,
      width: png.width * scale,
      height: png.height * scale,
    })
  } else if (source.plan.kind === 'game') {
    sheet.drawText('Your game sheet', {
      x: MARGIN,
      y: LETTER.height - MARGIN - 20,
      size: 22,
      font: serif,
      color: BURGUNDY,
    })
    const cell = width / 10
    for (let r = 0; r < 10; r++) {
      for (let c = 0; c < 10; c++) {
        sheet.drawRectangle({
          x: MARGIN + c * cell,
          y: LETTER.height - MARGIN - 80 - (r + 1) * cell,
          width: cell,
          height: cell,
          borderColor: INK,
          borderWidth: 1,
        })
      }
    }
  } else {
    sheet.drawText('My notes', {
      x: MARGIN,
      y: LETTER.height - MARGIN - 20,
      size: 22,
      font: serif,
      color: BURGUNDY,
    })
    for (let line = LETTER.height - MARGIN - 70; line > MARGIN + 20; line -= 30) {
      sheet.drawLine({
        start: { x: MARGIN, y: line },
        end: { x: LETTER.width - MARGIN, y: line },
        thickness: 0.6,
        color: MUTED,
      })
    }
  }

  const pages = doc.getPages()
  for (const [i, page] of pages.entries()) footer(page, sans, i + 1, pages.length)
  const bytes = await doc.save({ useObjectStreams: true })
  return { bytes, pages: pages.length }
}
