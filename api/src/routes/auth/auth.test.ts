import { and, desc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, user } from '../../db/schema'
import { resetByMail } from '../../test/accounts'
import { createTestApp } from '../../test/app'
import { browser } from '../../test/client'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'

type ErrorBody = { error: { code: string; message: string } }
type SessionBody = { user: { email: string; name: string; role: string } } | null

/**
 * Asks for a verification mail and sends its link's token to the confirmation page's form, as
 * the address's owner would, with `password` if they know one; answers the form's status.
 */
async function confirmByMail(b: ReturnType<typeof browser>, email: string, password?: string) {
  const asked = await b.request('/api/auth/send-verification-email', { body: { email, callbackURL: '/' } })
  expect(asked.status).toBe(200)
  const mails = await currentDatabase.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
  const mail = mails.sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime())[0]
  const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0])
  expect(link.pathname).toBe('/auth/verify-email')
  const token = link.searchParams.get('token')
  return (await b.request('/api/auth/confirm-email', { body: { token, password } })).status
}
let currentDatabase: TestDatabase

describe.each(DRIVERS)('accounts on %s', (driver) => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  beforeAll(async () => {
    database = await createTestDatabase(driver)
    currentDatabase = database
    app = createTestApp(database, { ADMIN_EMAILS: 'Boss@Example.com, other@example.com' }).app
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it('signs up, reads the session, signs out', async () => {
    const b = browser(app)
    const res = await b.signUp('Ruth@Example.com', 'correct horse 1', 'Ruth Moab')
    expect(res.status).toBe(200)
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).not.toMatch(/Secure/i) // http://localhost
    const session = await b.json<SessionBody>('/api/auth/get-session')
    expect(session.body?.user).toMatchObject({
      email: 'ruth@example.com',
      name: 'Ruth Moab',
      role: 'customer',
    })

    expect((await b.request('/api/auth/sign-out', { body: {} })).status).toBe(200)
    expect((await b.json('/api/auth/get-session')).body).toBeNull()
  })

  it('keeps the profile: full name, email and creation time on the user row', async () => {
    const [row] = await database.db.select().from(user).where(eq(user.email, 'ruth@example.com'))
    expect(row).toMatchObject({ name: 'Ruth Moab', role: 'customer', emailVerified: false })
    expect(row?.createdAt).toBeInstanceOf(Date)
  })

  it('refuses a taken email with the service message', async () => {
    const res = await browser(app).json<ErrorBody>('/api/auth/sign-up/email', {
      body: { email: 'ruth@example.com', password: 'another pass 2', name: 'Imposter' },
    })
    expect(res.status).toBe(422)
    expect(res.body.error.code).toBe('user_already_exists_use_another_email')
    expect(res.body.error.message).toMatch(/already exists/i)
  })

  it('signs in with the right password and not with a wrong one', async () => {
    const b = browser(app)
    const wrong = await b.json<ErrorBody>('/api/auth/sign-in/email', {
      body: { email: 'ruth@example.com', password: 'wrong password' },
    })
    expect(wrong.status).toBe(401)
    expect(wrong.body.error).toEqual({
      code: 'invalid_email_or_password',
      message: 'Invalid email or password',
    })
    expect((await b.signIn('ruth@example.com')).status).toBe(200)
    expect((await b.json<SessionBody>('/api/auth/get-session')).body?.user.email).toBe('ruth@example.com')
  })

  it('refuses malformed sign-up input with a 400 in our error shape', async () => {
    const res = await browser(app).json<ErrorBody>('/api/auth/sign-up/email', {
      body: { email: 'not-an-email', password: 'x', name: 'N' },
    })
    expect(res.status).toBe(400)
    expect(typeof res.body.error.message).toBe('string')
  })

  it('guards /api/admin/customers: 401 anonymous, 403 customer, 200 admin', async () => {
    const anonymous = await browser(app).json<ErrorBody>('/api/admin/customers')
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error.code).toBe('unauthorized')

    const customer = browser(app)
    await customer.signIn('ruth@example.com')
    const denied = await customer.json<ErrorBody>('/api/admin/customers')
    expect(denied.status).toBe(403)
    expect(denied.body.error.code).toBe('forbidden')

    const admin = browser(app)
    await admin.signUp('boss@example.com', 'boss password 1', 'The Boss')
    await resetByMail(app, database, 'boss@example.com', 'boss password 1')
    await admin.signIn('boss@example.com', 'boss password 1')
    const list = await admin.json<{ data: { email: string; role: string; full_name: string }[] }>(
      '/api/admin/customers',
    )
    expect(list.status).toBe(200)
    expect(list.body.data.map((c) => c.email)).toEqual(['boss@example.com', 'ruth@example.com'])
    expect(list.body.data[0]).toMatchObject({ role: 'admin', full_name: 'The Boss' })
  })

  it("never makes an ADMIN_EMAILS account admin on a verification: the password may be a squatter's", async () => {
    const squatter = browser(app)
    expect((await squatter.signUp('other@example.com', 'not the owner 1', 'Squatter')).status).toBe(200)
    expect((await squatter.json<SessionBody>('/api/auth/get-session')).body?.user.role).toBe('customer')
    // The owner follows the link mailed to the address: it wants the squatter's password
    // (decision 038), so it confirms nothing and signs nobody in.
    const owner = browser(app)
    expect(await confirmByMail(owner, 'other@example.com')).toBe(400)
    expect(await confirmByMail(owner, 'other@example.com', 'the real owner 1')).toBe(401)
    expect((await owner.json<SessionBody>('/api/auth/get-session')).body).toBeNull()
    // Signing in with the squatter's password: still a customer.
    expect((await squatter.signIn('other@example.com', 'not the owner 1')).status).toBe(200)
    expect((await squatter.json<SessionBody>('/api/auth/get-session')).body?.user.role).toBe('customer')
    expect((await squatter.request('/api/admin/customers')).status).toBe(403)
    // The owner sets the password by a mailed link: admin now, recorded once; the squatter is out.
    await resetByMail(app, database, 'other@example.com', 'the owner now 1')
    expect((await squatter.json<SessionBody>('/api/auth/get-session')).body).toBeNull()
    expect((await browser(app).signIn('other@example.com', 'not the owner 1')).status).toBe(401)
    const signedIn = browser(app)
    expect((await signedIn.signIn('other@example.com', 'the owner now 1')).status).toBe(200)
    expect((await signedIn.json<SessionBody>('/api/auth/get-session')).body?.user.role).toBe('admin')
    const [row] = await database.db.select().from(user).where(eq(user.email, 'other@example.com'))
    expect(row?.adminPromotedAt).toBeInstanceOf(Date)
  })

  it("keeps an admin's demotion of an ADMIN_EMAILS account at its next sign-in and reset", async () => {
    const boss = browser(app)
    expect((await boss.signIn('boss@example.com', 'boss password 1')).status).toBe(200)
    const [other] = await database.db.select().from(user).where(eq(user.email, 'other@example.com'))
    const demoted = await boss.request(`/api/admin/users/${other!.id}/role`, {
      method: 'PATCH',
      body: { role: 'customer' },
    })
    expect(demoted.status).toBe(200)
    await resetByMail(app, database, 'other@example.com', 'the owner again 1')
    const again = browser(app)
    expect((await again.signIn('other@example.com', 'the owner again 1')).status).toBe(200)
    expect((await again.json<SessionBody>('/api/auth/get-session')).body?.user.role).toBe('customer')
    await database.db.delete(user).where(eq(user.id, other!.id))
  })

  it('a verified account listed later becomes admin at its next password reset by mail, not at a sign-in', async () => {
    const b = browser(app)
    await b.signUp('other@example.com', 'their password 1')
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.email, 'other@example.com'))
    expect((await b.signIn('other@example.com', 'their password 1')).status).toBe(200)
    expect((await database.db.select().from(user).where(eq(user.email, 'other@example.com')))[0]?.role).toBe(
      'customer',
    )
    await resetByMail(app, database, 'other@example.com', 'their password 2')
    expect((await database.db.select().from(user).where(eq(user.email, 'other@example.com')))[0]?.role).toBe(
      'admin',
    )
  })

  it('lets an admin, and only an admin, change a role', async () => {
    const [ruth] = await database.db.select().from(user).where(eq(user.email, 'ruth@example.com'))
    const customer = browser(app)
    await customer.signIn('ruth@example.com')
    expect(
      (
        await customer.request(`/api/admin/users/${ruth!.id}/role`, {
          method: 'PATCH',
          body: { role: 'admin' },
        })
      ).status,
    ).toBe(403)

    const admin = browser(app)
    await admin.signIn('boss@example.com', 'boss password 1')
    const bad = await admin.json<ErrorBody>(`/api/admin/users/${ruth!.id}/role`, {
      method: 'PATCH',
      body: { role: 'owner' },
    })
    expect(bad.status).toBe(400)
    const missing = await admin.request('/api/admin/users/nobody/role', {
      method: 'PATCH',
      body: { role: 'editor' },
    })
    expect(missing.status).toBe(404)
    const ok = await admin.json<{ data: { role: string } }>(`/api/admin/users/${ruth!.id}/role`, {
      method: 'PATCH',
      body: { role: 'editor' },
    })
    expect(ok.status).toBe(200)
    expect(ok.body.data.role).toBe('editor')
    expect((await customer.json<SessionBody>('/api/auth/get-session')).body?.user.role).toBe('editor')

    const [boss] = await database.db.select().from(user).where(eq(user.email, 'boss@example.com'))
    const self = await admin.json<ErrorBody>(`/api/admin/users/${boss!.id}/role`, {
      method: 'PATCH',
      body: { role: 'customer' },
    })
    expect(self.status).toBe(409)
  })

  it('answers the 4th sign-in attempt within 10 s with 429 and Retry-After, per client', async () => {
    // better-auth's memory store is shared by every instance in the process: one address per driver.
    const b = browser(app, driver === 'pglite' ? '198.51.100.7' : '198.51.100.9')
    for (let i = 0; i < 3; i++) {
      const res = await b.request('/api/auth/sign-in/email', {
        body: { email: 'ruth@example.com', password: 'nope nope' },
      })
      expect(res.status).toBe(401)
    }
    const limited = await b.json<ErrorBody>('/api/auth/sign-in/email', {
      body: { email: 'ruth@example.com', password: 'correct horse 1' },
    })
    expect(limited.status).toBe(429)
    expect(limited.body.error.code).toBe('rate_limited')
    expect(limited.body.error.message).toMatch(/Too many attempts\. Please wait \d+ seconds/)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another client is not affected.
    expect((await browser(app, '198.51.100.8').signIn('ruth@example.com')).status).toBe(200)
  })

  it('refuses cookie-carrying auth POSTs from an untrusted origin', async () => {
    const b = browser(app)
    await b.signIn('ruth@example.com')
    const res = await b.request('/api/auth/sign-out', {
      body: {},
      headers: { Origin: 'https://evil.example.com' },
    })
    expect(res.status).toBe(403)
    expect((await b.json<SessionBody>('/api/auth/get-session')).body?.user.email).toBe('ruth@example.com')
  })

  it('sends a reset link to the outbox and lets the new password sign in', async () => {
    const b = browser(app)
    const asked = await b.request('/api/auth/request-password-reset', {
      body: { email: 'ruth@example.com', redirectTo: '/auth/reset-password' },
    })
    expect(asked.status).toBe(200)
    // The reset mail (sign-up mailed a confirmation link before it).
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'ruth@example.com'), like(mailOutbox.subject, 'Reset%')))
    expect(mail?.subject).toBe('Reset your Lamplight Puzzle Co. password')
    const link = /https?:\/\/\S+/.exec(mail!.text)?.[0]
    expect(link).toContain('/api/auth/reset-password/')
    const opened = await b.request(new URL(link!).pathname + new URL(link!).search)
    expect(opened.status).toBe(302)
    const token = new URL(opened.headers.get('location')!, 'http://x').searchParams.get('token')
    expect(token).toBeTruthy()
    expect(
      (await b.request('/api/auth/reset-password', { body: { token, newPassword: 'brand new pass 3' } }))
        .status,
    ).toBe(200)
    expect((await browser(app).signIn('ruth@example.com', 'correct horse 1')).status).toBe(401)
    expect((await browser(app).signIn('ruth@example.com', 'brand new pass 3')).status).toBe(200)
  })

  it('words the link asked for to add guest orders as that, and leads it to the page that says so', async () => {
    const b = browser(app)
    const asked = await b.request('/api/auth/request-password-reset', {
      body: { email: 'ruth@example.com', redirectTo: '/auth/reset-password?purpose=guest-orders' },
    })
    expect(asked.status).toBe(200)
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'ruth@example.com'), like(mailOutbox.subject, 'Add your guest orders%')))
    expect(mail?.subject).toBe('Add your guest orders to your Lamplight Puzzle Co. account')
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0])
    const opened = await b.request(link.pathname + link.search)
    const landing = new URL(opened.headers.get('location')!, 'http://x')
    expect(landing.pathname).toBe('/auth/reset-password')
    expect(landing.searchParams.get('purpose')).toBe('guest-orders')
    expect(landing.searchParams.get('token')).toBeTruthy()
  })

  it("never puts the session's token in JSON: the HttpOnly cookie keeps it from page scripts", async () => {
    const res = await browser(app).signIn('ruth@example.com', 'brand new pass 3')
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(body.signedIn).toBe(true)
    expect('token' in body).toBe(false)
    expect(JSON.stringify(body)).not.toMatch(/token/i)
    // Nor the session's own, read on every page load.
    const b = browser(app)
    await b.signIn('ruth@example.com', 'brand new pass 3')
    const session = await b.json<{ user: { email: string }; session: Record<string, unknown> }>(
      '/api/auth/get-session',
    )
    expect(session.body.user.email).toBe('ruth@example.com')
    expect(session.body.session.userId).toBeTruthy()
    expect(JSON.stringify(session.body)).not.toMatch(/token/i)
  })

  it('a reset kills every reset link mailed before it', async () => {
    const tokenFrom = async () => {
      const b = browser(app)
      await b.request('/api/auth/request-password-reset', {
        body: { email: 'ruth@example.com', redirectTo: '/auth/reset-password' },
      })
      const [mail] = await database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, 'ruth@example.com'), like(mailOutbox.subject, 'Reset%')))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1)
      const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0])
      const opened = await b.request(link.pathname + link.search)
      return new URL(opened.headers.get('location')!, 'http://x').searchParams.get('token')
    }
    const older = await tokenFrom()
    const newer = await tokenFrom()
    expect(older).not.toBe(newer)
    const reset = (token: string | null, newPassword: string) =>
      browser(app).request('/api/auth/reset-password', { body: { token, newPassword } })
    expect((await reset(newer, 'newest pass 4')).status).toBe(200)
    expect((await reset(older, 'older link 5')).status).toBe(400)
    expect((await browser(app).signIn('ruth@example.com', 'newest pass 4')).status).toBe(200)
  })

  it('shows the outbox to an admin, not to a customer or a stranger', async () => {
    const admin = browser(app)
    await admin.signIn('boss@example.com', 'boss password 1')
    const page = await admin.request('/api/dev/mail')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Reset your Lamplight Puzzle Co. password')
    // The HTML part as the recipient sees it, in a frame that runs nothing (issue 39 item 9),
    // and the text part beside it.
    const frame = /<iframe title="The mail as ([^"]+) sees it" sandbox="([^"]*)" srcdoc="([^"]*)"/.exec(html)
    expect(frame?.[2]).not.toContain('allow-scripts')
    expect(frame?.[2]).not.toContain('allow-same-origin')
    const srcdoc = (frame?.[3] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
    expect(srcdoc).toContain('<base target="_blank">')
    expect(srcdoc).toMatch(/<a [^>]*href="http[^"]*reset-password/)
    expect(html).toContain('<h3>Text part</h3>')
    const stranger = await browser(app).request('/api/dev/mail')
    expect(stranger.status).toBe(401)
    // Behind a proxy on this machine every visitor's TCP peer is loopback: that proves nothing.
    const local = await browser(app, '127.0.0.1').request('/api/dev/mail')
    expect(local.status).toBe(401)
    const customer = browser(app)
    await customer.signUp('nosy@example.com')
    expect((await customer.request('/api/dev/mail')).status).toBe(403)
  })
})

describe('accounts with verification required', () => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    app = createTestApp(database, { AUTH_REQUIRE_EMAIL_VERIFICATION: 'true' }).app
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it('mails a confirmation link and signs in only once it is followed', async () => {
    const b = browser(app)
    expect((await b.signUp('lydia@example.com', 'purple cloth 1', 'Lydia')).status).toBe(200)
    expect((await b.json('/api/auth/get-session')).body).toBeNull()
    const refused = await b.json<ErrorBody>('/api/auth/sign-in/email', {
      body: { email: 'lydia@example.com', password: 'purple cloth 1' },
    })
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('email_not_verified')

    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'lydia@example.com'))
    expect(mail?.subject).toBe('Confirm your email for Lamplight Puzzle Co.')
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0])
    const confirmed = await b.request('/api/auth/confirm-email', {
      body: { token: link.searchParams.get('token'), password: 'purple cloth 1' },
    })
    expect(confirmed.status).toBe(200)
    expect((await b.json<SessionBody>('/api/auth/get-session')).body?.user.email).toBe('lydia@example.com')
  })
})

describe('the outbox page in a real shop (issue 16: development conveniences off in production)', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
  })
  afterAll(async () => {
    await database?.destroy()
  })

  /** An admin of a shop at a real address with no SMTP_URL; `env` adds to its settings. */
  async function adminOf(env: Record<string, string>, email: string) {
    const { app } = createTestApp(database, {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.com',
      TRUSTED_ORIGINS: 'http://localhost:3000',
      ...env,
    })
    const admin = browser(app)
    expect((await admin.signUp(email, 'owner password 1')).status).toBe(200)
    await database.db.update(user).set({ role: 'admin' }).where(eq(user.email, email))
    expect((await admin.signIn(email, 'owner password 1')).status).toBe(200)
    return admin
  }

  it('is not there, even for an admin, unless MAIL_OUTBOX_PAGE=true', async () => {
    const admin = await adminOf({}, 'owner@shop.example.com')
    const page = await admin.json<ErrorBody>('/api/dev/mail')
    expect(page.status).toBe(404)
    expect(page.body.error.message).toContain('MAIL_OUTBOX_PAGE=true')
    // The mail itself is still kept, to be sent once SMTP_URL is set.
    await admin.request('/api/auth/request-password-reset', {
      body: { email: 'owner@shop.example.com', redirectTo: '/auth/reset-password' },
    })
    const kept = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'owner@shop.example.com'))
    expect(kept.length).toBeGreaterThan(0)

    const enabled = await adminOf({ MAIL_OUTBOX_PAGE: 'true' }, 'second@shop.example.com')
    const shown = await enabled.request('/api/dev/mail')
    expect(shown.status).toBe(200)
    expect(await shown.text()).toContain('Reset your Lamplight Puzzle Co. password')
  })
})
