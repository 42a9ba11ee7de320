import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { precompressDir } from './precompress'

describe('precompressDir', () => {
  it('writes brotli and gzip copies of text assets worth compressing, nothing else', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lamplight-precompress-'))
    mkdirSync(path.join(dir, 'static/js'), { recursive: true })
    const js = 'export const words = "in the beginning was the word";\n'.repeat(100)
    writeFileSync(path.join(dir, 'static/js/index.0123abcd.js'), js)
    writeFileSync(path.join(dir, 'tiny.js'), 'var a')
    writeFileSync(path.join(dir, 'picture.png'), Buffer.alloc(4096, 7))
    const result = await precompressDir(dir)
    expect(result.files).toBe(1)
    const file = path.join(dir, 'static/js/index.0123abcd.js')
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(js)
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(js)
    expect(readFileSync(`${file}.br`).length).toBeLessThan(js.length / 10)
    expect(existsSync(path.join(dir, 'tiny.js.br'))).toBe(false)
    expect(existsSync(path.join(dir, 'picture.png.br'))).toBe(false)
  })

  it("writes a gzip copy smaller than zlib's best (Zopfli) that gunzip reads back", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lamplight-precompress-'))
    // Real source text (this package's build configuration).
    const text = readFileSync(new URL('./rsbuild.ts', import.meta.url))
    writeFileSync(path.join(dir, 'config.js'), text)
    await precompressDir(dir)
    const gz = readFileSync(path.join(dir, 'config.js.gz'))
    expect(gunzipSync(gz).equals(text)).toBe(true)
    expect(gz.length).toBeLessThan(gzipSync(text, { level: constants.Z_BEST_COMPRESSION }).length)
  })

  it('leaves a skipped folder inside the build alone (a remote server build in dist/server)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lamplight-precompress-'))
    mkdirSync(path.join(dir, 'server'))
    const js = 'module.exports = { words: "let there be light" };\n'.repeat(100)
    writeFileSync(path.join(dir, 'remoteEntry.js'), js)
    writeFileSync(path.join(dir, 'server/remoteEntry.js'), js)
    const result = await precompressDir(dir, [path.join(dir, 'server')])
    expect(result.files).toBe(1)
    expect(existsSync(path.join(dir, 'remoteEntry.js.gz'))).toBe(true)
    expect(existsSync(path.join(dir, 'server/remoteEntry.js.gz'))).toBe(false)
    expect(existsSync(path.join(dir, 'server/remoteEntry.js.br'))).toBe(false)
  })
})
