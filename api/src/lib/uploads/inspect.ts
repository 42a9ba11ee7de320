import { UPLOAD_MAX_PIXELS, UPLOAD_TYPES, type UploadKind } from '@lamplight/contracts'
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFParser,
  type PDFRef,
  PDFStream,
} from 'pdf-lib'
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

/** A PDF refused for what it carries (scripts, actions, attachments): the editor's file is at fault, not its format. */
export class ActiveContentRejected extends UploadRejected {
  constructor(readonly found: string[]) {
    super(ACTIVE_CONTENT_MESSAGE)
  }
}

export const ACTIVE_CONTENT_MESSAGE =
  'This PDF contains scripts, automatic actions, attached files or interactive media, which the library does not accept. Save it again without them (printing it to a new PDF does) and upload that copy.'

/**
 * Keys whose presence anywhere in a PDF means it can run or launch something: JavaScript
 * (an action's /JS, the names tree's /JavaScript), trigger events (/AA on the catalog, a page,
 * an annotation or a field), attachments, rich media and XFA forms.
 */
const ACTIVE_KEYS = new Set([
  'JS',
  'JavaScript',
  'AA',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMediaContent',
  'RichMediaSettings',
  'XFA',
])
/** Action types (/S) that run code, open files or programs, or send the form somewhere. */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
  'Rendition',
  'RichMediaExecute',
  'Movie',
  'Sound',
])
/** Annotation kinds that carry files or play media. */
const ACTIVE_SUBTYPES = new Set(['FileAttachment', 'RichMedia', 'Screen', 'Movie', 'Sound', '3D'])

/**
 * The same names in the raw bytes, outside stream data: a second net under the parse, for
 * an object pdf-lib skipped that a viewer might still recover. Stream bodies are left out
 * (compressed data would match by chance; object streams are walked after decompression).
 */
const ACTIVE_BYTES =
  /\/(?:JavaScript|JS|AA|Launch|EmbeddedFiles?|RichMedia(?:Content|Settings)?|XFA|SubmitForm|ImportData)(?=[\s/<>[\]()%{}]|$)/
const STREAM_DATA = /\bstream\r?\n[\s\S]*?\bendstream\b/g

const nameOf = (value: PDFObject | undefined) => (value instanceof PDFName ? value.decodeText() : null)

/** What in these objects (and everything nested in them) can run or launch something; empty when nothing. */
export function findActiveContent(objects: Iterable<PDFObject>, catalog?: PDFDict): string[] {
  const found = new Set<string>()
  const stack: PDFObject[] = [...objects]
  while (stack.length) {
    const object = stack.pop()
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null
    if (object instanceof PDFArray) stack.push(...object.asArray())
    if (!dict) continue
    for (const [key, value] of dict.entries()) {
      const name = key.decodeText()
      if (ACTIVE_KEYS.has(name)) found.add(`/${name}`)
      else if (name === 'S' && ACTIVE_ACTIONS.has(nameOf(value) ?? '')) found.add(`/S /${nameOf(value)}`)
      else if (name === 'Subtype' && ACTIVE_SUBTYPES.has(nameOf(value) ?? ''))
        found.add(`/Subtype /${nameOf(value)}`)
      else if (name === 'Type' && nameOf(value) === 'EmbeddedFile') found.add('/Type /EmbeddedFile')
      stack.push(value)
    }
  }
  // Opening the document may only show a page: a destination, or a GoTo action.
  const open = catalog?.get(PDFName.of('OpenAction'))
  const openAction = open && catalog?.context.lookup(open)
  if (openAction instanceof PDFDict && nameOf(openAction.get(PDFName.of('S'))) !== 'GoTo')
    found.add('/OpenAction')
  return [...found]
}

/** The raw-bytes net (see ACTIVE_BYTES): the first active name outside stream data, or null. */
export function activeNameInBytes(bytes: Uint8Array): string | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(STREAM_DATA, 'stream endstream')
  return ACTIVE_BYTES.exec(text)?.[0] ?? null
}

/**
 * Parses a PDF with pdf-lib, seeing every object it defines: pdf-lib keeps only the last
 * definition of an object number, while a viewer follows the cross-reference table, which
 * may point at an earlier one, so each definition is checked as it is parsed (object
 * streams included, decompressed).
 */
async function parsePdf(bytes: Uint8Array): Promise<{ doc: PDFDocument; defined: PDFObject[] }> {
  const parser = PDFParser.forBytesWithOptions(bytes, 100, true)
  const context = (parser as unknown as { context: PDFContext }).context
  const defined: PDFObject[] = []
  const assign = context.assign.bind(context)
  context.assign = (ref: PDFRef, object: PDFObject) => {
    defined.push(object)
    assign(ref, object)
  }
  await parser.parseDocument()
  // What PDFDocument.load does after parsing (pdf-lib 1.17; its constructor is private).
  const Doc = PDFDocument as unknown as new (
    context: PDFContext,
    ignoreEncryption: boolean,
    updateMetadata: boolean,
  ) => PDFDocument
  return { doc: new Doc(context, false, false), defined }
}

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
      const { doc, defined } = await parsePdf(bytes)
      const found = findActiveContent(defined, doc.catalog)
      const raw = activeNameInBytes(bytes)
      if (raw) found.push(`${raw} (in the raw bytes)`)
      if (found.length) throw new ActiveContentRejected(found)
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
