import { seed } from '../seed'
import { runDatabaseCommand } from './database-command'
import { createStorage, describeStorage } from './storage/from-config'

// `npm run seed`: migrate and load the catalogue into the configured database. Safe to
// repeat. The embedded database must not be open in a running server (the lock refuses).
runDatabaseCommand('seed', async (db, config) => {
  const started = Date.now()
  console.log(`seed: files go to the ${describeStorage(config)}`)
  const report = await seed({
    db,
    storage: createStorage(config),
    log: (message) => console.log(message),
  })
  console.log(`seed: done in ${Date.now() - started} ms`, report)
})
