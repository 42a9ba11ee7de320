import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { type FakeS3, s3Env, startFakeS3 } from '../test/fake-s3'
import { createLocalStorage, type FileStorage, TooLargeError } from '.'
import { createStorage } from './from-config'
import { createS3Storage } from './s3'

function streamOf(chunks: Uint8Array[], failAfter?: number): ReadableStream<Uint8Array> {
  let i = 0
  return new ReadableStream({
    pull(controller) {
      if (failAfter !== undefined && i === failAfter) return controller.error(new Error('connection reset'))
      const chunk = chunks[i++]
      if (chunk === undefined) return controller.close()
      controller.enqueue(chunk)
    },
  })
}

const KB = 1024
const MB = 1024 * KB
const filled = (n: number, byte = 7) => new Uint8Array(n).fill(byte)
/** A body with a different byte per chunk, so a part out of place would show. */
const chunksOf = (count: number, size: number) => Array.from({ length: count }, (_, i) => filled(size, i + 1))

async function bytesOf(storage: FileStorage, key: string): Promise<Buffer> {
  const file = await storage.get(key)
  if (!file) throw new Error(`missing ${key}`)
  return Buffer.from(await new Response(file.body).arrayBuffer())
}

type Harness = {
  storage: FileStorage
  /** Everything the adapter holds: files, objects, temporary files and unfinished uploads. */
  leftovers(): Promise<string[]>
  /** Makes the backend fail while a large body is being written (null: not simulated). */
  failWrites: ((on: boolean) => void) | null
}

let s3: FakeS3
beforeAll(async () => {
  s3 = await startFakeS3()
})
afterAll(async () => {
  await s3?.close()
})

const ADAPTERS: [string, () => Promise<Harness & { cleanup(): Promise<void> }>][] = [
  [
    'folder',
    async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'lamplight-storage-'))
      return {
        storage: createLocalStorage(root),
        leftovers: async () =>
          (await readdir(root, { recursive: true, withFileTypes: true }))
            .filter((d) => d.isFile())
            .map((d) => path.relative(root, path.join(d.parentPath, d.name))),
        failWrites: null,
        cleanup: () => rm(root, { recursive: true, force: true }),
      }
    },
  ],
  [
    'S3',
    async () => {
      const prefix = `t${Math.random().toString(36).slice(2, 10)}/`
      const storage = createS3Storage({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: true,
      })
      // Each test works under its own prefix of the shared bucket.
      const scoped: FileStorage = {
        put: (key, body) => storage.put(prefix + key, body),
        putStream: (key, body, options) => storage.putStream(prefix + key, body, options),
        get: (key) => storage.get(prefix + key),
        exists: (key) => storage.exists(prefix + key),
        delete: (key) => storage.delete(prefix + key),
      }
      return {
        storage: scoped,
        leftovers: async () => [
          ...s3
            .keys()
            .filter((k) => k.startsWith(prefix))
            .map((k) => k.slice(prefix.length)),
          ...s3
            .pendingUploads()
            .filter((u) => u.key.startsWith(prefix))
            .map((u) => `upload of ${u.key.slice(prefix.length)} (${u.parts} parts)`),
        ],
        failWrites: (on) => s3.failParts(on),
        cleanup: async () => s3.failParts(false),
      }
    },
  ],
]

describe.each(ADAPTERS)('%s storage', (_name, make) => {
  let h: Awaited<ReturnType<typeof make>>
  beforeEach(async () => {
    h = await make()
  })
  afterEach(async () => {
    await h.cleanup()
  })

  it('puts, reads back as a stream, tells what exists and deletes', async () => {
    const body = new TextEncoder().encode('%PDF-1.7 lamplight')
    await h.storage.put('resources/dove/guide.pdf', body)
    expect(await h.storage.exists('resources/dove/guide.pdf')).toBe(true)
    const file = await h.storage.get('resources/dove/guide.pdf')
    expect(file?.size).toBe(body.length)
    expect(file?.body).toBeInstanceOf(ReadableStream)
    expect(Buffer.from(await new Response(file?.body).arrayBuffer()).equals(Buffer.from(body))).toBe(true)
    await h.storage.put('resources/dove/guide.pdf', new Uint8Array([1, 2, 3]))
    expect([...(await bytesOf(h.storage, 'resources/dove/guide.pdf'))]).toEqual([1, 2, 3])
    await h.storage.delete('resources/dove/guide.pdf')
    expect(await h.storage.exists('resources/dove/guide.pdf')).toBe(false)
    expect(await h.storage.get('resources/dove/guide.pdf')).toBeNull()
    expect(await h.leftovers()).toEqual([])
  })

  it('answers null / false for a key that was never stored, and deleting it is no error', async () => {
    expect(await h.storage.get('nothing/here.png')).toBeNull()
    expect(await h.storage.exists('nothing/here.png')).toBe(false)
    await expect(h.storage.delete('nothing/here.png')).resolves.toBeUndefined()
  })

  it('streams a body to its key and reports its size', async () => {
    expect(
      await h.storage.putStream('a/b.pdf', streamOf([filled(64 * KB), filled(64 * KB)]), {
        maxBytes: 200 * KB,
      }),
    ).toEqual({ size: 128 * KB })
    const got = await h.storage.get('a/b.pdf')
    expect(got?.size).toBe(128 * KB)
    await got?.body.cancel()
  })

  it('streams a body of several parts (12 MiB) whole and in order', async () => {
    const chunks = chunksOf(12, MB)
    expect(await h.storage.putStream('big/scan.png', streamOf(chunks), { maxBytes: 25 * MB })).toEqual({
      size: 12 * MB,
    })
    const bytes = await bytesOf(h.storage, 'big/scan.png')
    expect(bytes.length).toBe(12 * MB)
    for (let i = 0; i < 12; i++) expect(bytes[i * MB], `chunk ${i}`).toBe(i + 1)
    expect(await h.leftovers()).toEqual(['big/scan.png'])
  })

  it('stops at the first byte past the limit and leaves nothing', async () => {
    await expect(
      h.storage.putStream('a/big.pdf', streamOf([filled(64 * KB), filled(64 * KB), filled(64 * KB)]), {
        maxBytes: 100 * KB,
      }),
    ).rejects.toBeInstanceOf(TooLargeError)
    expect(await h.storage.exists('a/big.pdf')).toBe(false)
    expect(await h.leftovers()).toEqual([])
  })

  it('stops past the limit after whole parts were sent, and leaves no object and no part', async () => {
    const chunks = chunksOf(14, MB)
    await expect(
      h.storage.putStream('big/over.pdf', streamOf(chunks), { maxBytes: 12 * MB }),
    ).rejects.toThrow(TooLargeError)
    expect(await h.storage.exists('big/over.pdf')).toBe(false)
    expect(await h.leftovers()).toEqual([])
  })

  it('leaves nothing when the body fails mid-way', async () => {
    await expect(
      h.storage.putStream('a/cut.png', streamOf([filled(64 * KB), filled(64 * KB)], 1)),
    ).rejects.toThrow(/connection reset/)
    expect(await h.leftovers()).toEqual([])
  })

  it('leaves nothing when a large body fails after parts were sent', async () => {
    await expect(h.storage.putStream('big/cut.png', streamOf(chunksOf(12, MB), 11))).rejects.toThrow(
      /connection reset/,
    )
    expect(await h.leftovers()).toEqual([])
  })

  it('leaves nothing and keeps the old file when the backend fails mid-upload', async ({ skip }) => {
    if (!h.failWrites) return skip()
    await h.storage.put('big/keep.png', new Uint8Array([9, 9, 9]))
    h.failWrites(true)
    await expect(h.storage.putStream('big/keep.png', streamOf(chunksOf(11, MB)))).rejects.toThrow()
    h.failWrites(false)
    expect([...(await bytesOf(h.storage, 'big/keep.png'))]).toEqual([9, 9, 9])
    expect(await h.leftovers()).toEqual(['big/keep.png'])
  })

  it('refuses keys that climb out of the root or are not plain paths', async () => {
    for (const key of ['../escape.png', 'a/../../b.png', '/abs.png', 'a//b.png', 'a/b\0.png', 'a\\b.png']) {
      await expect(h.storage.putStream(key, streamOf([filled(KB)]))).rejects.toThrow(/Unsafe storage key/)
      await expect(h.storage.put(key, filled(1))).rejects.toThrow(/Unsafe storage key/)
      await expect(h.storage.get(key)).rejects.toThrow(/Unsafe storage key/)
    }
    expect(await h.leftovers()).toEqual([])
  })
})

describe('storage from the environment', () => {
  it('is the folder by default and the bucket when S3_BUCKET is set', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lamplight-storage-'))
    const local = loadConfig({ DATA_DIR: dataDir })
    expect(local.storage).toEqual({ driver: 'local', dir: path.join(dataDir, 'files') })
    const config = loadConfig({ DATA_DIR: dataDir, ...s3Env(s3) })
    expect(config.storage).toMatchObject({
      driver: 's3',
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      forcePathStyle: true,
    })
    const storage = createStorage(config)
    await storage.put('env/one.txt', filled(3))
    expect(s3.keys()).toContain('env/one.txt')
    await storage.delete('env/one.txt')
    expect(s3.keys()).not.toContain('env/one.txt')
    await rm(dataDir, { recursive: true, force: true })
  })

  it('refuses half-set credentials and S3 settings without a bucket', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'x' })).toThrow(/S3_SECRET_ACCESS_KEY/)
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/need S3_BUCKET/)
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    )
  })
})
