import { createReadStream } from 'node:fs'
import { mkdir, open, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/**
 * Where uploaded and generated files live. The key is a relative, slash-separated path
 * such as `resources/noahs-ark-rainbow/page.png`; only keys that pass `assertSafeKey`
 * ever reach the file system.
 */
export type StoredFile = { body: ReadableStream<Uint8Array>; size: number }

export interface FileStorage {
  put(key: string, body: Uint8Array): Promise<void>
  /**
   * Streams a body to the key. Past `maxBytes`, or if the body fails mid-way, it throws and
   * nothing is left under the key (an upload never leaves half a file or an orphan).
   */
  putStream(
    key: string,
    body: ReadableStream<Uint8Array>,
    options?: { maxBytes?: number },
  ): Promise<{ size: number }>
  get(key: string): Promise<StoredFile | null>
  exists(key: string): Promise<boolean>
  delete(key: string): Promise<void>
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i

export function isSafeKey(key: string): boolean {
  return (
    key.length <= 512 && SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '.')
  )
}

/** Thrown by `putStream` when a body passes its limit (the client's stated size is never trusted). */
export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The body is larger than ${maxBytes} bytes`)
  }
}

/** Counts bytes as they pass and fails the stream at the first byte past the limit. */
export function byteLimit(maxBytes: number, counted: { size: number }) {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      counted.size += chunk.length
      if (counted.size > maxBytes) done(new TooLargeError(maxBytes))
      else done(null, chunk)
    },
  })
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`)
}

/** The embedded default: a folder on disk (under `.data/files` unless told otherwise). */
export function createLocalStorage(root: string): FileStorage {
  const base = path.resolve(root)
  const resolve = (key: string) => {
    assertSafeKey(key)
    const full = path.resolve(base, key)
    // Belt and braces: the pattern already forbids it, but never leave the root.
    if (!full.startsWith(base + path.sep)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`)
    return full
  }
  return {
    async put(key, body) {
      const full = resolve(key)
      await mkdir(path.dirname(full), { recursive: true })
      // Write then rename so a reader never sees half a file.
      const tmp = `${full}.${process.pid}.${Date.now()}.tmp`
      await writeFile(tmp, body)
      await rename(tmp, full)
    },
    async putStream(key, body, options = {}) {
      const full = resolve(key)
      await mkdir(path.dirname(full), { recursive: true })
      const tmp = `${full}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`
      const counted = { size: 0 }
      // Opened before the stream starts: a write stream opens its file asynchronously, so an
      // upload refused in its first bytes could create the temporary file after it was removed,
      // and leave it behind (seen in the editor's hostile-upload test).
      const file = await open(tmp, 'wx')
      try {
        await pipeline(
          Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>),
          byteLimit(options.maxBytes ?? Number.POSITIVE_INFINITY, counted),
          file.createWriteStream(),
        )
        await rename(tmp, full)
        return { size: counted.size }
      } catch (error) {
        await file.close().catch(() => {})
        await unlink(tmp).catch(() => {})
        throw error
      }
    },
    async get(key) {
      const full = resolve(key)
      try {
        const info = await stat(full)
        if (!info.isFile()) return null
        const body = Readable.toWeb(createReadStream(full)) as ReadableStream<Uint8Array>
        return { body, size: info.size }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async exists(key) {
      try {
        return (await stat(resolve(key))).isFile()
      } catch {
        return false
      }
    },
    async delete(key) {
      try {
        await unlink(resolve(key))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
    },
  }
}
