import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createApp } from '../app'
import { loadConfig } from '../config'
import type { Database } from '../db/client'
import { createDeps } from '../deps'
import { createLogger } from '../logger'
import { createLocalStorage } from '../storage'

export const TEST_ORIGIN = 'http://localhost:3000'

/**
 * The real app over a test database, with files in a temporary folder and logs silenced.
 * Client addresses come from X-Forwarded-For, so a test can act as many clients.
 */
export function createTestApp(database: Database, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lamplight-test-'))
  const config = loadConfig({
    SERVE_APPS: 'false',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    CLIENT_IP_HEADER: 'x-forwarded-for',
    ...env,
  })
  const storage = createLocalStorage(config.filesDir)
  const deps = createDeps({ config, database, storage, logger: createLogger('silent') })
  const app = createApp(deps)
  return { app, config, storage, deps }
}
