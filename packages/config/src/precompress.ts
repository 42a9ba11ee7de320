import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants } from 'node:zlib'
import { gzipAsync } from '@gfx/zopfli'
import type { RsbuildPlugin } from '@rsbuild/core'

const brotli = promisify(brotliCompress)

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024
/** Zopfli's own default; more iterations gain well under 0.1 % on our scripts. */
const ZOPFLI_ITERATIONS = 15

async function* filesUnder(dir: string, skip: ReadonlySet<string>): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!skip.has(full)) yield* filesUnder(full, skip)
    } else if (entry.isFile()) yield full
  }
}

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip) beside every text asset of a
 * build, so the server sends them by `Accept-Encoding` without compressing per request
 * (api/src/middleware/serve-apps). A copy that is not smaller is not written.
 *
 * The gzip copy is made by Zopfli, whose deflate streams any gunzip reads and which spends
 * build time searching for a shorter encoding: 3 % smaller than zlib's best on our scripts
 * (149.3 -> 144.6 KB for the shell's part of the first load), for a few seconds per build.
 * Clients that send only `gzip` get those bytes; the rest get brotli.
 */
export async function precompressDir(
  dir: string,
  /** Folders inside `dir` to leave alone (another build's output, such as a remote's `server/`). */
  skip: readonly string[] = [],
): Promise<{ files: number; bytes: number; brotli: number }> {
  let files = 0
  let bytes = 0
  let brotliBytes = 0
  const info = await stat(dir).catch(() => null)
  if (!info?.isDirectory()) return { files, bytes, brotli: brotliBytes }
  for await (const file of filesUnder(dir, new Set(skip.map((folder) => path.resolve(folder))))) {
    if (!COMPRESSIBLE.test(file)) continue
    const data = await readFile(file)
    if (data.length < MIN_BYTES) continue
    const [br, gzipped] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzipAsync(data, { numiterations: ZOPFLI_ITERATIONS }),
    ])
    if (br.length < data.length) await writeFile(`${file}.br`, br)
    if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped)
    files++
    bytes += data.length
    brotliBytes += br.length
  }
  return { files, bytes, brotli: brotliBytes }
}

/** Rsbuild: precompress the output of every production build. */
export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'lamplight:precompress',
    setup(api) {
      api.onAfterBuild(async ({ isFirstCompile, environments }) => {
        if (!isFirstCompile) return
        // Each environment's own output (with a server build beside the browser's, the
        // context's distPath is their common folder, the app's source among it). Browser
        // builds only: the server's files are read by Node, never sent compressed, and a
        // remote's server build sits inside its browser build (`dist/server/`).
        const all = Object.values(environments)
        for (const environment of all) {
          if (environment.config.output.target !== 'web') continue
          const others = all.filter((other) => other !== environment).map((other) => other.distPath)
          await precompressDir(environment.distPath, others)
        }
      })
    },
  }
}
