import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { resetByMail } from '../../test/accounts'
import { createTestApp, TEST_ORIGIN } from '../../test/app'
import { browser } from '../../test/client'
import { createTestDatabase, DRIVERS } from '../../test/database'
import { LYDIA_ADDRESS } from '../../test/shipping'
import { useTestApp } from '../../test/use-test-app'
import { addressHash } from './queries'

const SHIPPING = { email: 'Buyer@Example.com', ...LYDIA_ADDRESS }

describe.each(DRIVERS)('checkout in test mode on %s', (driver) => {
  const setup = useTestApp(driver)
  let _productId: string

  beforeAll(async () => {
    const [row] = await queryRows<{ id: string }>(
      setup.database.db,
      sql`insert into products (slug, name, description, price_cents, sku) values ('scroll-of-antioch', 'The Scroll of Antioch', 'A mystery', 4999, 'SOA-1') returning id`,
    )
    _productId = row!.id
  })

  const orderRows = () =>
    queryRows<{ status: string; amount_cents: number; user_id: string | null; provider_session_id: string }>(
      setup.database.db,
      sql`select status, amount_cents, user_id, provider_session_id from orders order by created_at`,
    )
  const mailsTo = async (to: string) =>
    (
      await queryRows<{ n: number }>(
        setup.database.db,
        sql`select count(*)::int as n from mail_outbox where "to" = ${to}`,
      )
    )[0]!.n

  async function startCheckout(client = browser(setup.app), body: Record<string, unknown> = {}) {
    const res = await client.json<{ url: string }>('/api/checkout', {
      body: {
        productSlug: 'scroll-of-antioch',
        customerInfo: SHIPPING,
        paymentMethod: 'card',
        collectShipping: true,
        ...body,
      },
    })
    expect(res.status).toBe(200)
    const url = new URL(res.body.url)
    const sessionId = url.pathname.split('/').at(-1)!
    return { client, url, sessionId }
  }
  const act = (sessionId: string, action: string) =>
    setup.app.request(`/api/payments/test/${sessionId}/${action}`, {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN },
    })

  it('charges the database price whatever the client sends, and shows a TEST MODE page', async () => {
    const { url, sessionId } = await startCheckout(browser(setup.app), {
      amount: 1,
      price: 0,
      amountCents: 1,
    })
    expect(url.pathname).toBe(`/api/payments/test/${sessionId}`)
    const page = await setup.app.request(url.pathname)
    const html = await page.text()
    expect(html).toContain('TEST MODE')
    expect(html).toContain('$49.99')
    expect(html).toContain('The Scroll of Antioch')
    const order = (await orderRows()).find((o) => o.provider_session_id === sessionId)!
    expect(order).toMatchObject({ status: 'pending', amount_cents: 4999 })
  })

  it('pays once however many times Pay and the success page are called at once', async () => {
    const { sessionId } = await startCheckout()
    const before = await mailsTo('buyer@example.com')
    const results = await Promise.all([
      ...Array.from({ length: 25 }, () => act(sessionId, 'pay')),
      ...Array.from({ length: 25 }, () =>
        setup.app.request('/api/checkout/success', {
          method: 'POST',
          headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/json' },
          body: JSON.stringify({ sessionId }),
        }),
      ),
    ])
    for (const res of results) expect(res.status).toBeLessThan(400)
    const pay = results[0]!
    expect(pay.status).toBe(303)
    expect(pay.headers.get('location')).toBe(`${TEST_ORIGIN}/checkout?session_id=${sessionId}`)
    const orders = (await orderRows()).filter((o) => o.provider_session_id === sessionId)
    expect(orders).toHaveLength(1)
    expect(orders[0]!.status).toBe('completed')
    expect((await mailsTo('buyer@example.com')) - before).toBe(1)
    const [history] = await queryRows<{ n: number }>(
      setup.database.db,
      sql`select count(*)::int as n from order_history h join orders o on o.id = h.order_id where o.provider_session_id = ${sessionId} and h.to_status = 'completed'`,
    )
    expect(history!.n).toBe(1)
    const success = await browser(setup.app).json<{
      data: { status: string; amount_cents: number; product_title: string }
    }>('/api/checkout/success', { body: { sessionId } })
    expect(success.body.data).toMatchObject({
      status: 'completed',
      amount_cents: 4999,
      product_title: 'The Scroll of Antioch',
    })
  })

  it('declines and cancels without access, and a paid session cannot be declined afterwards', async () => {
    const declined = await startCheckout()
    expect((await act(declined.sessionId, 'decline')).status).toBe(303)
    const cancelled = await startCheckout()
    const res = await act(cancelled.sessionId, 'cancel')
    // To the order's page, which takes the buyer back to their checkout (issue 32).
    expect(res.headers.get('location')).toBe(`${TEST_ORIGIN}/checkout?session_id=${cancelled.sessionId}`)
    const paid = await startCheckout()
    await act(paid.sessionId, 'pay')
    await act(paid.sessionId, 'decline')
    await act(declined.sessionId, 'pay')
    const byId = Object.fromEntries((await orderRows()).map((o) => [o.provider_session_id, o.status]))
    expect(byId[declined.sessionId]).toBe('failed')
    expect(byId[cancelled.sessionId]).toBe('cancelled')
    expect(byId[paid.sessionId]).toBe('completed')
  })

  it('answers the 11th checkout from one client within ten minutes with 429, and not another client', async () => {
    const client = browser(setup.app, '198.51.100.200')
    for (let i = 0; i < 10; i++) await startCheckout(client)
    const refused = await client.json<{ error: { code: string } }>('/api/checkout', {
      body: { productSlug: 'scroll-of-antioch', customerInfo: SHIPPING, paymentMethod: 'card' },
    })
    expect(refused.status).toBe(429)
    expect(refused.body.error.code).toBe('rate_limited')
    await startCheckout(browser(setup.app, '198.51.100.201'))
  })

  it('lets 56 parallel checkouts from one address leave it exactly 10 unpaid ones, with a key or without', async () => {
    const client = browser(setup.app, '198.51.100.210')
    await startCheckout(client)
    await startCheckout(client)
    const body = { productSlug: 'scroll-of-antioch', customerInfo: SHIPPING, paymentMethod: 'card' }
    const results = await Promise.all(
      Array.from({ length: 56 }, (_, i) =>
        client.json<{ url?: string; error?: { code: string } }>('/api/checkout', {
          body,
          headers: i % 2 ? { 'Idempotency-Key': `parallel-${i}-${Date.now()}` } : {},
        }),
      ),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(8)
    const refused = results.filter((r) => r.status !== 200)
    expect(refused.map((r) => [r.status, r.body.error?.code])).toEqual(
      Array.from({ length: 48 }, () => [429, 'rate_limited']),
    )
    const [row] = await queryRows<{ n: number }>(
      setup.database.db,
      sql`select count(*)::int as n from orders
          where status = 'pending' and checkout_address = ${addressHash(client.ip)}`,
    )
    expect(row?.n).toBe(10)
  })

  it('refuses bad shipping details with the field, and unknown sessions with 404', async () => {
    const res = await browser(setup.app).json<{ error: { issues: { path: string }[] } }>('/api/checkout', {
      body: {
        productSlug: 'scroll-of-antioch',
        customerInfo: { ...SHIPPING, zipCode: 'ABCDE', state: 'ZZ' },
      },
    })
    expect(res.status).toBe(400)
    expect(res.body.error.issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['customerInfo.zipCode', 'customerInfo.state']),
    )
    const canada = await browser(setup.app).request('/api/checkout', {
      body: {
        productSlug: 'scroll-of-antioch',
        customerInfo: { ...SHIPPING, country: 'CA', state: 'ON', zipCode: 'K1A 0B1' },
      },
    })
    expect(canada.status).toBe(200)
    expect(
      (await browser(setup.app).request('/api/checkout', { body: { productSlug: 'no-such-box' } })).status,
    ).toBe(404)
    expect(
      (await browser(setup.app).request('/api/checkout', { body: { productSlug: 'scroll-of-antioch' } }))
        .status,
    ).toBe(400)
    expect(
      (
        await browser(setup.app).request('/api/checkout/success', {
          body: { sessionId: 'cs_test_madeup123' },
        })
      ).status,
    ).toBe(404)
    expect((await setup.app.request('/api/payments/test/cs_test_madeup123')).status).toBe(404)
  })

  it('gives a signed-in buyer the box, lists it in their account, and makes a second purchase a paid order', async () => {
    const buyer = browser(setup.app)
    await buyer.signUp('owner@example.com')
    const first = await startCheckout(buyer, { customerInfo: { ...SHIPPING, email: 'owner@example.com' } })
    await act(first.sessionId, 'pay')
    const access = await buyer.json<{ data: { hasAccess: boolean } }>(
      '/api/products/scroll-of-antioch/access',
    )
    expect(access.body.data.hasAccess).toBe(true)
    const second = await startCheckout(buyer, { customerInfo: { ...SHIPPING, email: 'owner@example.com' } })
    await act(second.sessionId, 'pay')
    const mine = await buyer.json<{ data: { status: string; session_id: string }[] }>('/api/account/orders')
    expect(mine.body.data.map((o) => [o.session_id, o.status])).toEqual([
      [second.sessionId, 'paid'],
      [first.sessionId, 'completed'],
    ])
    expect((await browser(setup.app).request('/api/account/orders')).status).toBe(401)
  })

  it("quotes one box's Review Order from the database, with the destination's shipping, and refuses a bad destination on its field", async () => {
    const us = await browser(setup.app).json<{ data: Record<string, unknown> & { lines: unknown[] } }>(
      '/api/checkout/quote?productSlug=scroll-of-antioch&country=US&zipCode=303011234',
    )
    expect(us.status).toBe(200)
    expect(us.body.data).toMatchObject({
      subtotalCents: 4999,
      discountCents: 0,
      shipping: { country: 'US', zipCode: '30301-1234', amountCents: 0 },
      totalCents: 4999,
      taxNote: 'Tax calculated at payment: none in test mode',
    })
    expect(us.body.data.lines).toEqual([
      expect.objectContaining({ productSlug: 'scroll-of-antioch', quantity: 1, unitPriceCents: 4999 }),
    ])
    const ca = await browser(setup.app).json<{
      data: { shipping: { amountCents: number }; totalCents: number }
    }>('/api/checkout/quote?productSlug=scroll-of-antioch&country=CA&zipCode=m5v2t6')
    expect(ca.body.data.shipping.amountCents).toBe(1299)
    expect(ca.body.data.totalCents).toBe(4999 + 1299)
    const noDestination = await browser(setup.app).json<{ data: { shipping: null; totalCents: number } }>(
      '/api/checkout/quote?productSlug=scroll-of-antioch',
    )
    expect(noDestination.body.data).toMatchObject({ shipping: null, totalCents: 4999 })
    const badZip = await browser(setup.app).json<{ error: { details: { path: string; message: string }[] } }>(
      '/api/checkout/quote?productSlug=scroll-of-antioch&country=CA&zipCode=12345',
    )
    expect(badZip.status).toBe(400)
    expect(JSON.stringify(badZip.body)).toContain('zipCode')
    expect((await browser(setup.app).request('/api/checkout/quote?productSlug=no-such-box')).status).toBe(404)
    expect(
      (await browser(setup.app).request('/api/checkout/quote?productSlug=scroll-of-antioch&country=FR'))
        .status,
    ).toBe(400)
  })

  it("offers a signed-in buyer their last paid order's address only, to nobody else", async () => {
    expect((await browser(setup.app).request('/api/account/shipping-address')).status).toBe(401)
    const buyer = browser(setup.app)
    await buyer.signUp('addressed@example.com')
    const none = await buyer.json<{ data: unknown }>('/api/account/shipping-address')
    expect(none.status).toBe(200)
    expect(none.body.data).toBeNull()
    const canadian = {
      ...SHIPPING,
      email: 'addressed@example.com',
      country: 'CA',
      state: 'ON',
      zipCode: 'm5v 2t6',
    }
    const paid = await startCheckout(buyer, { customerInfo: canadian })
    await act(paid.sessionId, 'pay')
    // A later checkout declined is not where the buyer lives.
    const declined = await startCheckout(buyer, { customerInfo: { ...canadian, address: '9 Wrong Way' } })
    await act(declined.sessionId, 'decline')
    const saved = await buyer.json<{ data: Record<string, string> }>('/api/account/shipping-address')
    expect(saved.body.data).toEqual({ ...LYDIA_ADDRESS, state: 'ON', zipCode: 'M5V 2T6', country: 'CA' })
    const other = browser(setup.app)
    await other.signUp('someone-else@example.com')
    expect((await other.json<{ data: unknown }>('/api/account/shipping-address')).body.data).toBeNull()
  })

  it('a test-mode checkout left unpaid for a day expires as a Stripe session would: no payment, cancelled, in the history', async () => {
    const old = await startCheckout(browser(setup.app), {
      customerInfo: { ...SHIPPING, email: 'late@example.com' },
    })
    const other = await startCheckout(browser(setup.app), {
      customerInfo: { ...SHIPPING, email: 'later@example.com' },
    })
    const fresh = await startCheckout(browser(setup.app), {
      customerInfo: { ...SHIPPING, email: 'fresh@example.com' },
    })
    await setup.database.db.execute(
      sql`update orders set created_at = now() - interval '25 hours' where provider_session_id in (${old.sessionId}, ${other.sessionId})`,
    )
    const statusOf = async (sessionId: string) =>
      (
        await queryRows<{ status: string }>(
          setup.database.db,
          sql`select status from orders where provider_session_id = ${sessionId}`,
        )
      )[0]?.status
    // Paying the day-old one: refused by expiry, never fulfilled.
    expect((await act(old.sessionId, 'pay')).status).toBe(303)
    expect(await statusOf(old.sessionId)).toBe('cancelled')
    const page = await (await setup.app.request(`/api/payments/test/${old.sessionId}`)).text()
    expect(page).not.toContain('>Pay $')
    const [history] = await queryRows<{ note: string }>(
      setup.database.db,
      sql`select h.note from order_history h join orders o on o.id = h.order_id where o.provider_session_id = ${old.sessionId} and h.to_status = 'cancelled'`,
    )
    expect(history?.note).toBe('Checkout expired unpaid (test mode)')
    // The sweep takes the other day-old one and leaves today's alone.
    const { expireTestSessions } = await import('./service')
    expect(await expireTestSessions(setup.database.db)).toBe(1)
    expect(await statusOf(other.sessionId)).toBe('cancelled')
    expect(await statusOf(fresh.sessionId)).toBe('pending')
    expect((await act(fresh.sessionId, 'pay')).status).toBe(303)
    expect(await statusOf(fresh.sessionId)).toBe('completed')
  })

  it('hands a guest order to an account only when its owner sets the password by a mailed link, never to a squatter who signed up first', async () => {
    const guest = await startCheckout(browser(setup.app), {
      customerInfo: { ...SHIPPING, email: 'guest@example.com' },
    })
    await act(guest.sessionId, 'pay')
    const confirmation = () =>
      browser(setup.app).json<{ data: { guest: boolean } }>('/api/checkout/success', {
        body: { sessionId: guest.sessionId },
      })
    expect((await confirmation()).body.data.guest).toBe(true)
    const orders = (client: ReturnType<typeof browser>) =>
      client.json<{ data: { session_id: string; status: string }[] }>('/api/account/orders')

    // A squatter signs up with the buyer's address (signed in at once: no mail server here).
    const squatter = browser(setup.app)
    await squatter.signUp('guest@example.com', 'squatter pass 1')
    expect((await orders(squatter)).body.data).toEqual([])
    // The buyer follows a confirmation link mailed to the address (the squatter asks for one
    // to lure them): it wants the squatter's password (decision 038): nothing is confirmed,
    // nobody is signed in, nothing handed over.
    await squatter.request('/api/auth/send-verification-email', {
      body: { email: 'guest@example.com', callbackURL: '/account' },
    })
    const [mail] = await queryRows<{ text: string }>(
      setup.database.db,
      sql`select text from mail_outbox where "to" = 'guest@example.com' and subject ilike '%confirm%' order by created_at desc limit 1`,
    )
    const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://no-link-mailed/')
    expect(link.pathname).toBe('/auth/verify-email')
    const buyer = browser(setup.app)
    const token = link.searchParams.get('token')
    expect((await buyer.request('/api/auth/confirm-email', { body: { token } })).status).toBe(400)
    expect((await buyer.request('/api/account/orders')).status).toBe(401)
    expect((await orders(squatter)).body.data).toEqual([])

    // The buyer sets the password by a mailed reset link: the order is theirs, the squatter's
    // password and sessions are gone.
    await resetByMail(setup.app, setup.database, 'guest@example.com', 'the buyer now 1')
    expect((await squatter.request('/api/account/orders')).status).toBe(401)
    expect((await browser(setup.app).signIn('guest@example.com', 'squatter pass 1')).status).toBe(401)
    const owner = browser(setup.app)
    expect((await owner.signIn('guest@example.com', 'the buyer now 1')).status).toBe(200)
    expect((await orders(owner)).body.data).toEqual([
      expect.objectContaining({ session_id: guest.sessionId, status: 'completed', guest: false }),
    ])
    expect((await confirmation()).body.data.guest).toBe(false)
    expect(
      (await owner.json<{ data: { hasAccess: boolean } }>('/api/products/scroll-of-antioch/access')).body.data
        .hasAccess,
    ).toBe(true)
  })

  it("greets nobody by name in the confirmation, and writes out the shipping address only to an account's own proven address", async () => {
    // What anyone may type at checkout beside anyone's address.
    const hostile = {
      firstName: '=HYPERLINK("https://evil.example/claim","Claim your refund")',
      lastName: 'Visit https://evil.example/claim',
      address: 'Call 555-0100 to confirm your card',
      city: 'www.evil.example',
      state: 'GA',
      zipCode: '30301',
      country: 'US',
    }
    const mailTo = async (to: string) => {
      const [mail] = await queryRows<{ text: string; html: string; subject: string }>(
        setup.database.db,
        sql`select text, html, subject from mail_outbox where "to" = ${to} and subject like 'Order confirmed%' order by created_at desc limit 1`,
      )
      expect(mail, to).toBeDefined()
      return mail!
    }
    const expectNothingTyped = (mail: { text: string; html: string }) => {
      expect(mail.text).toMatch(/^Hello,$/m)
      for (const part of [mail.text, mail.html]) {
        for (const typed of [
          'HYPERLINK',
          'evil.example',
          'Claim your refund',
          '555-0100',
          'Lydia',
          'River Road',
        ])
          expect(part).not.toContain(typed)
      }
      expect(mail.text).toContain('We will ship it to the address you gave at checkout in GA 30301, US.')
    }

    // A guest, with a stranger's address.
    const guest = await startCheckout(browser(setup.app), {
      customerInfo: { ...SHIPPING, ...hostile, email: 'stranger@example.com' },
    })
    await act(guest.sessionId, 'pay')
    expectNothingTyped(await mailTo('stranger@example.com'))

    // An account that has not proved its address (signed in at sign-up: no mail server here),
    // its name typed at sign-up too.
    const unproven = browser(setup.app)
    await unproven.signUp('unproven@example.com', 'correct horse 1', hostile.firstName)
    const second = await startCheckout(unproven, {
      customerInfo: { ...SHIPPING, ...hostile, email: 'unproven@example.com' },
    })
    await act(second.sessionId, 'pay')
    expectNothingTyped(await mailTo('unproven@example.com'))

    // An account that proved its address: its own order's mail to it shows where the box goes;
    // an order it sends to another address does not.
    const owner = browser(setup.app)
    await owner.signUp('proven@example.com', 'correct horse 1', hostile.firstName)
    await setup.database.db.execute(
      sql`update "user" set email_verified = true where email = 'proven@example.com'`,
    )
    const own = await startCheckout(owner, { customerInfo: { ...SHIPPING, email: 'proven@example.com' } })
    await act(own.sessionId, 'pay')
    const ownMail = await mailTo('proven@example.com')
    expect(ownMail.text).toMatch(/^Hello,$/m)
    expect(ownMail.text).not.toContain('HYPERLINK')
    expect(ownMail.text).toContain('We will ship it to:')
    expect(ownMail.text).toContain('Lydia Purple')
    expect(ownMail.text).toContain('1 River Road')
    expect(ownMail.text).toContain('Philippi, GA 30301')
    const gift = await startCheckout(owner, {
      customerInfo: { ...SHIPPING, ...hostile, email: 'friend@example.com' },
    })
    await act(gift.sessionId, 'pay')
    expectNothingTyped(await mailTo('friend@example.com'))
  })
})

describe('checkout on a real public address', () => {
  it('has no test-mode payments unless enabled, and says payments are unavailable', async () => {
    const database = await createTestDatabase('pglite')
    try {
      const { app } = createTestApp(database, { PUBLIC_URL: 'https://shop.example.com' })
      await database.db.execute(
        sql`insert into products (slug, name, price_cents) values ('scroll-of-antioch', 'The Scroll of Antioch', 4999)`,
      )
      const res = await app.request('/api/checkout', {
        method: 'POST',
        headers: { Origin: 'https://shop.example.com', 'Content-Type': 'application/json' },
        body: JSON.stringify({ productSlug: 'scroll-of-antioch', customerInfo: SHIPPING }),
      })
      expect(res.status).toBe(503)
      expect((await app.request('/api/payments/test/cs_test_abcdefgh')).status).toBe(404)
    } finally {
      await database.destroy()
    }
  })
})
