import { randomUUID } from 'node:crypto'
import { UPLOAD_TYPES, type UploadKind } from '@lamplight/contracts'
import { type FileStorage, TooLargeError } from '../../storage'
import { ApiError, validationFailed } from '../errors'
import {
  ActiveContentRejected,
  detectKind,
  type Inspection,
  imageThumbnail,
  inspectFile,
  SNIFF_BYTES,
  UploadRejected,
} from './inspect'

/**
 * Receiving one uploaded file (issue 13): the body is streamed to storage, never held whole
 * while it arrives. Its type is decided from its first bytes before anything is stored; the
 * byte limit is counted as it streams (a client's Content-Length is never trusted); once it
 * is stored it is read back (bounded by the limit) to count a PDF's pages or measure and
 * resize an image. Whatever is refused leaves no object behind.
 */
export type ReceivedFile = {
  key: string
  kind: UploadKind
  mime: string
  size: number
  inspection: Inspection
  /** A WebP thumbnail of an image (stored by the caller if it wants one). */
  thumbnail: Uint8Array | null
}

export const unsupported = (message = 'Only PDF, PNG, JPEG and WebP files can be uploaded.') =>
  new ApiError(415, 'unsupported_media_type', message)
export const unprocessable = (message: string) => new ApiError(422, 'unprocessable', message)
const empty = () => new ApiError(400, 'validation_failed', 'The file is empty.')
const tooLarge = (maxBytes: number) =>
  new ApiError(413, 'bad_request', `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`)

/** Reads until `count` bytes (or the end) and gives back those bytes and a stream of the whole body. */
async function sniff(body: ReadableStream<Uint8Array>, count: number) {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let have = 0
  let done = false
  while (have < count) {
    const next = await reader.read()
    if (next.done) {
      done = true
      break
    }
    chunks.push(next.value)
    have += next.value.length
  }
  const head = new Uint8Array(have)
  let at = 0
  for (const chunk of chunks) {
    head.set(chunk, at)
    at += chunk.length
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head.length) controller.enqueue(head)
      if (done) controller.close()
    },
    async pull(controller) {
      if (done) return
      const next = await reader.read()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    cancel(reason) {
      return reader.cancel(reason)
    },
  })
  return { head, whole: rest, ended: done }
}

async function readAll(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length
    if (size > limit) throw new TooLargeError(limit)
    chunks.push(chunk)
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return out
}

export async function receiveUpload(
  storage: FileStorage,
  body: ReadableStream<Uint8Array> | null,
  options: {
    maxBytes: number
    /** Where the object goes, given the detected kind. */
    keyFor: (kind: UploadKind) => string
    /** Kinds accepted here (default: all). */
    kinds?: readonly UploadKind[]
    /** Make a thumbnail of an image. */
    thumbnail?: boolean
  },
): Promise<ReceivedFile> {
  if (!body) throw empty()
  const { head, whole } = await sniff(body, SNIFF_BYTES)
  if (head.length === 0) throw empty()
  const kind = detectKind(head)
  const allowed = options.kinds ?? (Object.keys(UPLOAD_TYPES) as UploadKind[])
  if (!kind || !allowed.includes(kind)) {
    await whole.cancel().catch(() => {})
    throw unsupported(
      allowed.includes('pdf') ? undefined : 'Only PNG, JPEG and WebP images can be used here.',
    )
  }
  const key = options.keyFor(kind)
  let size: number
  try {
    ;({ size } = await storage.putStream(key, whole, { maxBytes: options.maxBytes }))
  } catch (error) {
    // putStream leaves nothing under the key when it fails.
    if (error instanceof TooLargeError) throw tooLarge(options.maxBytes)
    throw new ApiError(400, 'bad_request', 'The upload did not arrive whole. Please try again.')
  }
  try {
    const stored = await storage.get(key)
    if (!stored) throw new Error('stored file vanished')
    const bytes = await readAll(stored.body, options.maxBytes)
    const inspection = await inspectFile(bytes)
    const thumbnail = options.thumbnail && inspection.kind !== 'pdf' ? await imageThumbnail(bytes) : null
    return { key, kind, mime: inspection.mime, size, inspection, thumbnail }
  } catch (error) {
    await storage.delete(key).catch(() => {})
    // A PDF that can run something is a bad file, said on the file field (the form shows it there).
    if (error instanceof ActiveContentRejected)
      throw validationFailed(error.message, [{ path: 'file', message: error.message }])
    if (error instanceof UploadRejected) throw unprocessable(error.message)
    throw error
  }
}

/** A fresh storage key under a resource's folder. */
export const uploadKey = (resourceId: string, kind: UploadKind) =>
  `resources/${resourceId}/${randomUUID()}.${UPLOAD_TYPES[kind].extension}`
export const thumbKey = (resourceId: string) => `thumbs/${resourceId}-${randomUUID()}.webp`

/** The name a client sent in X-Filename (percent-encoded UTF-8), or '' if it is missing or malformed. */
export function decodeFilenameHeader(value: string | undefined): string {
  if (!value) return ''
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
