import type { Redis } from 'ioredis'
import { createAuth, type PasswordHashing } from './auth/auth'
import type { SecondaryStorage } from './auth/secondary-storage'
import type { Config } from './config'
import type { Database } from './db/client'
import { createManifestChecker } from './domains/deployments/manifest-check'
import { createRemoteRegistry } from './domains/deployments/remote-registry'
import { createPayments } from './domains/payments/service'
import { createRateLimits } from './lib/rate-limits'
import type { Logger } from './logger'
import { createMailer } from './mail'
import { createErrorReporter, type ErrorReporter } from './observability'
import { createPublicCache, type PublicCache } from './services/public-cache'
import type { FileStorage } from './storage'
import type { AppDeps } from './types'

/** Wires the services every request can reach. */
export function createDeps(parts: {
  config: Config
  database: Database
  storage: FileStorage
  logger: Logger
  secondaryStorage?: SecondaryStorage
  /** With REDIS_URL: rate limits are counted there, shared by every replica. */
  redis?: Redis
  /** Default: in this process's memory. */
  publicCache?: PublicCache
  /** Defaults to one built from config.errorReporting (nothing without a DSN). */
  errors?: ErrorReporter
  /** Default: better-auth's own. Only code sets it (the test app), never the environment. */
  passwordHashing?: PasswordHashing
}): AppDeps {
  const { config, database, logger } = parts
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    logger,
    outboxPage: config.mail.outboxPage,
  })
  const rateLimits = createRateLimits({ redis: parts.redis, logger })
  const auth = createAuth({
    rateLimits,
    config,
    db: database.db,
    mailer,
    logger,
    secondaryStorage: parts.secondaryStorage,
    passwordHashing: parts.passwordHashing,
  })
  const payments = createPayments(config.payments, config.publicUrl)
  const remotes = createRemoteRegistry(database.db, config.remoteOverrides, {
    checker: createManifestChecker({
      appsDir: config.appsDir,
      releasesDir: config.releasesDir,
      releaseHosts: config.releaseHosts,
      log: logger,
    }),
  })
  const publicCache = parts.publicCache ?? createPublicCache()
  const errors = parts.errors ?? createErrorReporter(config.errorReporting)
  let shuttingDown = false
  const shutdown = {
    get begun() {
      return shuttingDown
    },
    begin() {
      shuttingDown = true
    },
  }
  return {
    shutdown,
    config,
    database,
    storage: parts.storage,
    logger,
    mailer,
    auth,
    payments,
    remotes,
    rateLimits,
    publicCache,
    errors,
  }
}
