import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { detectKind, imageThumbnail, inspectFile, sanitiseFilename, UploadRejected } from './inspect'

const enc = (s: string) => new TextEncoder().encode(s)

function crc32(bytes: Uint8Array): number {
  let c = ~0
  for (const b of bytes) {
    c ^= b
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1
  }
  return ~c >>> 0
}

/** A PNG whose header claims width × height, with a valid CRC and a tiny body: a decompression-bomb shape. */
function pngClaiming(width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(17)
  const view = new DataView(ihdr.buffer)
  ihdr.set(enc('IHDR'))
  view.setUint32(4, width)
  view.setUint32(8, height)
  ihdr.set([8, 2, 0, 0, 0], 12)
  const chunk = new Uint8Array(4 + 17 + 4)
  const cv = new DataView(chunk.buffer)
  cv.setUint32(0, 13)
  chunk.set(ihdr, 4)
  cv.setUint32(21, crc32(ihdr))
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  const iend = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]
  return new Uint8Array([...sig, ...chunk, ...iend])
}

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
