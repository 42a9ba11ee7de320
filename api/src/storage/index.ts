import { createReadStream } from 'node:fs'
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'

/**
 * Where uploaded and generated files live. The key is a relative, slash-separated path
 * such as `resources/noahs-ark-rainbow/page.png`; only keys that pass `assertSafeKey`
 * ever reach the file system.
 */
export type StoredFile = { body: ReadableStream<Uint8Array>; size: number }

export interface FileStorage {
  put(key: string, body: Uint8Array): Promise<void>
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
