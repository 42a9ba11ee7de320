import type { Auth } from './auth/auth'
import type { Config } from './config'
import type { Database } from './db/client'
import type { USER_ROLES } from './db/schema'
import type { Logger } from './logger'
import type { Mailer } from './mail'
import type { FileStorage } from './storage'

/** What every request handler can reach. */
export type AppDeps = {
  config: Config
  database: Database
  storage: FileStorage
  logger: Logger
  mailer: Mailer
  auth: Auth
}

export type UserRole = (typeof USER_ROLES)[number]

export type SessionUser = {
  id: string
  email: string
  name: string
  role: UserRole
  emailVerified: boolean
}

export type AppEnv = {
  Variables: {
    deps: AppDeps
    log: Logger
    requestId: string
    clientIp: string
    /** A direct connection from this machine (no proxy): allowed to read the dev outbox. */
    fromThisMachine: boolean
    /** Set once the session was looked up: the user, or null when signed out. */
    user: SessionUser | null | undefined
  }
}
