import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createApp } from '../app'
import { loadConfig } from '../config'
import type { Database } from '../db/client'
import { createLogger } from '../logger'
import { createLocalStorage } from '../storage'

/** The real app over a test database, with files in a temporary folder and logs silenced. */
export function createTestApp(database: Database, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lamplight-test-'))
  const config = loadConfig({ SERVE_APPS: 'false', DATA_DIR: dataDir, NODE_ENV: 'test', ...env })
  const storage = createLocalStorage(config.filesDir)
  const app = createApp({ config, database, storage, logger: createLogger('silent') })
  return { app, config, storage }
}
