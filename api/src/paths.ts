import path from 'node:path'
import { fileURLToPath } from 'node:url'

// The folders the API reads at run time, resolved from this module's place. Under tsx it is
// api/src/paths.ts; compiled (docs/decisions/055) it is part of a file in api/dist/. Both sit
// one folder below api/, so the same relative URLs hold in both. A module deeper in src/ must
// not resolve files from its own import.meta.url: once bundled, that is api/dist/ too.

/** The API's folder (api/). */
export const API_DIR = fileURLToPath(new URL('../', import.meta.url))

/** Repository root: `.data/` and the built apps hang off it. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The SQL migrations drizzle-kit generates (api/drizzle), applied at start-up. */
export const MIGRATIONS_FOLDER = path.join(API_DIR, 'drizzle')

/**
 * The seed's drawings: api/seed/content/box-art beside the source, copied to
 * api/dist/seed/content/box-art by the build (the runtime image has dist/, not seed/). The seed
 * lives outside src/: it is content and its generators, loaded only when a database is seeded.
 */
export const BOX_ART_DIR = path.join(
  API_DIR,
  import.meta.url.endsWith('.ts') ? 'seed/content/box-art' : 'dist/seed/content/box-art',
)
