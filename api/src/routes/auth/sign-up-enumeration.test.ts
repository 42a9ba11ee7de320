import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../db/schema'
import { createTestApp } from '../../test/app'
import { browser } from '../../test/client'
import { createTestDatabase, type TestDatabase } from '../../test/database'

type SignUpBody = { signedIn: boolean; user: Record<string, unknown> }

/**
 * Where mail reaches people (SMTP_URL set), sign-up needs a verified address and never says
 * whether one is registered: a taken address gets the answer a new one gets, and its owner
 * a mail. (On the embedded default, sign-up signs in at once, so it cannot hide it.)
 */
describe('sign-up with a taken address, where mail is sent', () => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    // The outbox worker is never started in tests: nothing is sent anywhere.
    // Production's password hashing: the timing test below is about its cost.
    app = createTestApp(database, { SMTP_URL: 'smtp://127.0.0.1:9/' }, undefined, {
      productionPasswordHashing: true,
    }).app
    expect((await browser(app).signUp('owner@example.com', 'owner password 1', 'Owner')).status).toBe(200)
  }, 180_000)
  afterAll(() => database.destroy())

  const signUp = async (email: string) => {
    const started = performance.now()
    const res = await browser(app).request('/api/auth/sign-up/email', {
      body: { email, password: 'attacker pass 1', name: 'Someone' },
    })
    const ms = performance.now() - started
    return {
      status: res.status,
      cookies: res.headers.getSetCookie(),
      body: (await res.json()) as SignUpBody,
      ms,
    }
  }

  it('answers exactly as for a new address: same status, same fields, no session', async () => {
    const fresh = await signUp('newcomer@example.com')
    const taken = await signUp('Owner@Example.com')
    expect(taken.status).toBe(200)
    expect(fresh.status).toBe(200)
    expect(taken.cookies.filter((c) => c.startsWith('better-auth.session_token='))).toEqual([])
    expect(fresh.cookies.filter((c) => c.startsWith('better-auth.session_token='))).toEqual([])
    expect(taken.body.signedIn).toBe(false)
    expect(fresh.body.signedIn).toBe(false)
    expect('token' in taken.body || 'token' in fresh.body).toBe(false)
    expect(Object.keys(taken.body.user).sort()).toEqual(Object.keys(fresh.body.user).sort())
    expect(taken.body.user.name).toBe('Someone') // not the owner's
  })

  it('takes about as long for a taken address as for a new one (the password is hashed either way)', async () => {
    const fresh: number[] = []
    const taken: number[] = []
    for (let i = 0; i < 3; i++) {
      fresh.push((await signUp(`timing${i}@example.com`)).ms)
      taken.push((await signUp('owner@example.com')).ms)
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!
    // Loose on a shared machine: an unhashed answer would be a few ms against tens.
    expect(median(taken)).toBeGreaterThan(median(fresh) / 4)
  })

  it('mails the owner instead, and leaves the account as it was', async () => {
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'owner@example.com'))
    expect(mails.map((m) => m.subject)).toContain('Someone tried to sign up with your address')
    const signIn = await browser(app).signIn('owner@example.com', 'attacker pass 1')
    expect(signIn.status).toBe(401)
  })
})
