import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createApp } from '../app'
import { loadConfig } from '../config'
import type { Database } from '../db/client'
import { createDeps } from '../deps'
import { createLogger, type Logger } from '../logger'
import type { PublicCache } from '../services/public-cache'
import { createStorage } from '../storage/from-config'
import { FAST_PASSWORD_HASHING } from './fast-password-hashing'

export const TEST_ORIGIN = 'http://localhost:3000'

/**
 * The TCP peer of an in-process request, as @hono/node-server would give it: our reverse
 * proxy on this machine (loopback, trusted by default), so X-Forwarded-For names the client.
 */
export const PROXY_PEER = { incoming: { socket: { remoteAddress: '127.0.0.1' } } }

/**
 * The real app over a test database, with files in a temporary folder (or the S3 bucket
 * that `env` names) and logs silenced.
 * Requests come from a trusted proxy on loopback and client addresses from X-Forwarded-For,
 * so a test can act as many clients.
 */
export function createTestApp(
  database: Database,
  env: Record<string, string> = {},
  /** A logger to read what the app logs (default: silent). */
  logger: Logger = createLogger('silent'),
  /**
   * Services to use instead of the defaults (a shared public cache, for replicas), and
   * production's password hashing instead of the cheap one (`FAST_PASSWORD_HASHING`).
   */
  parts: { publicCache?: PublicCache; productionPasswordHashing?: boolean } = {},
) {
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
  // A folder under the temporary DATA_DIR, or the bucket the env names (S3 tests).
  const storage = createStorage(config)
  const { productionPasswordHashing, ...services } = parts
  const deps = createDeps({
    config,
    database,
    storage,
    logger,
    ...services,
    passwordHashing: productionPasswordHashing ? undefined : FAST_PASSWORD_HASHING,
  })
  const app = createApp(deps)
  // In-process requests come from "our proxy" unless a test gives its own peer.
  const request = app.request
  app.request = (input, init, env, ctx) => request(input, init, env ?? PROXY_PEER, ctx)
  return { app, config, storage, deps }
}
