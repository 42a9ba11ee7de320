import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Storefront releases made from the build for the deployment specs (deployments, canary):
 * a copy of `storefront/dist` published as `npm run release` does, then patched to differ.
 */

const REPO = fileURLToPath(new URL('../..', import.meta.url))

/** The home page's eyebrow, which a patched release changes so a test can tell it apart. */
export const EYEBROW = 'Puzzle boxes for curious hearts'

export function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) yield* files(full)
    else yield full
  }
}

/** Copies the built storefront to $DATA_DIR/releases/storefront/<version>/, as `npm run release` does. */
export function publishCopy(version: string): string {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests through e2e/run.mjs')
  const target = path.join(dataDir, 'releases', 'storefront', version)
  cpSync(path.join(REPO, 'storefront', 'dist'), target, { recursive: true })
  return target
}

/** Rewrites a built file (and drops its precompressed copies, now stale: the server then compresses on the fly). */
export function patch(file: string, edit: (text: string) => string) {
  writeFileSync(file, edit(readFileSync(file, 'utf8')))
  rmSync(`${file}.br`, { force: true })
  rmSync(`${file}.gz`, { force: true })
}

/** A release whose home page's eyebrow reads `eyebrow`: answers its manifest's address. */
export function publishWithEyebrow(version: string, eyebrow: string): string {
  const target = publishCopy(version)
  let patched = 0
  for (const file of [...files(path.join(target, 'static', 'js'))]) {
    if (!file.endsWith('.js') || !readFileSync(file, 'utf8').includes(EYEBROW)) continue
    patch(file, (text) => text.replaceAll(EYEBROW, eyebrow))
    patched += 1
  }
  if (!patched) throw new Error('the storefront build no longer has the home page eyebrow this test patches')
  return `/apps/storefront/${version}/mf-manifest.json`
}
