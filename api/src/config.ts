import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

/** Repository root: two folders up from api/src. `.data/` and the built apps hang off it. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SERVE_APPS: bool.default(true),
  SEED_ON_EMPTY: bool.default(true),
  // Where the shell finds each remote's manifest. Defaults are the paths this server
  // serves them under in one-port mode; point one at another host to deploy it alone.
  REMOTE_STOREFRONT_URL: z.string().default('/apps/storefront/mf-manifest.json'),
  REMOTE_RESOURCES_URL: z.string().default('/apps/resources-app/mf-manifest.json'),
  REMOTE_PUZZLE_URL: z.string().default('/apps/puzzle-app/mf-manifest.json'),
  REMOTE_ADMIN_URL: z.string().default('/apps/admin-app/mf-manifest.json'),
})

export type Config = ReturnType<typeof loadConfig>

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')))
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new ConfigError(`Invalid environment: ${problems}`)
  }
  const e = parsed.data
  const dataDir = path.resolve(e.DATA_DIR)
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    filesDir: path.join(dataDir, 'files'),
    logLevel: e.LOG_LEVEL,
    serveApps: e.SERVE_APPS,
    seedOnEmpty: e.SEED_ON_EMPTY,
    appsDir: REPO_ROOT,
    remotes: {
      storefront: e.REMOTE_STOREFRONT_URL,
      'resources-app': e.REMOTE_RESOURCES_URL,
      'puzzle-app': e.REMOTE_PUZZLE_URL,
      'admin-app': e.REMOTE_ADMIN_URL,
    },
  }
}

export class ConfigError extends Error {}
