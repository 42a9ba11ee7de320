import { seed } from '../seed'
import { ConfigError, loadConfig } from './config'
import { DataDirLockedError } from './db/lock'
import { DatabaseUnavailableError, openConfiguredDatabase } from './db/open'
import { createStorage, describeStorage } from './storage/from-config'

// `npm run seed`: migrate and load the catalogue into the configured database. Safe to
// repeat. The embedded database must not be open in a running server (the lock refuses).
async function main() {
  const config = loadConfig()
  const database = await openConfiguredDatabase(config, 'npm run seed')
  try {
    const started = Date.now()
    console.log(`seed: files go to the ${describeStorage(config)}`)
    const report = await seed({
      db: database.db,
      storage: createStorage(config),
      log: (message) => console.log(message),
    })
    console.log(`seed: done in ${Date.now() - started} ms`, report)
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseUnavailableError ||
    error instanceof DataDirLockedError
  ) {
    console.error(`seed: ${error.message}`)
  } else {
    console.error('seed: failed:', error)
  }
  process.exit(1)
})
