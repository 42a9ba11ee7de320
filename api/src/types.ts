import type { Auth } from './auth/auth'
import type { Config } from './config'
import type { Database } from './db/client'
import type { RemoteRegistry } from './domains/deployments/remote-registry'
import type { Payments } from './domains/payments/types'
import type { RateLimits } from './lib/rate-limits'
import type { Logger } from './logger'
import type { Mailer } from './mail'
import type { ErrorReporter } from './observability'
import type { PublicCache } from './services/public-cache/cache'
import type { FileStorage } from './storage'

/** What every request handler can reach. */
export type AppDeps = {
  config: Config
  database: Database
  storage: FileStorage
  logger: Logger
  mailer: Mailer
  auth: Auth
  payments: Payments
  /** Which release of each remote is active (decision 012). */
  remotes: RemoteRegistry
  rateLimits: RateLimits
  /** Public catalogue and library reads, ready to send; writes invalidate it (decision 014). */
  publicCache: PublicCache
  /** Server errors to the tracker when SENTRY_DSN is set; a no-op otherwise. */
  errors: ErrorReporter
  /** Set by the server on SIGTERM/SIGINT: `/api/ready` answers 503 from then on. */
  shutdown: Shutdown
}

export type Shutdown = {
  /** True once the server has begun to stop (it still finishes what is in flight). */
  readonly begun: boolean
  begin(): void
}

export type { SessionUser, UserRole } from '@lamplight/contracts'

import type { SessionUser } from '@lamplight/contracts'

export type AppEnv = {
  Variables: {
    deps: AppDeps
    log: Logger
    requestId: string
    clientIp: string
    /** The TCP peer is one of TRUSTED_PROXIES and CLIENT_IP_HEADER is set: its forwarded headers count. */
    viaProxy: boolean
    /** Set once the session was looked up: the user, or null when signed out. */
    user: SessionUser | null | undefined
    /** Origins of remote releases hosted elsewhere, for this response's Content-Security-Policy. */
    remoteOrigins: string[]
  }
}
