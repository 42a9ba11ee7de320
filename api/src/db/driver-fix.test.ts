import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// postgres.js 3.4.9 crashes the process when a query is written to a connection that has
// closed (the ROLLBACK of a transaction the database dropped): api/scripts/fix-postgres-driver.mjs
// mends it at install, and the database-restart drill proves the server survives. This fails
// fast, without a private PostgreSQL, when an install skipped the mend.
const require = createRequire(import.meta.url)
const root = path.resolve(path.dirname(require.resolve('postgres')), '..', '..')

describe('the installed PostgreSQL driver', () => {
  it.each(['src/connection.js', 'cjs/src/connection.js'])(
    '%s never writes to a closed socket (mended, or fixed upstream)',
    (file) => {
      const text = readFileSync(path.join(root, file), 'utf8')
      const nextWrite = text.slice(
        text.indexOf('function nextWrite('),
        text.indexOf('function connectTimedOut('),
      )
      expect(nextWrite).toMatch(/if \(!socket\)/)
    },
  )
})
