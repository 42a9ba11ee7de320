import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { RsbuildPlugin } from '@rsbuild/core'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(full)
    else if (entry.isFile()) yield full
  }
}

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) beside every text asset of
 * a build, so the server sends them by `Accept-Encoding` without compressing per request
 * (api/src/middleware/serve-apps). A copy that is not smaller is not written.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotli: number }> {
  let files = 0
  let bytes = 0
  let brotliBytes = 0
  const info = await stat(dir).catch(() => null)
  if (!info?.isDirectory()) return { files, bytes, brotli: brotliBytes }
  for await (const file of filesUnder(dir)) {
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
      gz(data, { level: constants.Z_BEST_COMPRESSION }),
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
        // builds only: the server's files are read by Node, never sent compressed.
        for (const environment of Object.values(environments)) {
          if (environment.config.output.target === 'web') await precompressDir(environment.distPath)
        }
      })
    },
  }
}
