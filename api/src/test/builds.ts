import { existsSync } from 'node:fs'
import path from 'node:path'

/** The repository's root, from api/src/test. */
export const REPO = path.resolve(import.meta.dirname, '../../..')

/**
 * The `*.with-builds.test.ts` files render pages from the real builds (`npm run build`). They
 * run in their own step after the build (`npm run test:with-builds`, called by `npm test`),
 * never skipped: a missing build fails them and names what to build.
 */
export function requireBuilds(...files: string[]) {
  const missing = files.filter((file) => !existsSync(path.join(REPO, file)))
  if (missing.length > 0)
    throw new Error(
      `These tests render the real builds; run \`npm run build\` first. Missing: ${missing.join(', ')}`,
    )
}
