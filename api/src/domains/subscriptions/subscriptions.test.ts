import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { planMails, startPlanCheckout, TEST_ADDRESS } from '../../test/subscriptions'
import { useTestApp } from '../../test/use-test-app'

type Status = {
  subscribed: boolean
  subscription_tier: string | null
  subscription_end: string | null
  subscription_status: string | null
  cancel_at_period_end: boolean
}

describe.each(DRIVERS)('subscriptions in test mode on %s', (driver) => {
  const setup = useTestApp(driver)

  async function customer(email: string) {
    const client = browser(setup.app)
    expect((await client.signUp(email)).status).toBe(200)
    return client
  }
  const status = async (client: ReturnType<typeof browser>) => {
    const res = await client.json<Status>('/api/subscriptions/status')
    expect(res.status).toBe(200)
    return res.body
  }
  const subscribe = startPlanCheckout
  const pathOf = (url: string) => new URL(url).pathname
  const post = (client: ReturnType<typeof browser>, path: string) =>
    client.request(path, { method: 'POST', ...(path.endsWith('/pay') ? { body: TEST_ADDRESS } : {}) })
  const mails = (to: string) => planMails(setup.database, to)
  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(setup.database.db, query))[0]!.n

  it('is for signed-in customers only: 401 signed out', async () => {
    const visitor = browser(setup.app)
    for (const [path, body] of [
      ['/api/subscriptions/status', undefined],
      ['/api/subscriptions/checkout', { priceId: 'price_basic_monthly', tier: 'Basic' }],
      ['/api/subscriptions/portal', {}],
      ['/api/payments/test-billing/portal', undefined],
    ] as const) {
      const res = await visitor.json<{ error: { code: string } }>(path, { body })
      expect(res.status, path).toBe(401)
      expect(res.body.error.code).toBe('unauthorized')
    }
  })

  it("greets nobody by name in the plan's mails: a sign-up types the name, with anyone's address", async () => {
    const email = 'named@example.com'
    const client = browser(setup.app)
    const name = '=HYPERLINK("https://evil.example/card","Confirm your card")'
    expect((await client.signUp(email, 'correct horse 1', name)).status).toBe(200)
    const started = await subscribe(client, 'Basic')
    expect((await post(client, `${pathOf(started.body.url)}/pay`)).status).toBe(303)
    expect((await post(client, '/api/payments/test-billing/portal/cancel')).status).toBeLessThan(400)
    const sent = await queryRows<{ subject: string; text: string; html: string }>(
      setup.database.db,
      sql`select subject, text, html from mail_outbox where "to" = ${email} and subject not like 'Confirm your email%' order by created_at`,
    )
    expect(sent.map((m) => m.subject)).toEqual([
      'Welcome to the Basic plan',
      'Your Basic subscription is cancelled',
    ])
    for (const mail of sent) {
      expect(mail.text).toMatch(/^Hello,$/m)
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toContain('HYPERLINK')
        expect(part).not.toContain('evil.example')
      }
    }
  })

  it('refuses a price that is not the plan’s, and an unknown price, with 400', async () => {
    const client = await customer('mismatch@example.com')
    for (const body of [
      { priceId: 'price_family_monthly', tier: 'Basic' },
      { priceId: 'price_cheap', tier: 'Basic' },
      { priceId: 'price_basic_monthly', tier: 'Gold' },
      {},
    ]) {
      const res = await client.json<{ error: { code: string } }>('/api/subscriptions/checkout', { body })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('validation_failed')
    }
  })

  it('lives a whole life: subscribe, pay once, change plan, cancel, resume, renewals, the end', async () => {
    const email = 'lifecycle@example.com'
    const client = await customer(email)
    expect(await status(client)).toEqual({
      subscribed: false,
      subscription_tier: null,
      subscription_end: null,
      subscription_status: null,
      cancel_at_period_end: false,
    })
    // Nothing to manage yet.
    expect((await client.json('/api/subscriptions/portal', { body: {} })).status).toBe(409)

    // Subscribe: the test-mode plan page; pressing again for the same plan gives the same page.
    const first = await subscribe(client, 'Basic')
    expect(first.status).toBe(200)
    expect(first.body.portal).toBe(false)
    expect(pathOf(first.body.url)).toMatch(/^\/api\/payments\/test-billing\/checkout\/cs_test_/)
    expect((await subscribe(client, 'Basic')).body.url).toBe(first.body.url)
    // Another plan replaces it; the old page is closed.
    const second = await subscribe(client, 'Premium')
    expect(second.body.url).not.toBe(first.body.url)
    const page = await client.request(pathOf(second.body.url))
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('TEST MODE')
    expect(html).toContain('Premium')
    expect(html).toContain('$29.99 / month')
    expect(await (await client.request(pathOf(first.body.url))).text()).toContain('This plan page is closed')
    expect((await post(client, `${pathOf(first.body.url)}/pay`)).status).toBe(303)
    expect((await status(client)).subscribed).toBe(false)

    // Pay pressed 20 times at once: one subscription, one welcome mail.
    const paid = await Promise.all(
      Array.from({ length: 20 }, () => post(client, `${pathOf(second.body.url)}/pay`)),
    )
    for (const res of paid) {
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe('http://localhost:3000/shop?subscription=started')
    }
    const active = await status(client)
    expect(active).toMatchObject({
      subscribed: true,
      subscription_tier: 'Premium',
      subscription_status: 'active',
      cancel_at_period_end: false,
    })
    const days = (new Date(active.subscription_end!).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(27)
    expect(days).toBeLessThan(32)
    expect(
      await count(
        sql`select count(*)::int as n from subscriptions s join "user" u on u.id = s.user_id where u.email = ${email}`,
      ),
    ).toBe(1)
    expect((await mails(email)).map((m) => m.subject)).toEqual(['Welcome to the Premium plan'])

    // A second Subscribe while subscribed: the portal (change plan there), never a second charge.
    const again = await subscribe(client, 'Family')
    expect(again.body).toEqual({
      url: 'http://localhost:3000/api/payments/test-billing/portal',
      portal: true,
    })
    expect(
      await count(
        sql`select count(*)::int as n from subscription_checkouts c join "user" u on u.id = c.user_id where u.email = ${email} and c.status = 'open'`,
      ),
    ).toBe(0)

    // The portal: change plan.
    const portal = await client.json<{ url: string }>('/api/subscriptions/portal', { body: {} })
    expect(portal.body.url).toBe('http://localhost:3000/api/payments/test-billing/portal')
    const portalPage = await (await client.request('/api/payments/test-billing/portal')).text()
    expect(portalPage).toContain('TEST MODE')
    expect(portalPage).toContain('Change to Family')
    expect((await post(client, '/api/payments/test-billing/portal/plan/Family')).status).toBe(303)
    expect((await status(client)).subscription_tier).toBe('Family')

    // Cancel at period end (twice at once: one mail); still subscribed until the end.
    await Promise.all([
      post(client, '/api/payments/test-billing/portal/cancel'),
      post(client, '/api/payments/test-billing/portal/cancel'),
    ])
    expect(await status(client)).toMatchObject({ subscribed: true, cancel_at_period_end: true })
    expect((await mails(email)).map((m) => m.subject)).toEqual([
      'Welcome to the Premium plan',
      'Your subscription is now Family',
      'Your Family subscription is cancelled',
    ])
    expect(await (await client.request('/api/payments/test-billing/portal')).text()).toContain(
      'Resume subscription',
    )

    // Resume.
    await post(client, '/api/payments/test-billing/portal/resume')
    expect(await status(client)).toMatchObject({ subscribed: true, cancel_at_period_end: false })

    // A failed renewal (invoice.payment_failed): past due, still shown as subscribed while retried.
    await post(client, '/api/payments/test-billing/portal/renewal-failed')
    expect(await status(client)).toMatchObject({ subscribed: true, subscription_status: 'past_due' })
    // A paid renewal (invoice.paid): active again, a month further.
    const before = new Date((await status(client)).subscription_end!).getTime()
    await post(client, '/api/payments/test-billing/portal/renewal-paid')
    const renewed = await status(client)
    expect(renewed.subscription_status).toBe('active')
    expect(new Date(renewed.subscription_end!).getTime()).toBeGreaterThan(before + 27 * 86_400_000)

    // The end (customer.subscription.deleted).
    await post(client, '/api/payments/test-billing/portal/end')
    expect(await status(client)).toMatchObject({
      subscribed: false,
      subscription_tier: 'Family',
      subscription_status: 'canceled',
    })
    // Each change said in its own mail (issue 34): resumed is not "cancelled" again.
    expect((await mails(email)).map((m) => m.subject)).toEqual([
      'Welcome to the Premium plan',
      'Your subscription is now Family',
      'Your Family subscription is cancelled',
      'Your Family subscription is active again',
      'We could not take your Family subscription payment',
      'Your Family subscription is cancelled',
    ])
    // An ended subscription may be followed by a new one: a plan page again, not the portal.
    const fresh = await subscribe(client, 'Basic')
    expect(fresh.body.portal).toBe(false)
    await post(client, `${pathOf(fresh.body.url)}/pay`)
    expect(await status(client)).toMatchObject({ subscribed: true, subscription_tier: 'Basic' })
  })

  it('keeps one live subscription per user in the database itself', async () => {
    const client = await customer('one-live@example.com')
    const { body } = await subscribe(client)
    await post(client, `${pathOf(body.url)}/pay`)
    const [row] = await queryRows<{ user_id: string }>(
      setup.database.db,
      sql`select s.user_id from subscriptions s join "user" u on u.id = s.user_id where u.email = 'one-live@example.com'`,
    )
    await expect(
      setup.database.db.execute(
        sql`insert into subscriptions (user_id, provider, provider_subscription_id, tier, price_id, status) values (${row!.user_id}, 'test', 'sub_second', 'Basic', 'price_basic_monthly', 'active')`,
      ),
    ).rejects.toThrow()
  })

  it('Cancel on the plan page goes back to the shop and subscribes nobody', async () => {
    const client = await customer('changed-mind@example.com')
    const { body } = await subscribe(client, 'Family')
    const res = await post(client, `${pathOf(body.url)}/cancel`)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('http://localhost:3000/shop')
    expect((await post(client, `${pathOf(body.url)}/pay`)).status).toBe(303)
    expect((await status(client)).subscribed).toBe(false)
  })
})
