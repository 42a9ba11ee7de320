import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLocalStorage, TooLargeError } from '.'

function streamOf(chunks: Uint8Array[], failAfter?: number): ReadableStream<Uint8Array> {
  let i = 0
  return new ReadableStream({
    pull(controller) {
      if (failAfter !== undefined && i === failAfter) return controller.error(new Error('connection reset'))
      if (i === chunks.length) return controller.close()
      controller.enqueue(chunks[i++])
    },
  })
}

const kb = (n: number) => new Uint8Array(n * 1024).fill(7)

async function filesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => d.name)
}

describe('local storage putStream', () => {
  let root: string
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lamplight-storage-'))
  })
  afterEach(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it('streams a body to its key and reports its size', async () => {
    const storage = createLocalStorage(root)
    expect(await storage.putStream('a/b.pdf', streamOf([kb(64), kb(64)]), { maxBytes: 200 * 1024 })).toEqual({
      size: 128 * 1024,
    })
    const got = await storage.get('a/b.pdf')
    expect(got?.size).toBe(128 * 1024)
    await got?.body.cancel()
  })

  it('stops at the first byte past the limit and leaves nothing', async () => {
    const storage = createLocalStorage(root)
    await expect(
      storage.putStream('a/big.pdf', streamOf([kb(64), kb(64), kb(64)]), { maxBytes: 100 * 1024 }),
    ).rejects.toBeInstanceOf(TooLargeError)
    expect(await storage.exists('a/big.pdf')).toBe(false)
    expect(await filesUnder(root)).toEqual([])
  })

  it('leaves nothing when the body fails mid-way', async () => {
    const storage = createLocalStorage(root)
    await expect(storage.putStream('a/cut.png', streamOf([kb(64), kb(64)], 1))).rejects.toThrow(
      /connection reset/,
    )
    expect(await filesUnder(root)).toEqual([])
  })

  it('refuses keys that climb out of the root', async () => {
    const storage = createLocalStorage(root)
    await expect(storage.putStream('../escape.png', streamOf([kb(1)]))).rejects.toThrow(/Unsafe storage key/)
  })
})
