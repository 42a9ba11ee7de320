import { UPLOAD_MAX_PIXELS, UPLOAD_TYPES, type UploadKind } from '@lamplight/contracts'
import { PDFDocument } from 'pdf-lib'
import sharp, { type Metadata } from 'sharp'

/**
 * Checks on an uploaded file for the resource editor (issue 13). The type comes from the
 * bytes only: a name or a browser's Content-Type is a claim anyone can make.
 */

/** The kind the first bytes prove, or null for anything we do not accept. */
export function detectKind(head: Uint8Array): UploadKind | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => head[at + i] === b)
  // %PDF- (a PDF with anything in front of its header is refused, not searched for).
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg'
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp'
  return null
}

/** How many leading bytes `detectKind` needs. */
export const SNIFF_BYTES = 12

/**
 * A name safe to store and to send back in Content-Disposition: the last path segment only,
 * no control characters (NUL included), only letters, digits, space, dot, dash and
 * underscore, no leading dots, bounded, and ending in the extension of the detected kind.
 */
export function sanitiseFilename(raw: string, kind: UploadKind): string {
  const extension = UPLOAD_TYPES[kind].extension
  const last = raw.split(/[\\/]/).pop() ?? ''
  let stem = last
    .normalize('NFKC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} ._-]+/gu, '-')
    .replace(/\s+/g, ' ')
    .replace(/-{2,}/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 100)
    .trim()
  if (!stem) stem = 'file'
  return `${stem}.${extension}`
}

export class UploadRejected extends Error {}

export type Inspection =
  | { kind: 'pdf'; mime: string; pages: number }
  | { kind: 'png' | 'jpeg' | 'webp'; mime: string; width: number; height: number }

/**
 * Reads a whole (size-limited) file: a PDF's page count, an image's dimensions. Images over
 * the pixel limit are refused from their header, before any decoding.
 */
export async function inspectFile(bytes: Uint8Array): Promise<Inspection> {
  if (bytes.length === 0) throw new UploadRejected('The file is empty.')
  const kind = detectKind(bytes.subarray(0, SNIFF_BYTES))
  if (!kind) throw new UploadRejected('Only PDF, PNG, JPEG and WebP files can be uploaded.')
  const mime = UPLOAD_TYPES[kind].mime
  if (kind === 'pdf') {
    try {
      const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true })
      const pages = doc.getPageCount()
      if (pages < 1) throw new UploadRejected('The PDF has no pages.')
      return { kind, mime, pages }
    } catch (error) {
      if (error instanceof UploadRejected) throw error
      throw new UploadRejected('The PDF could not be read.')
    }
  }
  let meta: Metadata
  try {
    // The pixel limit is checked below from the header; sharp's own limit guards decoding.
    meta = await sharp(bytes).metadata()
  } catch {
    throw new UploadRejected('The image could not be read.')
  }
  const { width, height } = meta
  if (!width || !height) throw new UploadRejected('The image could not be read.')
  if (width * height > UPLOAD_MAX_PIXELS) throw new UploadRejected('The image is too large in pixels.')
  const formats: Record<string, UploadKind> = { png: 'png', jpeg: 'jpeg', webp: 'webp' }
  if (formats[meta.format ?? ''] !== kind) throw new UploadRejected('The image could not be read.')
  return { kind, mime, width, height }
}

/** A 600 px wide WebP thumbnail of an image (decoding also proves the whole image is sound). */
export async function imageThumbnail(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    const out = await sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: 600, height: 800, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .webp({ quality: 82 })
      .toBuffer()
    return new Uint8Array(out)
  } catch {
    throw new UploadRejected('The image could not be read.')
  }
}
