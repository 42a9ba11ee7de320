import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../db/schema'
import { createTestApp } from '../../test/app'
import { browser } from '../../test/client'
import { createTestDatabase, type TestDatabase } from '../../test/database'

type ErrorBody = { error: { code: string; message: string } }

describe('sign-in limit per account', () => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  let n = 0
  /** A client at a fresh address each time: an attacker rotating addresses. */
  const stranger = () => browser(app, `198.18.7.${++n}`)
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    app = createTestApp(database).app
    await browser(app).signUp('target@example.com', 'the right password')
    await browser(app).signUp('bystander@example.com', 'the right password')
  }, 60_000)
  afterAll(() => database.destroy())

  it('refuses an account after 10 failures in 15 minutes, whatever address they came from', async () => {
    for (let i = 0; i < 10; i++)
      expect((await stranger().signIn('Target@Example.com', `guess ${i} nope`)).status).toBe(401)
    // Even the right password now waits: the guesser cannot tell a hit from a miss.
    const refused = await stranger().json<ErrorBody>('/api/auth/sign-in/email', {
      body: { email: 'target@example.com', password: 'the right password' },
    })
    expect(refused.status).toBe(429)
    expect(refused.body.error.code).toBe('rate_limited')
    expect(refused.body.error.message).toMatch(
      /Too many failed sign-ins for this account\. Please wait 15 minutes/,
    )
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800)
    // Another account is not affected.
    expect((await stranger().signIn('bystander@example.com', 'the right password')).status).toBe(200)
  })

  it('a success gives back only its own attempt: it does not wipe the failures before it', async () => {
    for (let i = 0; i < 9; i++) await stranger().signIn('bystander@example.com', `guess ${i} nope`)
    expect((await stranger().signIn('bystander@example.com', 'the right password')).status).toBe(200)
    expect((await stranger().signIn('bystander@example.com', 'one more guess')).status).toBe(401)
    expect((await stranger().signIn('bystander@example.com', 'the right password')).status).toBe(429)
  })

  it('lets the owner back in at once after resetting the password by mail', async () => {
    const owner = stranger()
    const asked = await owner.request('/api/auth/request-password-reset', {
      body: { email: 'target@example.com', redirectTo: '/auth/reset-password' },
    })
    expect(asked.status).toBe(200)
    // The reset mail (sign-up mailed a confirmation link before it).
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'target@example.com'), like(mailOutbox.subject, 'Reset%')))
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0])
    const opened = await owner.request(link.pathname + link.search)
    const token = new URL(opened.headers.get('location')!, 'http://x').searchParams.get('token')
    const reset = await owner.request('/api/auth/reset-password', {
      body: { token, newPassword: 'a new password 2' },
    })
    expect(reset.status).toBe(200)
    expect((await stranger().signIn('target@example.com', 'a new password 2')).status).toBe(200)
  })
})
