import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { queryRows } from '../../db/client'
import { createTestApp } from '../../test/app'
import { insertScrollOfAntioch } from '../../test/catalog'
import { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { LYDIA_ADDRESS } from '../../test/shipping'
import { stripeEnv, stripeShop, stripeSigner } from '../../test/stripe'

describe.each(DRIVERS)('Stripe adapter and webhook on %s (against our fake Stripe)', (driver) => {
  const shop = stripeShop(driver, { STRIPE_AUTOMATIC_TAX: 'true' }, { seed: insertScrollOfAntioch })
  const { fake } = shop

  async function checkout() {
    const res = await browser(shop.app).json<{ url: string }>('/api/checkout', {
      body: {
        productSlug: 'scroll-of-antioch',
        customerInfo: {
          email: 'stripe-buyer@example.com',
          firstName: 'Tabitha',
          lastName: 'Dorcas',
          address: '2 Sea Street',
          city: 'Joppa',
          state: 'CA',
          zipCode: '90001',
        },
        amountCents: 1,
      },
    })
    expect(res.status).toBe(200)
    const id = res.body.url.split('/').at(-1)!
    return { id, url: res.body.url }
  }

  /** A signed event, sent by calling what this answers (again: a replay); the answer is not checked. */
  const event = (id: string, type: string, object: Record<string, unknown>) => () =>
    shop.deliver(id, type, object)
  const statusOf = async (sessionId: string) =>
    (
      await queryRows<{ status: string }>(
        shop.database.db,
        sql`select status from orders where provider_session_id = ${sessionId}`,
      )
    )[0]?.status

  it('opens Stripe Checkout at the database price with our order id, and returns its URL', async () => {
    const { id, url } = await checkout()
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//)
    const sent = fake.lastForm('/v1/checkout/sessions')
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('4999')
    expect(sent.get('success_url')).toBe('https://shop.example.com/checkout?session_id={CHECKOUT_SESSION_ID}')
    // Back to the checkout it came from (issue 32).
    expect(sent.get('cancel_url')).toBe(
      'https://shop.example.com/checkout/scroll-of-antioch?payment=cancelled',
    )
    const [order] = await queryRows<{ id: string }>(
      shop.database.db,
      sql`select id from orders where provider_session_id = ${id}`,
    )
    expect(sent.get('client_reference_id')).toBe(order!.id)
    expect(sent.get('metadata[orderId]')).toBe(order!.id)
    expect(await statusOf(id)).toBe('pending')
  })

  it('asks no Stripe Tax unless STRIPE_AUTOMATIC_TAX is on (Stripe refuses it in an account without Stripe Tax)', async () => {
    const withoutTax = createTestApp(shop.database, stripeEnv(shop.base)).app
    const res = await browser(withoutTax).json<{ url: string }>('/api/checkout', {
      body: {
        productSlug: 'scroll-of-antioch',
        customerInfo: { email: 'no-tax@example.com', ...LYDIA_ADDRESS },
      },
    })
    expect(res.status).toBe(200)
    const sent = fake.lastForm('/v1/checkout/sessions')
    expect(sent.get('customer_email')).toBe('no-tax@example.com')
    expect(sent.get('automatic_tax[enabled]')).toBe('false')
  })

  it('passes the lines, the shipping rate and Stripe Tax, and records the tax Stripe charged', async () => {
    await shop.database.db.execute(
      sql`insert into products (slug, name, price_cents, stock) values ('pilgrims-cipher', 'Pilgrim''s Cipher', 2999, 10)`,
    )
    const buyer = browser(shop.app)
    for (const [productSlug, quantity] of [
      ['pilgrims-cipher', 3],
      ['scroll-of-antioch', 1],
    ] as const)
      expect((await buyer.json('/api/cart/items', { body: { productSlug, quantity } })).status).toBe(200)
    const res = await buyer.json<{ url: string }>('/api/checkout', {
      body: {
        fromCart: true,
        customerInfo: {
          email: 'tax-buyer@example.com',
          ...LYDIA_ADDRESS,
          state: 'ON',
          zipCode: 'k1a0b1',
          country: 'CA',
        },
      },
    })
    expect(res.status).toBe(200)
    const sent = fake.lastForm('/v1/checkout/sessions')
    expect(sent.get('line_items[0][quantity]')).toBe('3')
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('2999')
    expect(sent.get('line_items[0][price_data][product_data][name]')).toBe("Pilgrim's Cipher")
    expect(sent.get('line_items[1][price_data][unit_amount]')).toBe('4999')
    expect(sent.get('shipping_options[0][shipping_rate_data][fixed_amount][amount]')).toBe('1299')
    expect(sent.get('automatic_tax[enabled]')).toBe('true')
    const id = res.body.url.split('/').at(-1)!
    const total = 3 * 2999 + 4999 + 1299
    await event('evt_tax_paid', 'checkout.session.completed', {
      id,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      status: 'complete',
      amount_total: total + 1804,
      total_details: { amount_tax: 1804 },
    })()
    const [order] = await queryRows<{ status: string; amount_cents: number; tax_cents: number }>(
      shop.database.db,
      sql`select status, amount_cents, tax_cents from orders where provider_session_id = ${id}`,
    )
    expect(order).toEqual({ status: 'completed', amount_cents: total + 1804, tax_cents: 1804 })
    const [stock] = await queryRows<{ stock: number }>(
      shop.database.db,
      sql`select stock from products where slug = 'pilgrims-cipher'`,
    )
    expect(stock!.stock).toBe(7)
  })

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { id } = await checkout()
    const payload = JSON.stringify({
      id: 'evt_forged',
      type: 'checkout.session.completed',
      data: { object: { id, payment_status: 'paid' } },
    })
    const forged = stripeSigner.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' })
    for (const header of [forged, 't=1,v1=00', '']) {
      const res = await shop.app.request('/api/payments/stripe/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
        body: payload,
      })
      expect(res.status).toBe(400)
    }
    expect(await statusOf(id)).toBe('pending')
  })

  it('fulfils once when the same paid event arrives 100 times at once and the success page is opened alongside', async () => {
    const { id } = await checkout()
    fake.sessions.get(id)!.payment_status = 'paid'
    const send = event(`evt_paid_${id}`, 'checkout.session.completed', { ...fake.sessions.get(id) })
    const results = await Promise.all([
      ...Array.from({ length: 100 }, () => send()),
      ...Array.from({ length: 10 }, () =>
        browser(shop.app).request('/api/checkout/success', { body: { sessionId: id } }),
      ),
    ])
    for (const res of results) expect(res.status).toBe(200)
    expect(await statusOf(id)).toBe('completed')
    const [{ n: orders }] = (await queryRows<{ n: number }>(
      shop.database.db,
      sql`select count(*)::int as n from orders where provider_session_id = ${id}`,
    )) as [{ n: number }]
    expect(orders).toBe(1)
    const [{ n: mails }] = (await queryRows<{ n: number }>(
      shop.database.db,
      sql`select count(*)::int as n from mail_outbox where "to" = 'stripe-buyer@example.com' and subject like 'Order confirmed%' and text like ${`%${id.slice(-8).toUpperCase()}%`}`,
    )) as [{ n: number }]
    expect(mails).toBe(1)
    const [{ n: events }] = (await queryRows<{ n: number }>(
      shop.database.db,
      sql`select count(*)::int as n from payment_events where event_id = ${`evt_paid_${id}`} and processed_at is not null`,
    )) as [{ n: number }]
    expect(events).toBe(1)
  })

  it('lets the success page fulfil a paid session before the webhook arrives', async () => {
    const { id } = await checkout()
    fake.sessions.get(id)!.payment_status = 'paid'
    const res = await browser(shop.app).json<{ data: { status: string } }>('/api/checkout/success', {
      body: { sessionId: id },
    })
    expect(res.body.data.status).toBe('completed')
    expect(
      (await event(`evt_late_${id}`, 'checkout.session.completed', { ...fake.sessions.get(id) })()).status,
    ).toBe(200)
    expect(await statusOf(id)).toBe('completed')
  })

  it('marks failed async payments failed and expired sessions cancelled, never paid ones', async () => {
    const failed = await checkout()
    await event(`evt_fail_${failed.id}`, 'checkout.session.async_payment_failed', {
      ...fake.sessions.get(failed.id),
    })()
    expect(await statusOf(failed.id)).toBe('failed')
    const expired = await checkout()
    await event(`evt_exp_${expired.id}`, 'checkout.session.expired', {
      ...fake.sessions.get(expired.id),
      status: 'expired',
    })()
    expect(await statusOf(expired.id)).toBe('cancelled')
    await event(`evt_late_paid_${expired.id}`, 'checkout.session.completed', {
      ...fake.sessions.get(expired.id),
      payment_status: 'paid',
    })()
    expect(await statusOf(expired.id)).toBe('cancelled')
  })

  describe('with an Idempotency-Key', () => {
    const BODY = {
      productSlug: 'scroll-of-antioch',
      customerInfo: {
        email: 'keyed-buyer@example.com',
        firstName: 'Priscilla',
        lastName: 'Aquila',
        address: '3 Tent Lane',
        city: 'Corinth',
        state: 'NY',
        zipCode: '10001',
      },
      paymentMethod: 'card',
    }
    type Client = ReturnType<typeof browser>
    const keyed = (client: Client, key: string, body: Record<string, unknown> = BODY) =>
      client.json<{ url: string; error?: { code: string; message: string } }>('/api/checkout', {
        body,
        headers: { 'Idempotency-Key': key },
      })
    /** Calls that reached Stripe's create-session, whatever Stripe's own idempotency made of them. */
    const stripeCalls = () => fake.requests.filter((r) => r.path === '/v1/checkout/sessions').length
    const ordersOf = async (email: string) =>
      queryRows<{ id: string; provider_session_id: string; user_id: string | null }>(
        shop.database.db,
        sql`select o.id, o.provider_session_id, o.user_id from orders o join "user" u on u.id = o.user_id where u.email = ${email}`,
      )
    // An address of its own: random ones may meet another test's, and 10 checkouts per
    // address is the rate limit (the burst below is exactly 10).
    let nextIp = 10
    async function signedIn(email: string) {
      const client = browser(shop.app, `198.51.100.${nextIp++}`)
      expect((await client.signUp(email)).status).toBe(200)
      return client
    }

    it('answers a repeat with the same URL and creates nothing more, here or at Stripe', async () => {
      const client = await signedIn('keyed-repeat@example.com')
      const key = crypto.randomUUID()
      const calls = stripeCalls()
      const first = await keyed(client, key)
      const second = await keyed(client, key)
      expect([first.status, second.status]).toEqual([200, 200])
      expect(second.body.url).toBe(first.body.url)
      expect(stripeCalls()).toBe(calls + 1)
      const orders = await ordersOf('keyed-repeat@example.com')
      expect(orders).toHaveLength(1)
      expect(first.body.url).toContain(orders[0]!.provider_session_id)
      // Stripe is told the order's key, so its side is idempotent too.
      expect(fake.requests.at(-1)!.key).toBe(`checkout-${orders[0]!.id}`)
    })

    it('makes one order and asks Stripe once for 10 concurrent requests with one key', async () => {
      const client = await signedIn('keyed-burst@example.com')
      const key = crypto.randomUUID()
      const calls = stripeCalls()
      const results = await Promise.all(Array.from({ length: 10 }, () => keyed(client, key)))
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200))
      expect(new Set(results.map((r) => r.body.url)).size).toBe(1)
      expect(stripeCalls()).toBe(calls + 1)
      expect(await ordersOf('keyed-burst@example.com')).toHaveLength(1)
    })

    it('answers 422 in our error shape for the same key with another body, and creates nothing', async () => {
      const client = await signedIn('keyed-change@example.com')
      const key = crypto.randomUUID()
      expect((await keyed(client, key)).status).toBe(200)
      const calls = stripeCalls()
      const changed = await keyed(client, key, { ...BODY, paymentMethod: 'google_pay' })
      expect(changed.status).toBe(422)
      expect(changed.body.error).toMatchObject({
        code: 'idempotency_key_reused',
        message: expect.any(String),
      })
      expect(stripeCalls()).toBe(calls)
      expect(await ordersOf('keyed-change@example.com')).toHaveLength(1)
    })

    it("scopes a key to its buyer: another user's same key and body makes their own order", async () => {
      const owner = await signedIn('keyed-owner@example.com')
      const other = await signedIn('keyed-other@example.com')
      const key = crypto.randomUUID()
      const mine = await keyed(owner, key)
      const calls = stripeCalls()
      const theirs = await keyed(other, key)
      expect([mine.status, theirs.status]).toEqual([200, 200])
      expect(theirs.body.url).not.toBe(mine.body.url)
      expect(stripeCalls()).toBe(calls + 1)
      expect(await ordersOf('keyed-owner@example.com')).toHaveLength(1)
      expect(await ordersOf('keyed-other@example.com')).toHaveLength(1)
      // A guest with the same key is a third buyer.
      const guest = await keyed(browser(shop.app), key)
      expect(guest.status).toBe(200)
      expect([mine.body.url, theirs.body.url]).not.toContain(guest.body.url)
    })

    it("keeps the database free while Stripe is asked: another buyer's checkout is served meanwhile", async () => {
      const slow = await signedIn('keyed-slow@example.com')
      const other = await signedIn('keyed-meanwhile@example.com')
      const stripe = fake.holdNextCheckout()
      const held = keyed(slow, crypto.randomUUID())
      await stripe.arrived
      // Under one transaction across Stripe's call, PGlite (one connection) served nothing
      // else until Stripe answered; this checkout would wait for the release below.
      const meanwhile = keyed(other, crypto.randomUUID()).then((res) => ({ res }))
      const first = await Promise.race([
        meanwhile,
        new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 20_000)),
      ])
      stripe.release()
      expect(first).not.toBe('stuck')
      expect((first as { res: { status: number } }).res.status).toBe(200)
      const slowAnswer = await held
      expect(slowAnswer.status).toBe(200)
      const orders = await ordersOf('keyed-slow@example.com')
      expect(orders).toHaveLength(1)
      expect(slowAnswer.body.url).toContain(orders[0]!.provider_session_id)
      expect(await ordersOf('keyed-meanwhile@example.com')).toHaveLength(1)
    })

    it('purges keys over a day old now and then as keyed checkouts go by, and keeps their orders', async () => {
      const client = await signedIn('keyed-purge@example.com')
      const [old, kept, last] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()]
      expect((await keyed(client, old)).status).toBe(200)
      await shop.database.db.execute(
        sql`update claims set created_at = now() - interval '25 hours' where scope = 'checkout' and key like ${`%/${old}`}`,
      )
      const keys = async () =>
        (
          await queryRows<{ key: string }>(
            shop.database.db,
            sql`select split_part(key, '/', 2) as key from claims where scope = 'checkout' and split_part(key, '/', 2) in (${old}, ${kept}, ${last})`,
          )
        )
          .map((r) => r.key)
          .sort()
      const dice = vi.spyOn(Math, 'random').mockReturnValue(0.5)
      try {
        expect((await keyed(client, kept)).status).toBe(200)
        expect(await keys()).toEqual([old, kept].sort())
        dice.mockReturnValue(0)
        expect((await keyed(client, last)).status).toBe(200)
      } finally {
        dice.mockRestore()
      }
      expect(await keys()).toEqual([kept, last].sort())
      expect(await ordersOf('keyed-purge@example.com')).toHaveLength(3)
    })

    it('refuses a malformed key with 400 before anything is created, and works without one as before', async () => {
      const calls = stripeCalls()
      for (const key of ['short', 'x'.repeat(65), `${'a'.repeat(20)} ; drop`, `${'a'.repeat(20)}/../`]) {
        const res = await keyed(browser(shop.app), key)
        expect(res.status, key).toBe(400)
        expect(res.body.error?.code).toBe('validation_failed')
      }
      expect(stripeCalls()).toBe(calls)
      const a = await checkout()
      const b = await checkout()
      expect(a.url).not.toBe(b.url)
    })
  })
})
