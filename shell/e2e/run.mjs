#!/usr/bin/env node
// Runs the browser tests against the site exactly as `npm start` serves it: the built
// shell and remotes behind the compiled API on one port, over a fresh embedded database.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const shellDir = fileURLToPath(new URL('..', import.meta.url))
const repo = path.resolve(shellDir, '..')

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  )
  return candidates.find((p) => existsSync(p))
}

function ensureChromium() {
  let found = findChromium()
  if (found) return found
  const isRoot = process.getuid?.() === 0
  const hasApt = existsSync('/usr/bin/apt-get')
  if (isRoot && hasApt) {
    console.log("e2e: Chromium not found; installing Debian's chromium package…")
    try {
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit' })
    } catch {
      execFileSync('apt-get', ['update'], { stdio: 'inherit' })
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit' })
    }
    found = findChromium()
  }
  if (!found) {
    console.error(
      "e2e: Chromium is required: install Debian's `chromium` package (apt-get install chromium) or set CHROMIUM_PATH.",
    )
    process.exit(1)
  }
  return found
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function waitForReady(url, child, timeoutMs = Number(process.env.E2E_READY_TIMEOUT_MS ?? 120_000)) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early with code ${child.exitCode}`)
    try {
      const res = await fetch(`${url}/api/ready`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  throw new Error(`the server was not ready within ${timeoutMs / 1000} s`)
}

const chromium = ensureChromium()
for (const app of ['shell', 'storefront', 'resources-app', 'puzzle-app', 'admin-app']) {
  const output = app === 'shell' ? 'index.html' : 'mf-manifest.json'
  if (!existsSync(path.join(repo, app, 'dist', output))) {
    console.error(`e2e: ${app} is not built; run \`npm run build\` first (npm run test:e2e does).`)
    process.exit(1)
  }
}
// The API compiled as production runs it (docs/decisions/055), not its TypeScript source.
if (!existsSync(path.join(repo, 'api', 'dist', 'server.mjs'))) {
  console.error('e2e: the API is not built; run `npm run build` first (npm run test:e2e does).')
  process.exit(1)
}

const port = await freePort()
const baseUrl = `http://localhost:${port}`
// The admin console's browser test serves it on its own origin, which the API must trust.
const consolePort = await freePort()
const dataDir = mkdtempSync(path.join(tmpdir(), 'lamplight-e2e-'))
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  PUBLIC_URL: baseUrl,
  // As behind a proxy: each test presents its own client address, so rate limits treat
  // tests as different visitors (the API tests cover the limits themselves).
  CLIENT_IP_HEADER: 'x-forwarded-for',
  // The admin account the tests sign in with: seeded (verified, admin) with a random password
  // in $DATA_DIR/admin-credentials.txt. Signing up with a listed address is no way in.
  SEED_ADMIN_EMAIL: 'admin@e2e.test',
  ADMIN_EMAILS: 'admin@e2e.test',
  TRUSTED_ORIGINS: `http://localhost:${consolePort}`,
  // Manifests are fetched only from release hosts: the site itself, and a loopback port where
  // nothing listens, for the test of a release that cannot be loaded (deployments.spec.ts).
  RELEASE_HOSTS: `${baseUrl},http://127.0.0.1:9`,
  // A loaded CI machine can miss the production deadline (300 ms) for a remote's server
  // build or its data; the pages are tested server-rendered, the fallback by the API's tests.
  SERVER_RENDER_DEADLINE_MS: process.env.SERVER_RENDER_DEADLINE_MS ?? '5000',
  // A canary is judged after 10 page views of it, not production's 50, so the browser test of
  // the automatic stop (canary.spec.ts) needs a few dozen visitors, not a hundred.
  CANARY_MIN_VIEWS: '10',
  CANARY_WINDOW_VIEWS: '200',
  CANARY_ERROR_MARGIN: '0.2',
}
// The embedded default is what a fresh clone runs; E2E_DATABASE_URL opts into PostgreSQL.
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL
else delete env.DATABASE_URL

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server.mjs'], {
  cwd: path.join(repo, 'api'),
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
})

let code = 1
try {
  await waitForReady(baseUrl, server)
  const args = ['test', '--config', path.join(shellDir, 'playwright.config.ts'), ...process.argv.slice(2)]
  const runner = spawn(path.join(repo, 'node_modules/.bin/playwright'), args, {
    cwd: shellDir,
    env: {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      E2E_CONSOLE_PORT: String(consolePort),
      E2E_DATA_DIR: dataDir,
      CHROMIUM_PATH: chromium,
    },
    stdio: 'inherit',
  })
  code = await new Promise((resolve) => runner.on('exit', (c) => resolve(c ?? 1)))
} catch (error) {
  console.error(`e2e: ${error.message}`)
} finally {
  server.kill('SIGTERM')
  await new Promise((r) => (server.exitCode === null ? server.on('exit', r) : r()))
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(code)
