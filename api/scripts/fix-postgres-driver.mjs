// postinstall: mends postgres.js 3.4.9 (the newest release), which can crash the whole
// process when the database goes away under a transaction. After a connection has closed
// (socket = null), a query still sent on it (the ROLLBACK of a transaction) schedules
// nextWrite(), which then calls socket.write on null from a setImmediate: an uncaught
// TypeError that no try/catch can stop (upstream issues #1066, #1154, #1208; the fix is
// pull request #1209, not released). The teardown also leaves a stale write timer and
// buffer behind, so a reconnected socket could start with the old bytes.
//
// The change: a write with no socket fails its queries with CONNECTION_CLOSED (which the
// API answers 503) instead of throwing, and teardown clears the timer and the buffer.
// Idempotent; a driver that no longer has the faulty code is left alone, with a note.
// The failure drill (api/src/drills/database-restart.test.ts) found it and proves it;
// api/src/db/driver-fix.test.ts fails if the installed driver is not mended.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const MARK = '/* lamplight: nextWrite guard */'
const require = createRequire(import.meta.url)

let root
try {
  // cjs/src/index.js -> the package folder
  root = path.resolve(path.dirname(require.resolve('postgres')), '..', '..')
} catch {
  process.exit(0) // not installed (a workspace that does not use it)
}

const edits = [
  [
    'function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
    `function nextWrite(fn) {\n    ${MARK}\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n    const x = socket.write(chunk, fn)`,
  ],
  [
    'clearImmediate(nextWriteTimer)\n    if (socket) {',
    'clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    if (socket) {',
  ],
  [
    "clearImmediate(nextWriteTimer)\n    socket.removeListener('data', data)",
    "clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    socket.removeListener('data', data)",
  ],
]

for (const file of ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js']) {
  const full = path.join(root, file)
  if (!existsSync(full)) continue
  let text = readFileSync(full, 'utf8')
  if (text.includes(MARK)) continue
  if (!edits.every(([from]) => text.includes(from))) {
    console.warn(
      `fix-postgres-driver: ${file} does not have the code this mends; if postgres.js fixed ` +
        'issue #1208 upstream, remove api/scripts/fix-postgres-driver.mjs',
    )
    continue
  }
  for (const [from, to] of edits) text = text.replace(from, to)
  // A new file renamed over the old one, never written in place: where node_modules is
  // hard-linked (a worktree made with `cp -al`, a package manager's shared store), writing
  // in place would change every other copy too.
  writeFileSync(`${full}.lamplight-tmp`, text)
  renameSync(`${full}.lamplight-tmp`, full)
}
