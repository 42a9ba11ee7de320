import { Writable } from 'node:stream'
import { desc, eq, sql } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../db/schema'
import { createLogger } from '../logger'
import { createTestApp } from '../test/app'
import { browser } from '../test/client'
import { createTestDatabase, ONE_DRIVER, type TestDatabase } from '../test/database'
import { fakeStripe } from '../test/fake-stripe'

const AUTH_SECRET = 'log-probe-auth-secret-log-probe-auth-secret'
const STRIPE_KEY = 'sk_test_log_probe_secret_key'
const WEBHOOK_SECRET = 'whsec_log_probe_webhook_secret'
const PASSWORD = 'first-password-7f3a'
const NEW_PASSWORD = 'second-password-9c1e'
const WRONG_PASSWORD = 'wrong-password-2b8d'
const CONTACT_BODY = 'My neighbour Onesimus needs the large print edition, call 555 0142'
const PRAYER_BODY = 'For my brother Epaphroditus, who is ill and far from home'
const ADDRESS = '17 Straight Street'

/**
 * Issue 16, item 6: logs never carry secrets, tokens or message bodies. The real app with its
 * logger at `trace` (everything it would ever write) goes through sign-up, a wrong and a right
 * sign-in, a reset mail followed to a new password, a verification mail, a Stripe checkout
 * fulfilled by a signed webhook, and a contact message and prayer request; then nothing any of
 * them carried may appear in the log.
 */
describe('what the logs never hold', () => {
  const driver = ONE_DRIVER
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  const lines: string[] = []
  const secrets = new Map<string, string>([
    ['AUTH_SECRET', AUTH_SECRET],
    ['STRIPE_SECRET_KEY', STRIPE_KEY],
    ['STRIPE_WEBHOOK_SECRET', WEBHOOK_SECRET],
    ['the password', PASSWORD],
    ['the new password', NEW_PASSWORD],
    ['a wrong password', WRONG_PASSWORD],
    ['the contact message', CONTACT_BODY],
    ['the prayer request', PRAYER_BODY],
    ['the buyer’s address', ADDRESS],
  ])
  const fake = fakeStripe()
  const signer = new Stripe('sk_test_other')

  beforeAll(async () => {
    const stripeBase = await fake.listen()
    database = await createTestDatabase(driver)
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    app = createTestApp(
      database,
      {
        AUTH_SECRET,
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripeBase,
        LOG_LEVEL: 'trace',
      },
      createLogger('trace', stream),
    ).app
    await database.db.execute(
      sql`insert into products (slug, name, price_cents) values ('scroll-of-antioch', 'The Scroll of Antioch', 4999)`,
    )
  }, 120_000)
  afterAll(async () => {
    await database?.destroy()
    await fake.close()
  })

  const latestMailTo = async (to: string) =>
    (
      await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, to))
        .orderBy(desc(mailOutbox.createdAt))
    )[0]!

  it('runs the flows that handle secrets, and logs them without any', async () => {
    const email = 'phoebe@example.com'
    const person = browser(app)
    expect((await person.signUp(email, PASSWORD, 'Phoebe')).status).toBe(200)
    for (const [name, value] of person.jar)
      secrets.set(`the session cookie ${name}`, decodeURIComponent(value))
    expect((await browser(app).signIn(email, WRONG_PASSWORD)).status).toBe(401)
    expect((await person.json('/api/auth/get-session')).status).toBe(200)

    // A verification mail: its token travels in a link's query.
    await person.request('/api/auth/send-verification-email', { body: { email, callbackURL: '/' } })
    const verification = await latestMailTo(email)
    const verifyLink = new URL(/https?:\/\/\S+/.exec(verification.text)![0])
    secrets.set('the verification token', verifyLink.searchParams.get('token')!)
    secrets.set('the verification mail', verification.text)
    await person.request(verifyLink.pathname.replace('/auth/', '/api/auth/') + verifyLink.search)
    const confirmed = await person.request('/api/auth/confirm-email', {
      body: { token: verifyLink.searchParams.get('token') },
    })
    expect(confirmed.status).toBe(200)

    // A reset mail, its link followed, the password changed with its token.
    const stranger = browser(app)
    await stranger.request('/api/auth/request-password-reset', {
      body: { email, redirectTo: '/auth/reset-password' },
    })
    const reset = await latestMailTo(email)
    expect(reset.subject).toContain('Reset')
    const resetLink = new URL(/https?:\/\/\S+/.exec(reset.text)![0])
    const opened = await stranger.request(resetLink.pathname + resetLink.search)
    const token = new URL(opened.headers.get('location')!, 'http://x').searchParams.get('token')!
    secrets.set('the reset token', token)
    secrets.set('the reset mail', reset.text)
    const changed = await stranger.request('/api/auth/reset-password', {
      body: { token, newPassword: NEW_PASSWORD },
    })
    expect(changed.status).toBe(200)
    // The same token again: refused, and the refusal is logged without it.
    await stranger.request('/api/auth/reset-password', { body: { token, newPassword: NEW_PASSWORD } })
    expect((await browser(app).signIn(email, NEW_PASSWORD)).status).toBe(200)

    // A Stripe checkout, paid by a signed webhook.
    const buyer = browser(app)
    const started = await buyer.json<{ url: string }>('/api/checkout', {
      body: {
        productSlug: 'scroll-of-antioch',
        customerInfo: {
          email: 'lydia@example.com',
          firstName: 'Lydia',
          lastName: 'Thyatira',
          address: ADDRESS,
          city: 'Damascus',
          state: 'CA',
          zipCode: '90001',
        },
      },
    })
    expect(started.status).toBe(200)
    const sessionId = started.body.url.split('/').at(-1)!
    fake.sessions.get(sessionId)!.payment_status = 'paid'
    const payload = JSON.stringify({
      id: `evt_logs_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...fake.sessions.get(sessionId) } },
    })
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
    secrets.set('the Stripe signature', signature.split(',v1=')[1]!)
    const webhook = await app.request('/api/payments/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    })
    expect(webhook.status).toBe(200)
    // A forged one too: its refusal must not echo the header either.
    await app.request('/api/payments/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': `t=1,v1=${'ab'.repeat(32)}` },
      body: payload,
    })
    const confirmation = await latestMailTo('lydia@example.com')
    expect(confirmation.subject).toMatch(/^Order confirmed/)
    secrets.set('the order confirmation', confirmation.text)

    // A contact message and a prayer request.
    const visitor = browser(app)
    expect(
      (
        await visitor.request('/api/contact', {
          body: {
            name: 'Tychicus',
            email: 'tychicus@example.com',
            subject: 'Large print',
            message: CONTACT_BODY,
          },
        })
      ).status,
    ).toBe(201)
    expect((await visitor.request('/api/prayer-requests', { body: { request: PRAYER_BODY } })).status).toBe(
      201,
    )

    const log = lines.join('')
    // The log is there, and it is about these requests (a silent logger would prove nothing).
    for (const path of [
      '/api/auth/sign-up/email',
      '/api/checkout',
      '/api/payments/stripe/webhook',
      '/api/contact',
    ])
      expect(log).toContain(`"path":"${path}"`)
    expect(log).toContain('/api/auth/reset-password/[redacted]')
    expect(log).toContain('mail kept in the outbox')
    for (const [what, value] of secrets) {
      expect(value.length, what).toBeGreaterThan(8)
      expect(log.includes(value), `the log holds ${what}`).toBe(false)
    }
    // Nor any cookie or authorisation header, whatever its value.
    expect(log).not.toMatch(/set-cookie|"cookie"|authorization|stripe-signature/i)
  })
})
