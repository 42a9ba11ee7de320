import type { Config } from './config'
import type { Database } from './db/client'
import type { Logger } from './logger'
import type { FileStorage } from './storage'

/** What every request handler can reach. */
export type AppDeps = {
  config: Config
  database: Database
  storage: FileStorage
  logger: Logger
}

export type AppEnv = {
  Variables: {
    deps: AppDeps
    log: Logger
    requestId: string
  }
}
