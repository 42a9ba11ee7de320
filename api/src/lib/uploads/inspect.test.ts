import { PDFDocument, PDFName, PDFString } from 'pdf-lib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { pngClaiming } from '../../test/png'
import {
  ACTIVE_CONTENT_MESSAGE,
  ActiveContentRejected,
  activeNameInBytes,
  detectKind,
  imageThumbnail,
  inspectFile,
  sanitiseFilename,
  UploadRejected,
} from './inspect'

const enc = (s: string) => new TextEncoder().encode(s)

async function pdfWithPages(n: number) {
  const doc = await PDFDocument.create()
  for (let i = 0; i < n; i++) doc.addPage([612, 792])
  return doc.save()
}

describe('detectKind', () => {
  it('knows the four accepted kinds by their bytes', async () => {
    expect(detectKind(await pdfWithPages(1))).toBe('pdf')
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .png()
      .toBuffer()
    const jpg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer()
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .webp()
      .toBuffer()
    expect(detectKind(png)).toBe('png')
    expect(detectKind(jpg)).toBe('jpeg')
    expect(detectKind(webp)).toBe('webp')
  })

  it('refuses a script, a zip, an empty file and a PDF with a wrong header', () => {
    expect(detectKind(enc('#!/bin/sh\nrm -rf /\n'))).toBeNull()
    expect(detectKind(enc('<script>alert(1)</script>'))).toBeNull()
    expect(detectKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBeNull()
    expect(detectKind(new Uint8Array())).toBeNull()
    expect(detectKind(enc(' %PDF-1.7'))).toBeNull()
    expect(detectKind(enc('%PDX-1.7'))).toBeNull()
    expect(detectKind(enc('RIFF\0\0\0\0WAVE'))).toBeNull()
  })
})

describe('sanitiseFilename', () => {
  it('keeps the last segment, drops control characters and odd marks, and uses the real extension', () => {
    expect(sanitiseFilename('../../etc/passwd', 'pdf')).toBe('passwd.pdf')
    expect(sanitiseFilename('..\\..\\win.ini', 'png')).toBe('win.png')
    expect(sanitiseFilename('evil\u0000.php.png', 'png')).toBe('evil.php.png')
    expect(sanitiseFilename('Noah <script>.png', 'png')).toBe('Noah -script.png')
    expect(sanitiseFilename('Armour of God.PDF', 'pdf')).toBe('Armour of God.pdf')
    expect(sanitiseFilename('photo.png', 'jpeg')).toBe('photo.jpg')
    expect(sanitiseFilename('...', 'webp')).toBe('file.webp')
    expect(sanitiseFilename('', 'pdf')).toBe('file.pdf')
    expect(sanitiseFilename(`${'a'.repeat(500)}.pdf`, 'pdf')).toHaveLength(104)
  })
})

describe('inspectFile', () => {
  it('counts a PDF’s pages', async () => {
    expect(await inspectFile(await pdfWithPages(3))).toEqual({
      kind: 'pdf',
      mime: 'application/pdf',
      pages: 3,
    })
  })

  it('measures an image', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer()
    expect(await inspectFile(png)).toEqual({ kind: 'png', mime: 'image/png', width: 40, height: 30 })
  })

  it('refuses empty files, scripts, broken PDFs and images too large in pixels', {
    timeout: 60_000,
  }, async () => {
    await expect(inspectFile(new Uint8Array())).rejects.toBeInstanceOf(UploadRejected)
    await expect(inspectFile(enc('#!/bin/sh\necho hi\n'))).rejects.toThrow(/Only PDF, PNG, JPEG and WebP/)
    await expect(inspectFile(enc('%PDF-1.7\nnot really a pdf'))).rejects.toThrow(/PDF could not be read/)
    // Malformed giant headers fail to decode; a real, well-compressed 60-megapixel PNG is refused by size.
    await expect(inspectFile(pngClaiming(100_000, 100_000))).rejects.toBeInstanceOf(UploadRejected)
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(bomb.length).toBeLessThan(1_000_000)
    await expect(inspectFile(bomb)).rejects.toThrow(/too large in pixels/)
    await expect(imageThumbnail(bomb)).rejects.toBeInstanceOf(UploadRejected)
    // A JPEG header on PNG bytes: the decoder disagrees with the sniff.
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    await expect(inspectFile(new Uint8Array([0xff, 0xd8, 0xff, ...png]))).rejects.toBeInstanceOf(
      UploadRejected,
    )
  })

  it('makes a bounded WebP thumbnail of an image', async () => {
    const png = await sharp({ create: { width: 1800, height: 1200, channels: 4, background: '#36c' } })
      .png()
      .toBuffer()
    const thumb = await imageThumbnail(png)
    const meta = await sharp(thumb).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.width).toBe(600)
    expect(meta.height).toBe(400)
    await expect(imageThumbnail(pngClaiming(100_000, 100_000))).rejects.toBeInstanceOf(UploadRejected)
  })
})

/** A one-page PDF made with pdf-lib, changed by `change` before it is saved (object streams, compressed, by default). */
async function pdfWith(change: (doc: PDFDocument) => void | Promise<void>, useObjectStreams = true) {
  const doc = await PDFDocument.create()
  doc.addPage([612, 792])
  await change(doc)
  return doc.save({ useObjectStreams })
}
const script = (doc: PDFDocument) =>
  doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("pwned")') })

/** A PDF written by hand: `objects` in order, then a cross-reference table pointing at `xrefPick` (default: each object's last definition). */
function handMadePdf(objects: [number, string][], xrefPick?: Record<number, number>) {
  let body = '%PDF-1.7\n'
  const offsets: Record<number, number[]> = {}
  for (const [num, text] of objects) {
    offsets[num] = [...(offsets[num] ?? []), body.length]
    body += `${num} 0 obj\n${text}\nendobj\n`
  }
  const count = Math.max(...objects.map(([n]) => n)) + 1
  const xref = body.length
  body += `xref\n0 ${count}\n0000000000 65535 f \n`
  for (let n = 1; n < count; n++) {
    const all = offsets[n] ?? [0]
    const pick = xrefPick?.[n]
    const at = pick !== undefined ? all[pick]! : all[all.length - 1]!
    body += `${String(at).padStart(10, '0')} 00000 n \n`
  }
  body += `trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return enc(body)
}
const CATALOG: [number, string][] = [
  [1, '<< /Type /Catalog /Pages 2 0 R >>'],
  [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
  [3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'],
]

describe('PDFs that can run something', () => {
  const refused = async (bytes: Uint8Array, found: RegExp) => {
    const error = await inspectFile(bytes).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ActiveContentRejected)
    expect((error as ActiveContentRejected).message).toBe(ACTIVE_CONTENT_MESSAGE)
    expect((error as ActiveContentRejected).found.join(' ')).toMatch(found)
  }

  it('refuses JavaScript run on opening, even compressed in an object stream where no byte shows it', async () => {
    const bytes = await pdfWith((doc) => doc.catalog.set(PDFName.of('OpenAction'), script(doc)))
    // The names are inside a compressed object stream: only the parse finds them.
    expect(activeNameInBytes(bytes)).toBeNull()
    await refused(bytes, /\/JS\b/)
    // The same document without object streams: the raw bytes show it too.
    const plain = await pdfWith((doc) => doc.catalog.set(PDFName.of('OpenAction'), script(doc)), false)
    expect(activeNameInBytes(plain)).toMatch(/^\/(JS|JavaScript)$/)
    await refused(plain, /\/JS\b/)
  })

  it("refuses a page's and an annotation's actions, the names tree's scripts, Launch, attachments and XFA", async () => {
    await refused(
      await pdfWith((doc) => doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: script(doc) }))),
      /\/AA/,
    )
    await refused(
      await pdfWith((doc) => {
        const link = doc.context.register(
          doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 200, 50], A: script(doc) }),
        )
        doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([link]))
      }),
      /\/S \/JavaScript/,
    )
    await refused(
      await pdfWith((doc) => {
        const action = doc.context.register(script(doc))
        const tree = doc.context.obj({ Names: [PDFString.of('hello'), action] })
        doc.catalog.set(PDFName.of('Names'), doc.context.obj({ JavaScript: tree }))
      }),
      /\/JavaScript/,
    )
    await refused(
      await pdfWith((doc) =>
        doc.catalog.set(
          PDFName.of('OpenAction'),
          doc.context.obj({ S: 'Launch', F: PDFString.of('C:\\Windows\\System32\\calc.exe') }),
        ),
      ),
      /\/S \/Launch/,
    )
    await refused(
      await pdfWith((doc) => doc.attach(enc('hello'), 'notes.txt', { mimeType: 'text/plain' })),
      /\/EmbeddedFiles?/,
    )
    await refused(
      await pdfWith((doc) =>
        doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [], XFA: PDFString.of('<xdp/>') })),
      ),
      /\/XFA/,
    )
  })

  it('refuses names written with #-escapes, which no byte search would match', async () => {
    const bytes = handMadePdf([
      [1, '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>'],
      ...CATALOG.slice(1),
      [4, '<< /S /Java#53cript /J#53 (app.alert\\(1\\)) >>'],
    ])
    expect(activeNameInBytes(bytes)).toBeNull()
    await refused(bytes, /\/JS\b/)
  })

  it('refuses a script in an earlier definition of an object that the cross-reference table points at', async () => {
    // Object 4 twice: a script first (where the xref points, so a viewer runs it), then a
    // harmless dictionary last (the one pdf-lib keeps).
    const bytes = handMadePdf(
      [
        [1, '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>'],
        ...CATALOG.slice(1),
        [4, '<< /S /Java#53cript /J#53 (app.alert\\(1\\)) >>'],
        [4, '<< /S /GoTo /D [3 0 R /Fit] >>'],
      ],
      { 4: 0 },
    )
    expect(activeNameInBytes(bytes)).toBeNull()
    await refused(bytes, /\/JS\b/)
  })

  it('accepts links to web pages, a first page to open at, and forms without scripts', async () => {
    const bytes = await pdfWith((doc) => {
      const page = doc.getPage(0)
      const link = doc.context.register(
        doc.context.obj({
          Type: 'Annot',
          Subtype: 'Link',
          Rect: [0, 0, 200, 50],
          A: { S: 'URI', URI: PDFString.of('https://lamplight.example/resources') },
        }),
      )
      page.node.set(PDFName.of('Annots'), doc.context.obj([link]))
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([page.ref, 'Fit']))
      doc.getForm().createTextField('name').addToPage(page, { x: 50, y: 600 })
    })
    expect(await inspectFile(bytes)).toEqual({ kind: 'pdf', mime: 'application/pdf', pages: 1 })
    const goTo = handMadePdf([
      [1, '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /GoTo /D [3 0 R /Fit] >> >>'],
      ...CATALOG.slice(1),
    ])
    expect(await inspectFile(goTo)).toMatchObject({ kind: 'pdf', pages: 1 })
  })

  it('searches the raw bytes outside stream data only', () => {
    expect(activeNameInBytes(enc('1 0 obj << /JS (x) >> endobj'))).toBe('/JS')
    expect(activeNameInBytes(enc('1 0 obj << /AA << >> >> endobj'))).toBe('/AA')
    expect(
      activeNameInBytes(enc('1 0 obj << /Length 9 >>\nstream\n/JS (x) /AA\nendstream endobj')),
    ).toBeNull()
    // A longer name that only starts like one is another name.
    expect(activeNameInBytes(enc('<< /JSON 1 /AAB 2 /Font /F1 >>'))).toBeNull()
  })
})
