// A small client of the Lamplight admin API for scripts and CI (`npm run deployments`,
// `npm run release -w <remote>`). Plain Node (20.19+), no dependencies.
//
//   LAMPLIGHT_API_URL         the site's address (default http://localhost:$PORT, PORT 3000)
//   LAMPLIGHT_ADMIN_EMAIL     an admin account's email
//   LAMPLIGHT_ADMIN_PASSWORD  its password
//
// Without the email and password it reads $DATA_DIR/admin-credentials.txt, written by the
// server for the seeded admin on the embedded default (DATA_DIR defaults to <repo>/.data).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
// A relative DATA_DIR is read from where npm was run (npm run -w changes the directory).
export const DATA_DIR = path.resolve(
  process.env.INIT_CWD || process.cwd(),
  process.env.DATA_DIR || path.join(REPO_ROOT, '.data'),
)

export class CliError extends Error {}

function credentials() {
  const email = process.env.LAMPLIGHT_ADMIN_EMAIL
  const password = process.env.LAMPLIGHT_ADMIN_PASSWORD
  if (email && password) return { email, password }
  const file = path.join(DATA_DIR, 'admin-credentials.txt')
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8')
    const read = (key) => new RegExp(`^${key}:\\s*(.+)$`, 'm').exec(text)?.[1]?.trim()
    if (read('email') && read('password')) return { email: read('email'), password: read('password') }
  }
  throw new CliError(
    `No admin credentials: set LAMPLIGHT_ADMIN_EMAIL and LAMPLIGHT_ADMIN_PASSWORD (or run next to a server that wrote ${file}).`,
  )
}

/** Signs in once and returns `call(method, path, body?)` for /api paths, answering the parsed JSON. */
export async function connect() {
  const apiUrl = (process.env.LAMPLIGHT_API_URL || `http://localhost:${process.env.PORT || 3000}`).replace(
    /\/$/,
    '',
  )
  let origin
  try {
    origin = new URL(apiUrl).origin
  } catch {
    throw new CliError(`LAMPLIGHT_API_URL is not a URL: ${apiUrl}`)
  }
  const send = async (method, apiPath, body, cookie) => {
    let res
    try {
      res = await fetch(`${apiUrl}/api${apiPath}`, {
        method,
        // Our API refuses cookie-carrying writes without one of its origins (CSRF guard).
        headers: {
          origin,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      })
    } catch (error) {
      throw new CliError(
        `Could not reach ${apiUrl} (${error?.cause?.code ?? error?.message}). Is the server running? Set LAMPLIGHT_API_URL.`,
      )
    }
    const json = await res.json().catch(() => null)
    return { res, json }
  }
  const { email, password } = credentials()
  let signIn = await send('POST', '/auth/sign-in/email', { email, password })
  // Sign-ins are rate limited per client: a script running several commands in a row waits its turn.
  for (let attempt = 0; signIn.res.status === 429 && attempt < 3; attempt++) {
    const wait = Math.min(Number(signIn.res.headers.get('retry-after')) || 10, 30)
    console.error(`(signing in is rate limited; waiting ${wait} s)`)
    await new Promise((resolve) => setTimeout(resolve, wait * 1000))
    signIn = await send('POST', '/auth/sign-in/email', { email, password })
  }
  if (!signIn.res.ok)
    throw new CliError(
      `Signing in as ${email} failed (${signIn.res.status}): ${signIn.json?.message ?? signIn.json?.error?.message ?? 'no reason given'}`,
    )
  const cookie = signIn.res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return {
    apiUrl,
    async call(method, apiPath, body) {
      const { res, json } = await send(method, apiPath, body ?? (method === 'GET' ? undefined : {}), cookie)
      if (!res.ok) {
        const problems = (json?.error?.issues ?? []).map(
          (i) => `  - ${i.path ? `${i.path}: ` : ''}${i.message}`,
        )
        throw new CliError(
          [`${res.status}: ${json?.error?.message ?? res.statusText}`, ...problems].join('\n'),
        )
      }
      return json
    },
  }
}

/** Runs a command's main, printing a CliError as one message and exiting 1. */
export function run(main) {
  main().catch((error) => {
    console.error(error instanceof CliError ? `error: ${error.message}` : error)
    process.exit(1)
  })
}
