import type { FulfilmentQueueEntry } from '@lamplight/contracts'
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib'

/**
 * The packing slips of the selected orders: one PDF, a Letter page per order (order number,
 * date, ship-to address, the lines still to pack with a tick box each), made on the server
 * with pdf-lib and its built-in fonts, so nothing is downloaded and every printer agrees.
 */
const LETTER = { width: 612, height: 792 }
const MARGIN = 54
const INK = rgb(0.16, 0.125, 0.094)
const BURGUNDY = rgb(0.478, 0.141, 0.188)
const MUTED = rgb(0.42, 0.345, 0.282)

/**
 * The built-in fonts write WinAnsi only; a name typed in another script would throw. Typographic
 * punctuation becomes plain, Latin-1 stays, anything else becomes "?": a slip always prints.
 */
export function winAnsi(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
}

function fitToWidth(text: string, font: PDFFont, size: number, width: number): string {
  let out = winAnsi(text)
  while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = out.slice(0, -2)
  return out === winAnsi(text) ? out : `${out}...`
}

export async function packingSlipsPdf(entries: FulfilmentQueueEntry[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(`Packing slips (${entries.length})`)
  pdf.setCreator('Lamplight Puzzle Co.')
  const regular = await pdf.embedFont(StandardFonts.TimesRoman)
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold)
  const width = LETTER.width - MARGIN * 2
  for (const entry of entries) {
    const page = pdf.addPage([LETTER.width, LETTER.height])
    let y = LETTER.height - MARGIN
    const write = (
      text: string,
      options: { size?: number; font?: PDFFont; color?: typeof INK; x?: number } = {},
    ) => {
      const size = options.size ?? 12
      const font = options.font ?? regular
      page.drawText(fitToWidth(text, font, size, width - ((options.x ?? MARGIN) - MARGIN)), {
        x: options.x ?? MARGIN,
        y,
        size,
        font,
        color: options.color ?? INK,
      })
      y -= size * 1.5
    }
    write('Lamplight Puzzle Co.', { size: 20, font: bold, color: BURGUNDY })
    write('Packing slip', { size: 12, color: MUTED })
    y -= 8
    write(`Order ${entry.order_number}`, { size: 18, font: bold })
    write(`Placed ${entry.created_at.slice(0, 10)}`, { color: MUTED })
    y -= 8
    write('Ship to', { font: bold })
    const a = entry.shipping_address
    const address = a
      ? [
          `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim(),
          a.address ?? '',
          `${a.city ?? ''}, ${a.state ?? ''} ${a.zipCode ?? ''}`.trim(),
          a.country ?? '',
        ].filter(Boolean)
      : [entry.customer_name ?? entry.customer_email, '(no shipping address on this order)']
    for (const line of address) write(line)
    y -= 12
    write('Qty', { font: bold })
    y += 18
    write('Item', { font: bold, x: MARGIN + 60 })
    page.drawLine({
      start: { x: MARGIN, y: y + 12 },
      end: { x: LETTER.width - MARGIN, y: y + 12 },
      thickness: 0.75,
      color: MUTED,
    })
    const toPack = entry.lines.filter((line) => line.remaining > 0)
    for (const line of toPack.length ? toPack : entry.lines) {
      if (y < MARGIN + 60) break
      page.drawRectangle({ x: MARGIN, y: y - 2, width: 10, height: 10, borderColor: INK, borderWidth: 0.75 })
      write(String(line.remaining > 0 ? line.remaining : line.quantity), { x: MARGIN + 18 })
      y += 18
      write(line.product_title, { x: MARGIN + 60 })
    }
    y = MARGIN + 24
    write(
      'Thank you for your order. Questions? Reply to your order mail or write to us from our contact page.',
      {
        size: 10,
        color: MUTED,
      },
    )
  }
  return pdf.save()
}
