import { and, desc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app'
import { SIGN_IN_CEILING } from '../../auth/limits'
import { createRedisStorage } from '../../auth/secondary-storage'
import { mailOutbox } from '../../db/schema'
import { createDeps } from '../../deps'
import { createTestApp } from '../../test/app'
import { browser } from '../../test/client'
import { createTestDatabase, type TestDatabase } from '../../test/database'

type ErrorBody = { error: { code: string; message: string } }
type Client = ReturnType<typeof browser>

// The counts in memory always; in Redis too where one is configured (CI sets REDIS_URL), as
// replicas count them.
const STORES = ['memory', ...(process.env.REDIS_URL ? ['redis'] : [])] as const

describe.each(STORES)('sign-in limits per account and client address (%s)', (store) => {
  let database: TestDatabase
  let app: ReturnType<typeof createApp>
  let deps: ReturnType<typeof createDeps>
  let redis: ReturnType<typeof createRedisStorage> | undefined
  // Redis keeps its counts between runs: every run has accounts of its own.
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`
  const email = (name: string) => `${name}-${run}@example.com`
  let n = 0
  /** A client at an address no other client of this file has. */
  const newAddress = () => `198.18.${Math.floor(n / 250)}.${(n++ % 250) + 1}`
  const client = (ip = newAddress()) => browser(app, ip)
  /**
   * Sign-in allows 3 attempts per address per 10 s whatever the account: a patient client
   * waits that out. Forgetting that count stands for the wait, and leaves the per-account
   * counts, the subject here, as they are.
   */
  const waitOutBurst = (c: Client) =>
    deps.rateLimits.reset({ name: 'auth:sign-in', limit: 3, windowMs: 10_000 }, c.ip)
  const patientSignIn = async (c: Client, address: string, password: string) => {
    await waitOutBurst(c)
    return c.json<ErrorBody>('/api/auth/sign-in/email', { body: { email: address, password } })
  }
  const resetPassword = async (c: Client, address: string, newPassword: string) => {
    await c.request('/api/auth/request-password-reset', {
      body: { email: address, redirectTo: '/auth/reset-password' },
    })
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, address), like(mailOutbox.subject, 'Reset%')))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0])
    const opened = await c.request(link.pathname + link.search)
    const token = new URL(opened.headers.get('location')!, 'http://x').searchParams.get('token')
    const reset = await c.request('/api/auth/reset-password', { body: { token, newPassword } })
    expect(reset.status).toBe(200)
  }

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    const base = createTestApp(database)
    if (store === 'redis') {
      redis = createRedisStorage(process.env.REDIS_URL!)
      expect(await redis.connected(5000)).toBe(true)
    }
    deps = createDeps({ ...base.deps, redis: redis?.redis })
    app = createApp(deps)
    for (const name of ['owner', 'bystander', 'admin', 'mistyper'])
      expect((await client().signUp(email(name), 'the right password')).status).toBe(200)
  }, 60_000)
  afterAll(async () => {
    await redis?.close()
    await database?.destroy()
  })

  it('locks one address out of one account after 10 failures, and nobody else', async () => {
    const attacker = client()
    const statuses: number[] = []
    for (let i = 0; i < 12; i++)
      statuses.push((await patientSignIn(attacker, email('owner'), `guess ${i} nope`)).status)
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429])
    // Even the right password now waits there: the guesser cannot tell a hit from a miss.
    const refused = await patientSignIn(attacker, email('owner').toUpperCase(), 'the right password')
    expect(refused.status).toBe(429)
    expect(refused.body.error.code).toBe('rate_limited')
    expect(refused.body.error.message).toMatch(
      /Too many failed sign-ins for this account\. Please wait 15 minutes/,
    )
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800)
    // The owner, at another address, signs in as ever: no denial of service.
    expect((await client().signIn(email('owner'), 'the right password')).status).toBe(200)
    // The attacker's address is not locked out of other accounts.
    expect((await patientSignIn(attacker, email('bystander'), 'the right password')).status).toBe(200)
  })

  it('a success gives back only its own attempt: it does not wipe the failures before it', async () => {
    const c = client()
    for (let i = 0; i < 9; i++) await patientSignIn(c, email('bystander'), `guess ${i} nope`)
    expect((await patientSignIn(c, email('bystander'), 'the right password')).status).toBe(200)
    expect((await patientSignIn(c, email('bystander'), 'one more guess')).status).toBe(401)
    expect((await patientSignIn(c, email('bystander'), 'the right password')).status).toBe(429)
  })

  it('lets the owner back in at once after resetting the password by mail where they mistyped', async () => {
    const own = client()
    for (let i = 0; i < 10; i++) await patientSignIn(own, email('mistyper'), `old password ${i}`)
    expect((await patientSignIn(own, email('mistyper'), 'the right password')).status).toBe(429)
    await resetPassword(own, email('mistyper'), 'a new password 2')
    expect((await patientSignIn(own, email('mistyper'), 'a new password 2')).status).toBe(200)
  })

  it('a sign-in marks the browser as known to the account with a cookie no script and no page gets', async () => {
    const res = await client().signIn(email('bystander'), 'the right password')
    expect(res.status).toBe(200)
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lamplight.known-device='))
    expect(cookie).toMatch(/^lamplight\.known-device=[\w-]{32};/)
    expect(cookie).toMatch(/; Path=\/api\/auth;/)
    expect(cookie).toMatch(/; HttpOnly/)
    expect(cookie).toMatch(/; SameSite=Lax/)
    // A failed sign-in marks nothing.
    const failed = await client().signIn(email('bystander'), 'not it at all')
    expect(failed.status).toBe(401)
    expect(failed.headers.getSetCookie().some((c) => c.startsWith('lamplight.known-device='))).toBe(false)
  })

  it('past 100 failures from everywhere, asks browsers that never signed in to the account for the mailed link', async () => {
    // The admin has signed in on this laptop before; a colleague's browser only to another account.
    const laptop = client()
    expect((await laptop.signIn(email('admin'), 'the right password')).status).toBe(200)
    const colleague = client()
    expect((await colleague.signIn(email('bystander'), 'the right password')).status).toBe(200)
    // A guesser spread over many addresses, 3 guesses each: no address reaches its own 10.
    // The first 90 guesses are taken as made (each a password hash to check: seconds of
    // CPU); the last ones come over HTTP and count alike.
    for (let i = 0; i < 90; i++) await deps.rateLimits.consume(SIGN_IN_CEILING, email('admin'))
    const statuses: number[] = []
    for (let a = 0; a < 4; a++) {
      const bot = client()
      for (let i = 0; i < 3; i++) statuses.push((await bot.signIn(email('admin'), `guess ${a}.${i}`)).status)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    // The ceiling is reached: a browser the account does not know is refused, right
    // password or wrong alike, and told how to get in.
    expect(statuses.slice(10)).toEqual([429, 429])
    const right = await client().json<ErrorBody>('/api/auth/sign-in/email', {
      body: { email: email('admin'), password: 'the right password' },
    })
    const wrong = await client().json<ErrorBody>('/api/auth/sign-in/email', {
      body: { email: email('admin'), password: 'another guess' },
    })
    expect(right.status).toBe(429)
    expect(right.body).toEqual(wrong.body)
    expect(right.body.error.message).toMatch(/signs in only on devices that have signed in to it before/)
    expect(right.body.error.message).toMatch(/"Forgot password\?" and we will mail you a link/)
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(3000)
    // Knowing another account is no pass for this one, nor is a made-up cookie.
    expect((await colleague.signIn(email('admin'), 'the right password')).status).toBe(429)
    const forger = client()
    forger.jar.set('lamplight.known-device', 'A'.repeat(32))
    expect((await forger.signIn(email('admin'), 'the right password')).status).toBe(429)
    // The admin's own laptop signs in as ever, and a wrong password there is still a 401.
    expect((await laptop.signIn(email('admin'), 'a typo')).status).toBe(401)
    expect((await laptop.signIn(email('admin'), 'the right password')).status).toBe(200)
    // On a new phone, the mailed reset link lets the owner in, and the phone is known after.
    const phone = client()
    expect((await phone.signIn(email('admin'), 'the right password')).status).toBe(429)
    await resetPassword(phone, email('admin'), 'a new password 3')
    expect((await patientSignIn(phone, email('admin'), 'a new password 3')).status).toBe(200)
    expect(phone.jar.get('lamplight.known-device')).toMatch(/^[\w-]{32}$/)
    // The new password ends the passes made under the old one: at the ceiling again, the
    // laptop (which knew only the old password) is asked for the link like a stranger, even
    // with the new password; the phone, which signed in with it, is not.
    for (let i = 0; i < 100; i++) await deps.rateLimits.consume(SIGN_IN_CEILING, email('admin'))
    const oldPass = await patientSignIn(laptop, email('admin'), 'a new password 3')
    expect(oldPass.status).toBe(429)
    expect(oldPass.body.error.message).toMatch(/signs in only on devices that have signed in to it before/)
    expect((await patientSignIn(phone, email('admin'), 'a new password 3')).status).toBe(200)
    // Other accounts never noticed.
    expect((await client().signIn(email('bystander'), 'the right password')).status).toBe(200)
  }, 120_000)
})
