import { and, desc, eq, like } from 'drizzle-orm'
import type { Hono } from 'hono'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { mailOutbox, user } from '../db/schema'
import { createDeps } from '../deps'
import { createLogger } from '../logger'
import { resetByMail } from '../test/accounts'
import { createTestApp } from '../test/app'
import { browser } from '../test/client'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../test/database'
import { createRedisStorage } from './secondary-storage'

type ErrorBody = { error: { code: string; message: string; issues?: { path: string; message: string }[] } }
type SessionBody = { user: { email: string; emailVerified: boolean } } | null
type Client = ReturnType<typeof browser>

const SECRET = 'test-secret-test-secret-test-secret-0123'

// Each client its own address, so the per-address limits of one never meet another's.
let clients = 0
const fresh = (app: Parameters<typeof browser>[0]) => browser(app, `198.51.100.${++clients}`)

/** The newest confirmation link mailed to `email`. */
async function confirmationLink(database: TestDatabase, email: string) {
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'Confirm your email%')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1)
  if (!mail) throw new Error(`no confirmation mail to ${email}`)
  return new URL(/https?:\/\/\S+/.exec(mail.text)![0])
}

const verified = async (database: TestDatabase, email: string) =>
  (await database.db.select({ v: user.emailVerified }).from(user).where(eq(user.email, email)))[0]?.v
const sessionOf = async (client: Client) => (await client.json<SessionBody>('/api/auth/get-session')).body

// As the probe found it: a shop that mails (SMTP on, so sign-up waits for the address to be
// confirmed) at an https address. The outbox worker never runs in tests: mail stays in the outbox.
describe.each(DRIVERS)('a confirmation link with SMTP on and https, on %s', (driver) => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  beforeAll(async () => {
    database = await createTestDatabase(driver)
    app = createTestApp(database, {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:9/',
      PUBLIC_URL: 'https://shop.example.com',
      TRUSTED_ORIGINS: 'http://localhost:3000',
    }).app
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it('never hands the owner of an address an account a stranger chose the password of', async () => {
    const email = 'victim@example.com'
    // A stranger signs up first with the victim's address and a password of their choosing.
    const stranger = fresh(app)
    expect((await stranger.signUp(email, 'stranger pass 1', 'Victim')).status).toBe(200)
    expect(await sessionOf(stranger)).toBeNull()

    // The victim gets "Confirm your email" and follows it, in their own browser.
    const link = await confirmationLink(database, email)
    expect(link.origin).toBe('https://shop.example.com')
    expect(link.pathname).toBe('/auth/verify-email')
    const token = link.searchParams.get('token')!
    const victim = fresh(app)

    // Opening a link (or a link mailed before this change) confirms nothing and signs nobody in.
    const older = await victim.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)
    expect(older.status).toBe(302)
    expect(older.headers.get('location')).toBe(`/auth/verify-email?token=${encodeURIComponent(token)}`)
    expect(older.headers.getSetCookie()).toEqual([])

    // The page asks for the password chosen at sign-up, which the victim does not know.
    const bare = await victim.json<ErrorBody>('/api/auth/confirm-email', { body: { token } })
    expect(bare.status).toBe(400)
    expect(bare.body.error.issues).toEqual([
      { path: 'password', message: 'Enter the password you chose when you created the account.' },
    ])
    const guessed = await victim.json<ErrorBody>('/api/auth/confirm-email', {
      body: { token, password: 'my own password 1' },
    })
    expect(guessed.status).toBe(401)
    expect(guessed.body.error.issues?.[0]?.path).toBe('password')
    expect(guessed.headers.getSetCookie()).toEqual([])
    expect(await sessionOf(victim)).toBeNull()
    expect(await verified(database, email)).toBe(false)
    // Nor can the stranger use the account: the address was never confirmed.
    expect((await stranger.signIn(email, 'stranger pass 1')).status).toBe(403)

    // The victim's way in is the reset by mail, which ends the stranger's password.
    await resetByMail(app, database, email, 'my own password 1')
    expect((await victim.signIn(email, 'my own password 1')).status).toBe(200)
    expect((await stranger.signIn(email, 'stranger pass 1')).status).toBe(401)
    expect((await sessionOf(victim))?.user.emailVerified).toBe(true)
  })

  it('confirms and signs in the one who signed up, with their password, in one step', async () => {
    const email = 'lydia@example.com'
    const b = fresh(app)
    expect((await b.signUp(email, 'purple cloth 1', 'Lydia')).status).toBe(200)
    const token = (await confirmationLink(database, email)).searchParams.get('token')!
    // Another device of hers, say her phone, where she opens the mail.
    const phone = fresh(app)
    const done = await phone.json<{ status: string; signedIn: boolean }>('/api/auth/confirm-email', {
      body: { token, password: 'purple cloth 1' },
    })
    expect(done.status).toBe(200)
    expect(done.body).toEqual({ status: 'confirmed', signedIn: true })
    const cookie = done.headers.getSetCookie().find((c) => c.includes('session_token='))
    expect(cookie).toMatch(/Secure/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(await sessionOf(phone)).toMatchObject({ user: { email, emailVerified: true } })
    // The link again: nothing more to do, and it signs nobody else in.
    const again = await fresh(app).json('/api/auth/confirm-email', { body: { token } })
    expect(again.body).toEqual({ status: 'already_confirmed', signedIn: false })
    expect(again.headers.getSetCookie()).toEqual([])
    // She signs in anywhere with her password.
    expect((await b.signIn(email, 'purple cloth 1')).status).toBe(200)
  })

  it('refuses a forged, altered or expired link, and says which', async () => {
    const email = 'thomas@example.com'
    expect((await fresh(app).signUp(email, 'doubting 1 pass')).status).toBe(200)
    const token = (await confirmationLink(database, email)).searchParams.get('token')!
    const post = (t: string) =>
      fresh(app).json<ErrorBody>('/api/auth/confirm-email', {
        body: { token: t, password: 'doubting 1 pass' },
      })
    const altered = await post(`${token.slice(0, -2)}${token.endsWith('xx') ? 'yy' : 'xx'}`)
    expect(altered.status).toBe(400)
    expect(altered.body.error.code).toBe('invalid_token')
    const forged = await new SignJWT({ email })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not our secret at all, not at all'))
    expect((await post(forged)).body.error.code).toBe('invalid_token')
    const expired = await new SignJWT({ email })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(SECRET))
    const old = await post(expired)
    expect(old.status).toBe(400)
    expect(old.body.error.code).toBe('token_expired')
    expect((await post('')).status).toBe(400)
    expect(await verified(database, email)).toBe(false)
  })

  it('counts wrong passwords on the confirmation page like failed sign-ins', async () => {
    const email = 'mark@example.com'
    expect((await fresh(app).signUp(email, 'lion of judah 1')).status).toBe(200)
    const token = (await confirmationLink(database, email)).searchParams.get('token')!
    const b = fresh(app)
    const statuses: number[] = []
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await b.request('/api/auth/confirm-email', { body: { token, password: `guess ${i} x` } })).status,
      )
    expect(statuses).toEqual([401, 401, 401, 429])
    expect(await verified(database, email)).toBe(false)
  })
})

// Sessions cached in Redis (REDIS_URL, as CI and production have it) must end as surely as
// sessions read from the database.
const REDIS_URL = process.env.REDIS_URL
const STORES = DRIVERS.flatMap((driver) =>
  (REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const)).map(
    (store) => [driver, store] as const,
  ),
)

describe.each(STORES)(
  'passwords and sessions of a signed-in person, on %s with sessions in %s',
  (driver, store) => {
    let database: TestDatabase
    let redis: ReturnType<typeof createRedisStorage> | undefined
    let app: Pick<Hono, 'request'>
    // Limits per address mailed to live an hour in Redis, shared by every run and describe:
    // addresses of their own.
    const tag = `${driver}-${store}-${Date.now().toString(36)}`
    beforeAll(async () => {
      database = await createTestDatabase(driver)
      // The embedded default: sign-up signs in at once; a confirmation link is asked for by hand.
      const base = createTestApp(database)
      app = base.app
      if (store === 'redis') {
        redis = createRedisStorage(REDIS_URL!)
        expect(await redis.connected(5000)).toBe(true)
        app = createApp(
          createDeps({
            ...base.deps,
            logger: createLogger('silent'),
            secondaryStorage: redis.storage,
            redis: redis.redis,
          }),
        )
      }
    })
    afterAll(async () => {
      await redis?.close()
      await database?.destroy()
    })

    it('confirms without a password in the browser already signed in to the account, and ends the others', async () => {
      const email = `priscilla-${tag}@example.com`
      const here = fresh(app)
      expect((await here.signUp(email, 'tent maker 1')).status).toBe(200)
      const elsewhere = fresh(app)
      expect((await elsewhere.signIn(email, 'tent maker 1')).status).toBe(200)
      expect(
        (
          await here.request('/api/auth/send-verification-email', {
            body: { email, callbackURL: '/account' },
          })
        ).status,
      ).toBe(200)
      const link = await confirmationLink(database, email)
      expect(link.searchParams.get('callbackURL')).toBe('/account')
      const done = await here.json('/api/auth/confirm-email', {
        body: { token: link.searchParams.get('token') },
      })
      expect(done.body).toEqual({ status: 'confirmed', signedIn: true })
      expect(await sessionOf(here)).toMatchObject({ user: { email, emailVerified: true } })
      expect(await sessionOf(elsewhere)).toBeNull()
    })

    it('changes the password with the current one, ending every other session', async () => {
      const email = `aquila-${tag}@example.com`
      const here = fresh(app)
      expect((await here.signUp(email, 'old password 1')).status).toBe(200)
      const other = fresh(app)
      expect((await other.signIn(email, 'old password 1')).status).toBe(200)

      const wrong = await here.json<ErrorBody>('/api/auth/change-password', {
        body: { currentPassword: 'not it at all', newPassword: 'new password 1' },
      })
      expect(wrong.status).toBe(400)
      expect(wrong.body.error.code).toBe('invalid_password')
      const short = await here.json<ErrorBody>('/api/auth/change-password', {
        body: { currentPassword: 'old password 1', newPassword: 'short' },
      })
      expect(short.status).toBe(400)
      expect(short.body.error.issues?.[0]?.path).toBe('newPassword')
      expect(await sessionOf(other)).not.toBeNull()

      const changed = await here.request('/api/auth/change-password', {
        body: { currentPassword: 'old password 1', newPassword: 'new password 1' },
      })
      expect(changed.status).toBe(200)
      expect(await sessionOf(here)).toMatchObject({ user: { email } })
      expect(await sessionOf(other)).toBeNull()
      expect((await fresh(app).signIn(email, 'old password 1')).status).toBe(401)
      expect((await fresh(app).signIn(email, 'new password 1')).status).toBe(200)
      // Anonymous: nobody's password changes.
      expect(
        (
          await fresh(app).request('/api/auth/change-password', {
            body: { currentPassword: 'new password 1', newPassword: 'newer password 1' },
          })
        ).status,
      ).toBe(401)
    })

    it('signs out everywhere, this browser too', async () => {
      const email = `apollos-${tag}@example.com`
      const here = fresh(app)
      expect((await here.signUp(email, 'eloquent 1 man')).status).toBe(200)
      const phone = fresh(app)
      expect((await phone.signIn(email, 'eloquent 1 man')).status).toBe(200)
      const out = await here.request('/api/auth/revoke-sessions', { body: {} })
      expect(out.status).toBe(200)
      expect(await sessionOf(here)).toBeNull()
      expect(await sessionOf(phone)).toBeNull()
      expect((await fresh(app).request('/api/auth/revoke-sessions', { body: {} })).status).toBe(401)
    })
  },
)
