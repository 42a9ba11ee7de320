import { DISCOUNT_MESSAGES, GIFT_CARD_MESSAGES, orderNumber } from '@lamplight/contracts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { createLogger } from '../../logger'
import { signInListedAdmin } from '../../test/accounts'
import { createTestApp, TEST_ORIGIN } from '../../test/app'
import { insertScrollOfAntioch } from '../../test/catalog'
import { browser } from '../../test/client'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'
import { LYDIA_ADDRESS } from '../../test/shipping'
import { stripeShop } from '../../test/stripe'
import { expireSessionlessOrders } from '../orders/service'
import { generateGiftCardCode, normaliseGiftCardCode } from './codes'
import { closeCardBoughtBy, giftCardSecret, lookupGiftCards, reopenCardBoughtBy } from './service'

const ADMIN = 'discount-boss@example.com'
const SHIPPING = LYDIA_ADDRESS

type Json = Record<string, unknown>
type ErrorBody = { error: { code: string; message: string; issues?: { path: string; message: string }[] } }

describe.each(DRIVERS)('discount codes and gift cards on %s', (driver) => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  let deps: ReturnType<typeof createTestApp>['deps']
  let admin: ReturnType<typeof browser>
  let scrollId: string
  let tenBoxId: string
  const logs: string[] = []

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    const logger = createLogger('debug', { write: (line: string) => void logs.push(line) })
    ;({ app, deps } = createTestApp(database, { ADMIN_EMAILS: ADMIN }, logger))
    const rows = await queryRows<{ id: string; slug: string }>(
      database.db,
      sql`insert into products (slug, name, price_cents) values
        ('scroll-of-antioch', 'The Scroll of Antioch', 4999),
        ('ten-box', 'The Ten Box', 1000),
        ('lamp-box', 'The Lamp Box', 4999)
        returning id, slug`,
    )
    scrollId = rows.find((r) => r.slug === 'scroll-of-antioch')!.id
    tenBoxId = rows.find((r) => r.slug === 'ten-box')!.id
    // A $10 box ships free here, so a "$10 order" is $10.00 in all.
    await database.db.execute(
      sql`update shipping_rates set free_over_cents = 1000 where zone_id = (select id from shipping_zones where country = 'US')`,
    )
    admin = await signInListedAdmin(app, database, ADMIN)
  }, 180_000)
  afterAll(() => database.destroy())

  const checkout = (client: ReturnType<typeof browser>, email: string, extra: Json = {}) =>
    client.json<{ url: string } & ErrorBody>('/api/checkout', {
      body: {
        productSlug: 'scroll-of-antioch',
        customerInfo: { ...SHIPPING, email },
        paymentMethod: 'card',
        ...extra,
      },
    })
  const sessionOf = (url: string) => {
    const u = new URL(url)
    return u.searchParams.get('session_id') ?? u.pathname.split('/').at(-1)!
  }
  const act = (sessionId: string, action: 'pay' | 'decline') =>
    app.request(`/api/payments/test/${sessionId}/${action}`, {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN },
    })
  const orderOf = async (sessionId: string) =>
    (
      await queryRows<{
        id: string
        status: string
        amount_cents: number
        discount_cents: number
        gift_card_cents: number
        subtotal_cents: number
        provider: string
      }>(
        database.db,
        sql`select id, status, amount_cents, discount_cents, gift_card_cents, subtotal_cents, provider from orders where provider_session_id = ${sessionId}`,
      )
    )[0]!
  const createCode = async (body: Json) => {
    const res = await admin.json<{ data: { id: string; usedCount: number } } & ErrorBody>(
      '/api/admin/discounts',
      {
        body: { kind: 'percent', value: 10, ...body },
      },
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }
  const issueCard = async (amountCents: number) => {
    const res = await admin.json<{ data: { id: string; code: string; last4: string } }>(
      '/api/admin/gift-cards',
      {
        body: { amountCents, note: 'For the test' },
      },
    )
    expect(res.status).toBe(201)
    return res.body.data
  }
  /** The payment provider refuses the next refund (a 4xx, as Stripe answers one it will not make), then works again. */
  const providerRefusesNextRefund = () => {
    const test = deps.payments.test!
    const refund = test.refund.bind(test)
    test.refund = async () => {
      test.refund = refund
      throw Object.assign(new Error('This charge cannot be refunded'), { statusCode: 400 })
    }
  }
  /**
   * The provider makes the next refund but its answer is lost (a timeout): asked again with the
   * same idempotency key, it answers with that refund and makes no other. `made`: what it was
   * asked (key and amount), each time.
   */
  const providerLosesNextAnswer = () => {
    const test = deps.payments.test!
    const original = test.refund
    const made: [string, number][] = []
    let lose = true
    test.refund = async (payment) => {
      made.push([payment.idempotencyKey, payment.amountCents])
      const outcome = await original.call(test, payment)
      if (!lose) return outcome
      lose = false
      throw Object.assign(new Error('Request was retried 2 times and timed out'), {
        type: 'StripeConnectionError',
      })
    }
    return { made, stop: () => (test.refund = original) }
  }
  /** A gift card bought in the shop for `to` and paid: its code (from its mail), its order and its id. */
  const buyCard = async (amountCents: number, to: string) => {
    const bought = await browser(app).json<{ url: string }>('/api/gift-cards/checkout', {
      body: { amountCents, recipientEmail: to, giverName: 'Mallory', buyerEmail: 'mallory@example.com' },
    })
    expect(bought.status).toBe(200)
    const sessionId = sessionOf(bought.body.url)
    await act(sessionId, 'pay')
    const [mail] = await queryRows<{ text: string }>(
      database.db,
      sql`select text from mail_outbox where "to" = ${to}`,
    )
    const code = /([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(mail?.text ?? '')?.[1]
    expect(code, "the card's mail holds its code").toBeTruthy()
    const order = await orderOf(sessionId)
    const [card] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from gift_cards where order_id = ${order.id}`,
    )
    return { code: code!, order, cardId: card!.id, number: orderNumber(sessionId, order.id) }
  }
  const refund = (orderId: string, body: Json = {}) =>
    admin.json<ErrorBody>(`/api/admin/orders/${orderId}/refund`, { body })
  const cardState = async (id: string) =>
    (
      await queryRows<{ balance: number; ledger: number; entries: number }>(
        database.db,
        sql`select g.balance_cents as balance, coalesce(sum(l.amount_cents), 0)::int as ledger, count(l.id)::int as entries
            from gift_cards g left join gift_card_ledger l on l.gift_card_id = g.id where g.id = ${id} group by g.id`,
      )
    )[0]!

  it('EASTER15: an admin creates it (audited), a buyer sees 15 % off in the quote, pays it by card, and a second use is refused', async () => {
    const code = await createCode({ code: 'easter15', kind: 'percent', value: 15, oncePerCustomer: true })
    const [audit] = await queryRows<{ action: string }>(
      database.db,
      sql`select action from audit_log where entity = 'discount_code' and entity_id = ${code.id}`,
    )
    expect(audit?.action).toBe('discount.created')

    const buyer = browser(app)
    const quote = await buyer.json<{ data: Json }>('/api/discounts/quote', {
      body: { productSlug: 'scroll-of-antioch', discountCode: ' Easter15 ' },
    })
    expect(quote.status).toBe(200)
    expect(quote.body.data).toMatchObject({
      subtotalCents: 4999,
      discountCents: 750,
      discount: { code: 'EASTER15', amountCents: 750, description: '15% off' },
      totalCents: 4249,
      amountDueCents: 4249,
    })

    const res = await checkout(buyer, 'easter@example.com', { discountCode: 'EASTER15', amountCents: 1 })
    expect(res.status).toBe(200)
    const sessionId = sessionOf(res.body.url)
    expect(await orderOf(sessionId)).toMatchObject({
      status: 'pending',
      amount_cents: 4249,
      discount_cents: 750,
    })
    // The test payment page charges the discounted total.
    expect(await (await app.request(`/api/payments/test/${sessionId}`)).text()).toContain('$42.49')
    expect((await act(sessionId, 'pay')).status).toBe(303)
    expect((await orderOf(sessionId)).status).toBe('completed')

    // Same buyer (same address) in another browser: refused on the field, nothing written.
    const before = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders`)
    const again = await checkout(browser(app), 'Easter@Example.com', { discountCode: 'easter15' })
    expect(again.status).toBe(400)
    expect(again.body.error.issues).toEqual([
      { path: 'discountCode', message: DISCOUNT_MESSAGES.alreadyUsed },
    ])
    const after = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders`)
    expect(after[0]!.n).toBe(before[0]!.n)
    // Someone else may use it.
    expect((await checkout(browser(app), 'friend@example.com', { discountCode: 'easter15' })).status).toBe(
      200,
    )

    const list = await admin.json<{
      data: { code: string; usedCount: number; paidOrders: number; revenueCents: number }[]
    }>('/api/admin/discounts')
    expect(list.body.data.find((d) => d.code === 'EASTER15')).toMatchObject({
      usedCount: 2,
      paidOrders: 1,
      revenueCents: 4249,
    })
  })

  it('says which: invalid, paused, not started, expired, used up, not for these boxes, under the minimum', async () => {
    const day = 86_400_000
    await createCode({ code: 'PAUSED1', status: 'paused' })
    await createCode({ code: 'LATER1', startsAt: new Date(Date.now() + day).toISOString() })
    await createCode({
      code: 'OLD1',
      startsAt: new Date(Date.now() - 2 * day).toISOString(),
      endsAt: new Date(Date.now() - day).toISOString(),
    })
    const one = await createCode({ code: 'ONCE1', usageLimit: 1 })
    await createCode({ code: 'TENONLY', productIds: [tenBoxId] })
    await createCode({ code: 'BIG1', minSubtotalCents: 10_000 })
    expect((await checkout(browser(app), 'first@example.com', { discountCode: 'ONCE1' })).status).toBe(200)
    const quote = async (discountCode: string) => {
      const res = await browser(app).json<ErrorBody>('/api/discounts/quote', {
        body: { productSlug: 'scroll-of-antioch', discountCode },
      })
      expect(res.status).toBe(400)
      expect(res.body.error.issues?.[0]?.path).toBe('discountCode')
      return res.body.error.message
    }
    expect(await quote('NOPE-NOPE')).toBe(DISCOUNT_MESSAGES.invalid)
    expect(await quote('paused1')).toBe(DISCOUNT_MESSAGES.invalid)
    expect(await quote('LATER1')).toBe(DISCOUNT_MESSAGES.notStarted)
    expect(await quote('OLD1')).toBe(DISCOUNT_MESSAGES.expired)
    expect(await quote('ONCE1')).toBe(DISCOUNT_MESSAGES.exhausted)
    expect(await quote('TENONLY')).toBe(DISCOUNT_MESSAGES.notApplicable)
    expect(await quote('BIG1')).toBe(DISCOUNT_MESSAGES.minSubtotal(10_000))
    // The products-only code applies to its box.
    const ten = await browser(app).json<{ data: { discountCents: number } }>('/api/discounts/quote', {
      body: { productSlug: 'ten-box', discountCode: 'tenonly' },
    })
    expect(ten.body.data.discountCents).toBe(100)
    // A declined checkout gives its use back.
    const [order] = await queryRows<{ session: string }>(
      database.db,
      sql`select o.provider_session_id as session from orders o join discount_redemptions r on r.order_id = o.id where r.discount_code_id = ${one.id}`,
    )
    await act(order!.session, 'decline')
    expect((await checkout(browser(app), 'second@example.com', { discountCode: 'ONCE1' })).status).toBe(200)
  })

  it('a code with a usage limit of 10 under 100 concurrent checkouts: exactly 10 orders carry it', async () => {
    const code = await createCode({ code: 'LIMIT10', usageLimit: 10 })
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        checkout(browser(app), `limit-${i}@example.com`, { discountCode: 'limit10' }),
      ),
    )
    const ok = results.filter((r) => r.status === 200)
    expect(ok).toHaveLength(10)
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(400)
      expect(r.body.error.message).toBe(DISCOUNT_MESSAGES.exhausted)
    }
    const [carried] = await queryRows<{ n: number; used: number }>(
      database.db,
      sql`select (select count(*)::int from orders o join discount_redemptions r on r.order_id = o.id where r.discount_code_id = ${code.id} and o.discount_cents > 0) as n,
                 (select used_count from discount_codes where id = ${code.id}) as used`,
    )
    expect(carried).toEqual({ n: 10, used: 10 })
  }, 120_000)

  it('once per customer holds across two browsers at once (one account, and one email)', async () => {
    await createCode({ code: 'ONCEEACH', oncePerCustomer: true })
    const email = 'two-browsers@example.com'
    const first = browser(app)
    await first.signUp(email)
    const second = browser(app)
    expect((await second.signIn(email)).status).toBe(200)
    const results = await Promise.all([
      ...[first, second].flatMap((b) =>
        Array.from({ length: 5 }, () => checkout(b, email, { discountCode: 'ONCEEACH' })),
      ),
      // A guest with the same address in a third browser.
      checkout(browser(app), email, { discountCode: 'ONCEEACH' }),
    ])
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    for (const r of results.filter((r) => r.status !== 200))
      expect(r.body.error.message).toBe(DISCOUNT_MESSAGES.alreadyUsed)
  })

  it('50 concurrent redemptions of a $25 card against $10 orders: two in full, one partly, the ledger sums to $25', async () => {
    const card = await issueCard(2500)
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        checkout(browser(app), `gift-${i}@example.com`, { productSlug: 'ten-box', giftCardCode: card.code }),
      ),
    )
    const ok = results.filter((r) => r.status === 200)
    expect(ok).toHaveLength(3)
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(400)
      expect(r.body.error.issues).toEqual([{ path: 'giftCardCode', message: GIFT_CARD_MESSAGES.notValid }])
    }
    const orders = await Promise.all(ok.map((r) => orderOf(sessionOf(r.body.url))))
    const full = orders.filter((o) => o.gift_card_cents === 1000)
    const partial = orders.filter((o) => o.gift_card_cents === 500)
    expect(full).toHaveLength(2)
    for (const o of full)
      expect(o).toMatchObject({ status: 'completed', provider: 'gift_card', amount_cents: 0 })
    expect(partial).toHaveLength(1)
    expect(partial[0]).toMatchObject({ status: 'pending', provider: 'test', amount_cents: 500 })
    const state = await cardState(card.id)
    expect(state).toEqual({ balance: 0, ledger: 0, entries: 4 }) // issue +2500, debits -1000 -1000 -500
    const [debits] = await queryRows<{ n: number }>(
      database.db,
      sql`select coalesce(-sum(amount_cents), 0)::int as n from gift_card_ledger where gift_card_id = ${card.id} and kind = 'debit'`,
    )
    expect(debits!.n).toBe(2500)

    // The partly paid checkout is declined: its $5 goes back to the card, once.
    const partialSession = sessionOf(ok.find((r) => r.body.url.includes('/payments/test/'))!.body.url)
    await Promise.all([act(partialSession, 'decline'), act(partialSession, 'decline')])
    expect(await cardState(card.id)).toEqual({ balance: 500, ledger: 500, entries: 5 })
  }, 120_000)

  it('an order paid entirely by gift card completes without the provider; its refund returns the money to the card', async () => {
    const card = await issueCard(5000)
    const buyer = browser(app)
    const res = await checkout(buyer, 'friend-of-giver@example.com', {
      giftCardCode: card.code.toLowerCase(),
    })
    expect(res.status).toBe(200)
    const url = new URL(res.body.url)
    expect(url.pathname).toBe('/checkout')
    const order = await orderOf(sessionOf(res.body.url))
    expect(order).toMatchObject({
      status: 'completed',
      provider: 'gift_card',
      amount_cents: 0,
      gift_card_cents: 4999,
    })
    const balance = await browser(app).json<{ data: { balanceCents: number; last4: string } }>(
      '/api/gift-cards/balance',
      { body: { code: card.code } },
    )
    expect(balance.body.data).toEqual({ balanceCents: 1, last4: card.last4, currency: 'usd' })
    const [mail] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from mail_outbox where "to" = 'friend-of-giver@example.com'`,
    )
    expect(mail!.n).toBe(1)

    const refunded = await admin.request(`/api/admin/orders/${order.id}/refund`, { method: 'POST', body: {} })
    expect(refunded.status).toBeLessThan(300)
    expect(await cardState(card.id)).toEqual({ balance: 5000, ledger: 5000, entries: 3 })
    // A second refund changes nothing.
    expect(
      (await admin.request(`/api/admin/orders/${order.id}/refund`, { method: 'POST', body: {} })).status,
    ).toBe(409)
    expect((await cardState(card.id)).balance).toBe(5000)
  })

  it('a refund of an order paid partly by gift card returns that part to the card', async () => {
    const card = await issueCard(1000)
    const res = await checkout(browser(app), 'partly@example.com', { giftCardCode: card.code })
    const sessionId = sessionOf(res.body.url)
    expect(await orderOf(sessionId)).toMatchObject({ amount_cents: 3999, gift_card_cents: 1000 })
    await act(sessionId, 'pay')
    const order = await orderOf(sessionId)
    expect(order.status).toBe('completed')
    expect(
      (await admin.request(`/api/admin/orders/${order.id}/refund`, { method: 'POST', body: {} })).status,
    ).toBeLessThan(300)
    expect(await cardState(card.id)).toEqual({ balance: 1000, ledger: 1000, entries: 3 })
  })

  it('a checkout that never got a payment page is cancelled after an hour and gives the card its money back', async () => {
    const card = await issueCard(1000)
    const res = await checkout(browser(app), 'stranded@example.com', { giftCardCode: card.code })
    // What a provider failure leaves for a keyed retry: the order with its codes, and no session.
    const order = await orderOf(sessionOf(res.body.url))
    await database.db.execute(sql`update orders set provider_session_id = null where id = ${order.id}`)
    expect(await cardState(card.id)).toMatchObject({ balance: 0 })
    expect(await expireSessionlessOrders(database.db)).toBe(0) // not an hour old yet
    await database.db.execute(
      sql`update orders set created_at = now() - interval '2 hours' where id = ${order.id}`,
    )
    expect(await expireSessionlessOrders(database.db)).toBe(1)
    expect(await expireSessionlessOrders(database.db)).toBe(0)
    expect(await cardState(card.id)).toEqual({ balance: 1000, ledger: 1000, entries: 3 })
    const [row] = await queryRows<{ status: string }>(
      database.db,
      sql`select status from orders where id = ${order.id}`,
    )
    expect(row!.status).toBe('cancelled')
  })

  it('a balance check says only "not valid" for unknown, empty and disabled cards, and is limited per client and per account', async () => {
    const empty = await issueCard(1000)
    const checkedOut = await checkout(browser(app), 'empties@example.com', {
      productSlug: 'ten-box',
      giftCardCode: empty.code,
    })
    expect(checkedOut.status).toBe(200)
    const disabled = await issueCard(1000)
    expect(
      (await admin.request(`/api/admin/gift-cards/${disabled.id}/disable`, { method: 'POST' })).status,
    ).toBe(200)
    const answers = await Promise.all(
      [generateGiftCardCode(), empty.code, disabled.code, 'hello'].map((code) =>
        browser(app).json<ErrorBody>('/api/gift-cards/balance', { body: { code } }),
      ),
    )
    for (const a of answers) {
      expect(a.status).toBe(400)
      expect(a.body).toEqual({
        error: {
          code: 'validation_failed',
          message: GIFT_CARD_MESSAGES.notValid,
          issues: [{ path: 'code', message: GIFT_CARD_MESSAGES.notValid }],
        },
      })
    }
    // Per client: the 11th try in ten minutes is refused.
    const guesser = browser(app)
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await guesser.request('/api/gift-cards/balance', { body: { code: generateGiftCardCode() } })).status,
      )
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true)
    expect(statuses[10]).toBe(429)
    // Per account: new addresses do not buy an account more tries.
    const email = 'guessing-account@example.com'
    await browser(app).signUp(email)
    const tries: number[] = []
    for (let i = 0; i < 11; i++) {
      const b = browser(app)
      await b.signIn(email)
      tries.push(
        (await b.request('/api/gift-cards/balance', { body: { code: generateGiftCardCode() } })).status,
      )
    }
    expect(tries.slice(0, 10).every((s) => s === 400)).toBe(true)
    expect(tries[10]).toBe(429)
  })

  it('10 000 random codes find nothing (the lookup the endpoints use, in batches)', async () => {
    for (let i = 0; i < 5; i++) await issueCard(2500)
    const secret = giftCardSecret(deps)
    let found = 0
    for (let batch = 0; batch < 10; batch++) {
      const codes = Array.from({ length: 1000 }, () => generateGiftCardCode())
      found += (await lookupGiftCards(database.db, secret, codes)).filter(Boolean).length
    }
    expect(found).toBe(0)
    // The lookup does find a real code, typed loosely.
    const real = await issueCard(2500)
    const [hit] = await lookupGiftCards(database.db, secret, [
      ` ${real.code.toLowerCase().replace(/-/g, ' ')} `,
    ])
    expect(hit?.id).toBe(real.id)
  })

  it('stores no code: only an HMAC and the last four, in the table, the audit log, the logs and the URLs', async () => {
    const card = await issueCard(2500)
    const compact = normaliseGiftCardCode(card.code)!
    const res = await checkout(browser(app), 'no-leaks@example.com', {
      productSlug: 'ten-box',
      giftCardCode: card.code,
    })
    expect(res.status).toBe(200)
    expect(res.body.url).not.toContain(compact)
    await browser(app).request('/api/gift-cards/balance', { body: { code: card.code } })
    const dump = await queryRows<{ t: string }>(
      database.db,
      sql`select (select coalesce(string_agg(g::text, ' '), '') from gift_cards g) || (select coalesce(string_agg(a::text, ' '), '') from audit_log a) as t`,
    )
    const text = dump[0]!.t.toUpperCase()
    expect(text).toContain(card.last4)
    expect(text).not.toContain(compact)
    expect(text).not.toContain(card.code)
    const logged = logs.join('\n').toUpperCase()
    expect(logged.length).toBeGreaterThan(0)
    expect(logged).not.toContain(compact)
    expect(logged).not.toContain(card.code)
  })

  it('a visitor buys a $50 gift card for a friend; the friend’s mail holds the code; the friend buys a $49.99 box with it and has $0.01 left', async () => {
    const giver = browser(app)
    const bad = await giver.json<ErrorBody>('/api/gift-cards/checkout', {
      body: { amountCents: 999, recipientEmail: 'nope', giverName: '', buyerEmail: 'giver@example.com' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.issues?.map((i) => i.path).sort()).toEqual([
      'amountCents',
      'giverName',
      'recipientEmail',
    ])

    const bought = await giver.json<{ url: string }>('/api/gift-cards/checkout', {
      body: {
        amountCents: 5000,
        recipientEmail: 'Friend@Example.com',
        recipientName: 'Phoebe',
        giverName: 'Priscilla',
        message: 'For your next puzzle night <b>!</b>',
        buyerEmail: 'giver@example.com',
      },
    })
    expect(bought.status).toBe(200)
    const sessionId = sessionOf(bought.body.url)
    expect(await orderOf(sessionId)).toMatchObject({
      status: 'pending',
      amount_cents: 5000,
      provider: 'test',
    })
    // Nothing to find before the payment.
    const [pending] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from mail_outbox where "to" = 'friend@example.com'`,
    )
    expect(pending!.n).toBe(0)
    await Promise.all([act(sessionId, 'pay'), act(sessionId, 'pay')])
    const mails = await queryRows<{ text: string; html: string; subject: string }>(
      database.db,
      sql`select text, html, subject from mail_outbox where "to" = 'friend@example.com'`,
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Priscilla sent you a Lamplight gift card')
    expect(mails[0]!.text).toContain('For your next puzzle night <b>!</b>')
    expect(mails[0]!.html).not.toContain('<b>!</b>')
    const code = /([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(mails[0]!.text)?.[1]
    expect(code).toBeTruthy()
    const [receipt] = await queryRows<{ text: string }>(
      database.db,
      sql`select text from mail_outbox where "to" = 'giver@example.com'`,
    )
    expect(receipt?.text).toContain('$50.00')
    expect(receipt?.text).not.toContain(code!)

    const friend = browser(app)
    const res = await checkout(friend, 'friend@example.com', { productSlug: 'lamp-box', giftCardCode: code })
    expect(res.status).toBe(200)
    expect(await orderOf(sessionOf(res.body.url))).toMatchObject({
      status: 'completed',
      provider: 'gift_card',
      amount_cents: 0,
      gift_card_cents: 4999,
    })
    const left = await friend.json<{ data: { balanceCents: number } }>('/api/gift-cards/balance', {
      body: { code },
    })
    expect(left.body.data.balanceCents).toBe(1)
  })

  it('refunding a bought gift card closes the card, before the money goes back; a card spent from keeps its order', async () => {
    // Unspent: only whole, and then the card is closed and its code buys nothing.
    const unspent = await buyCard(5000, 'unspent@example.com')
    const part = await refund(unspent.order.id, { amount_cents: 1000 })
    expect(part.status).toBe(409)
    expect(part.body.error.message).toMatch(/refunded whole/)
    expect((await refund(unspent.order.id)).status).toBeLessThan(300)
    const [closed] = await queryRows<{ status: string; balance: number; ledger: number }>(
      database.db,
      sql`select g.status, g.balance_cents as balance, coalesce(sum(l.amount_cents), 0)::int as ledger
          from gift_cards g join gift_card_ledger l on l.gift_card_id = g.id where g.id = ${unspent.cardId} group by g.id`,
    )
    expect(closed).toEqual({ status: 'disabled', balance: 0, ledger: 0 })
    const spend = await checkout(browser(app), 'spender@example.com', { giftCardCode: unspent.code })
    expect(spend.status).toBe(400)
    expect(
      await queryRows(
        database.db,
        sql`select 1 from gift_card_ledger where gift_card_id = ${unspent.cardId} and kind = 'debit'`,
      ),
    ).toEqual([])

    // Spent from: the whole refund is refused and says why; nothing changes. What is left on
    // the card can be refunded, as an amount, and the card closes with it.
    const spent = await buyCard(2000, 'spent@example.com')
    const used = await checkout(browser(app), 'spender@example.com', {
      productSlug: 'ten-box',
      giftCardCode: spent.code,
    })
    expect(used.status).toBe(200)
    const refused = await refund(spent.order.id)
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toBe(
      'The gift card this order bought has been used ($10.00 of $20.00), so the order cannot be refunded whole. Only what is left on the card ($10.00) can be refunded: the card is closed with it.',
    )
    const stale = await refund(spent.order.id, { amount_cents: 1500 })
    expect(stale.status).toBe(409)
    expect(stale.body.error.message).toBe(
      'The gift card this order bought has been used ($10.00 of $20.00), so $15.00 is not what is left on it. Only what is left on the card ($10.00) can be refunded: the card is closed with it.',
    )
    expect(await cardState(spent.cardId)).toMatchObject({ balance: 1000, ledger: 1000 })
    const detail = await admin.json<{ data: { gift_card: unknown } }>(`/api/admin/orders/${spent.order.id}`)
    expect(detail.body.data.gift_card).toEqual({
      last4: expect.stringMatching(/^[0-9A-Z]{4}$/),
      initial_cents: 2000,
      balance_cents: 1000,
      status: 'active',
      unfinished_refund_cents: 0,
    })

    const rest = await refund(spent.order.id, { amount_cents: 1000 })
    expect(rest.status).toBeLessThan(300)
    const [told] = await queryRows<{ text: string }>(
      database.db,
      sql`select text from mail_outbox where "to" = 'mallory@example.com' and subject like '%was refunded' order by created_at desc limit 1`,
    )
    expect(told?.text).toContain('We have refunded $10.00')
    expect(told?.text).toContain('The gift card this order bought is closed')
    expect(told?.text).not.toContain('online puzzle')
    expect(await cardState(spent.cardId)).toMatchObject({ balance: 0, ledger: 0 })
    const [after] = await queryRows<{ status: string; refunded: number }>(
      database.db,
      sql`select status, refunded_cents as refunded from orders where id = ${spent.order.id}`,
    )
    expect(after).toEqual({ status: 'completed', refunded: 1000 })
    const again = await checkout(browser(app), 'spender@example.com', { giftCardCode: spent.code })
    expect(again.status).toBe(400)
    // What was spent cannot be refunded.
    const nothing = await refund(spent.order.id, { amount_cents: 1000 })
    expect(nothing.status).toBe(409)
    expect(nothing.body.error.message).toBe(
      'What was left on the gift card this order bought has been refunded; what was spent from it cannot be.',
    )
  })

  it('a bought card stays open when the provider refuses its refund, and 25 refunds racing 25 spends move it once', async () => {
    const bought = await browser(app).json<{ url: string }>('/api/gift-cards/checkout', {
      body: {
        amountCents: 3000,
        recipientEmail: 'race@example.com',
        giverName: 'Mallory',
        buyerEmail: 'm@example.com',
      },
    })
    const sessionId = sessionOf(bought.body.url)
    await act(sessionId, 'pay')
    const order = await orderOf(sessionId)
    const [mail] = await queryRows<{ text: string }>(
      database.db,
      sql`select text from mail_outbox where "to" = 'race@example.com'`,
    )
    const code = /([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(mail!.text)![1]!
    const [{ id: cardId } = { id: '' }] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from gift_cards where order_id = ${order.id}`,
    )
    const state = async () =>
      (
        await queryRows<{ status: string; balance: number }>(
          database.db,
          sql`select status, balance_cents as balance from gift_cards where id = ${cardId}`,
        )
      )[0]!

    // The provider refuses once: the order is not refunded and the card is as it was.
    providerRefusesNextRefund()
    const failed = await admin.request(`/api/admin/orders/${order.id}/refund`, { method: 'POST', body: {} })
    expect(failed.status).toBeGreaterThanOrEqual(500)
    expect(await state()).toEqual({ status: 'active', balance: 3000 })

    // Refunds and spends at once: the card is either closed with its order refunded and never
    // debited, or spent from with its order kept.
    const results = await Promise.all([
      ...Array.from({ length: 25 }, () =>
        admin.request(`/api/admin/orders/${order.id}/refund`, { method: 'POST', body: {} }),
      ),
      ...Array.from({ length: 25 }, (_, i) =>
        checkout(browser(app), `racer${i}@example.com`, { productSlug: 'ten-box', giftCardCode: code }),
      ),
    ])
    const refunds = results.slice(0, 25).filter((r) => r.status < 300).length
    const spends = results.slice(25).filter((r) => r.status === 200).length
    const [{ status } = { status: '' }] = await queryRows<{ status: string }>(
      database.db,
      sql`select status from orders where id = ${order.id}`,
    )
    const debits = await queryRows(
      database.db,
      sql`select 1 from gift_card_ledger where gift_card_id = ${cardId} and kind = 'debit'`,
    )
    if (status === 'refunded') {
      expect({ refunds, spends, debits: debits.length }).toEqual({ refunds: 1, spends: 0, debits: 0 })
      expect(await state()).toEqual({ status: 'disabled', balance: 0 })
    } else {
      expect(refunds).toBe(0)
      expect(spends).toBe(3)
      expect(await state()).toEqual({ status: 'active', balance: 0 })
    }
  })

  /**
   * Watches the test provider's refunds from now until `stop`: each one asked for (its
   * idempotency key and amount) and, when `rows` are given, what another connection found
   * while it was asked. The provider takes 20 ms, as a real one takes a while, so that
   * requests racing it run meanwhile.
   */
  const watchRefunds = (rows?: { orderId: string; cardId: string }) => {
    const test = deps.payments.test!
    const original = test.refund
    const asked: { key: string; amountCents: number; found?: string }[] = []
    test.refund = async (payment) => {
      const entry: (typeof asked)[number] = { key: payment.idempotencyKey, amountCents: payment.amountCents }
      asked.push(entry)
      if (rows) entry.found = await lockedWhileAsked(rows)
      await new Promise((resolve) => setTimeout(resolve, 20))
      return original.call(test, payment)
    }
    return {
      asked,
      stop: () => {
        test.refund = original
      },
    }
  }
  /**
   * Whether the order's and the card's rows can be locked at once by another connection
   * (`free`), and on PostgreSQL that no other connection sits in an open transaction. A
   * transaction held across the provider call shows as `locked` on PostgreSQL, and on PGlite
   * (one connection, one transaction at a time) as a wait that ends only with it.
   */
  const lockedWhileAsked = async ({ orderId, cardId }: { orderId: string; cardId: string }) => {
    const probe = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1 from orders where id = ${orderId} for update nowait`)
        await tx.execute(sql`select 1 from gift_cards where id = ${cardId} for update nowait`)
        if (driver !== 'postgres') return 'free'
        const [open] = await queryRows<{ n: number }>(
          tx as unknown as typeof database.db,
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`,
        )
        return open!.n ? `${open!.n} connection(s) in a transaction` : 'free'
      })
      .catch((err: Error) => `locked: ${err.message}`)
    return Promise.race([
      probe,
      new Promise<string>((resolve) => setTimeout(() => resolve('waited 2 s'), 2000)),
    ])
  }
  const closesOf = (cardId: string) =>
    queryRows<{ amount: number }>(
      database.db,
      sql`select amount_cents as amount from gift_card_ledger where gift_card_id = ${cardId} and kind = 'adjust' order by created_at, id`,
    )

  it("asks the provider for a bought card's refund with no transaction open and no row locked, whole or the part left", async () => {
    const whole = await buyCard(2500, 'probe-whole@example.com')
    const watch = watchRefunds({ orderId: whole.order.id, cardId: whole.cardId })
    try {
      expect((await refund(whole.order.id)).status).toBe(200)
    } finally {
      watch.stop()
    }
    const spent = await buyCard(2500, 'probe-rest@example.com')
    expect(
      (
        await checkout(browser(app), 'probe-spender@example.com', {
          productSlug: 'ten-box',
          giftCardCode: spent.code,
        })
      ).status,
    ).toBe(200)
    const rest = watchRefunds({ orderId: spent.order.id, cardId: spent.cardId })
    try {
      expect((await refund(spent.order.id, { amount_cents: 1500 })).status).toBe(200)
    } finally {
      rest.stop()
    }
    expect([...watch.asked, ...rest.asked]).toEqual([
      { key: `refund-${whole.order.id}`, amountCents: 2500, found: 'free' },
      { key: `refund-${spent.order.id}`, amountCents: 1500, found: 'free' },
    ])
  })

  it("keeps a bought card closed when the provider's answer to its refund is lost, and its retry finishes the same refund once", async () => {
    const card = await buyCard(2500, 'lost-answer@example.com')
    const lost = providerLosesNextAnswer()
    try {
      const first = await refund(card.order.id)
      expect(first.status).toBe(502)
      expect(first.body.error.message).toBe(
        'We could not tell whether the payment provider made this refund, so the gift card stays closed. Refund $25.00 again to finish: it is asked for as the same refund, never made twice.',
      )
      // The money may be back with the buyer: the card is not spendable meanwhile.
      expect(await cardState(card.cardId)).toMatchObject({ balance: 0, ledger: 0 })
      const spend = await checkout(browser(app), 'lost-answer-spender@example.com', {
        productSlug: 'ten-box',
        giftCardCode: card.code,
      })
      expect(spend.status).toBeGreaterThanOrEqual(400)
      expect(spend.status).toBeLessThan(500)
      // The order's page says what is left to finish.
      const detail = await admin.json<{ data: { gift_card: { unfinished_refund_cents: number } } }>(
        `/api/admin/orders/${card.order.id}`,
      )
      expect(detail.body.data.gift_card).toMatchObject({ balance_cents: 0, unfinished_refund_cents: 2500 })
      // Another amount is not this refund's retry.
      const other = await refund(card.order.id, { amount_cents: 1000 })
      expect(other.status).toBe(409)
      expect(other.body.error.message).toBe(
        "An earlier refund of $25.00 closed this order's gift card and did not finish: refund $25.00 to finish it.",
      )
      // The retry: the same key, so one refund at the provider; the order is refunded, the card closed once.
      const retries = await Promise.all(Array.from({ length: 20 }, () => refund(card.order.id)))
      expect(retries.filter((r) => r.status === 200)).toHaveLength(1)
      for (const r of retries) expect([200, 409]).toContain(r.status)
    } finally {
      lost.stop()
    }
    // Asked twice (the lost answer, the retry) for one refund: the same key and amount.
    expect(lost.made).toEqual([
      [`refund-${card.order.id}`, 2500],
      [`refund-${card.order.id}`, 2500],
    ])
    expect(await closesOf(card.cardId)).toEqual([{ amount: -2500 }])
    const [order] = await queryRows<{ status: string; refunded: number; refunds: number }>(
      database.db,
      sql`select status, refunded_cents as refunded, (select count(*)::int from refunds where order_id = ${card.order.id}) as refunds
          from orders where id = ${card.order.id}`,
    )
    expect(order).toEqual({ status: 'refunded', refunded: 2500, refunds: 1 })
    const after = await admin.json<{ data: { gift_card: { unfinished_refund_cents: number } } }>(
      `/api/admin/orders/${card.order.id}`,
    )
    expect(after.body.data.gift_card.unfinished_refund_cents).toBe(0)
  })

  it("closes a bought card only when it holds what its refund expects, and once: that refund's retry goes on, any other is refused", async () => {
    const card = await buyCard(3000, 'close-rule@example.com')
    const used = await checkout(browser(app), 'close-rule-spender@example.com', {
      productSlug: 'ten-box',
      giftCardCode: card.code,
    })
    expect(used.status).toBe(200)
    const close = (expectedCents: number) => closeCardBoughtBy(database.db, card.order.id, expectedCents)
    // A whole refund expects the card's initial value: refused, saying what is left and that
    // only that can be refunded.
    await expect(close(3000)).rejects.toMatchObject({
      status: 409,
      message:
        'The gift card this order bought has been used ($10.00 of $30.00), so the order cannot be refunded whole. Only what is left on the card ($20.00) can be refunded: the card is closed with it.',
    })
    // The part left as it was before another spend: refused.
    await expect(close(2500)).rejects.toMatchObject({ status: 409 })
    expect(await closesOf(card.cardId)).toEqual([])

    // The part left: closed. The same refund again (its retry after a crash, under its claim)
    // changes nothing and goes on; a refund of any other amount is refused, where it used to
    // be taken for a retry and its amount sent to the provider.
    const closed = await close(2000)
    expect(closed).toEqual({ id: card.cardId, balanceCents: 2000, status: 'active' })
    expect(await close(2000)).toEqual(closed)
    await expect(close(1000)).rejects.toMatchObject({
      status: 409,
      message:
        'The gift card this order bought has been closed by another refund of this order ($20.00). Reload the page.',
    })
    await expect(close(3000)).rejects.toMatchObject({ status: 409 })
    expect(await closesOf(card.cardId)).toEqual([{ amount: -2000 }])
    expect(await cardState(card.cardId)).toMatchObject({ balance: 0, ledger: 0 })

    // The provider refused: the card is as it was, and can be closed again for the part left.
    await reopenCardBoughtBy(database.db, card.order.id, closed!)
    expect(await cardState(card.cardId)).toMatchObject({ balance: 2000, ledger: 2000 })
    await expect(close(1000)).rejects.toMatchObject({ status: 409 })
    expect(await close(2000)).toEqual(closed)
  })

  it('refunds what is left on a bought card once when 80 requests ask at once: one refund at the provider, the card closed once', async () => {
    const card = await buyCard(3000, 'rest-race@example.com')
    const used = await checkout(browser(app), 'rest-spender@example.com', {
      productSlug: 'ten-box',
      giftCardCode: card.code,
    })
    expect(used.status).toBe(200)
    expect(await cardState(card.cardId)).toMatchObject({ balance: 2000 })

    // The admin's dialog sends the part left and what it saw refunded; a second tab, a script or
    // an older page may leave the latter out, or ask for the whole order (refused: it was spent from).
    const bodies: Json[] = [
      { amount_cents: 2000, expected_refunded_cents: 0 },
      { amount_cents: 2000 },
      { amount_cents: 2000, expected_refunded_cents: 0 },
      {},
    ]
    const watch = watchRefunds()
    let results: { status: number; body: ErrorBody }[]
    try {
      // Spread over 160 ms, as clicks, retries and tabs arrive: some while the first is at the provider.
      results = await Promise.all(
        Array.from({ length: 80 }, async (_, i) => {
          await new Promise((resolve) => setTimeout(resolve, 2 * i))
          return refund(card.order.id, bodies[i % bodies.length])
        }),
      )
    } finally {
      watch.stop()
    }
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(
      results
        .filter((r) => r.status !== 200 && r.status !== 409)
        .map((r) => `${r.status} ${JSON.stringify(r.body)}`),
    ).toEqual([])
    // One refund at the provider (every ask under one key is the same refund), of the part left.
    expect(new Set(watch.asked.map((a) => a.key))).toEqual(new Set([`refund-${card.order.id}`]))
    expect(watch.asked.every((a) => a.amountCents === 2000)).toBe(true)
    const recorded = await queryRows<{ seq: number; amount: number }>(
      database.db,
      sql`select seq, amount_cents as amount from refunds where order_id = ${card.order.id}`,
    )
    expect(recorded).toEqual([{ seq: 1, amount: 2000 }])
    const [order] = await queryRows<{ status: string; refunded: number }>(
      database.db,
      sql`select status, refunded_cents as refunded from orders where id = ${card.order.id}`,
    )
    expect(order).toEqual({ status: 'completed', refunded: 2000 })
    // Closed once: one `adjust` of the part left, nothing reopened, nothing on it.
    expect(await closesOf(card.cardId)).toEqual([{ amount: -2000 }])
    expect(await cardState(card.cardId)).toMatchObject({ balance: 0, ledger: 0 })
    const [mails] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from mail_outbox where "to" = 'mallory@example.com' and subject like '%was refunded'
          and subject like ${`%${card.number}%`}`,
    )
    expect(mails!.n).toBe(1)
    // The whole order, asked for alongside, was refused for what it is: a card spent from.
    const whole = results.filter((_, i) => i % bodies.length === 3)
    expect(whole.every((r) => r.status === 409)).toBe(true)
  })

  it('a refund of the part left racing spends of the card ends one way only: refunded and closed, or spent and kept', async () => {
    const outcomes: string[] = []
    for (const round of [1, 2, 3, 4]) {
      const card = await buyCard(3000, `rest-vs-spend-${round}@example.com`)
      const used = await checkout(browser(app), `rest-vs-spend-${round}@example.com`, {
        productSlug: 'ten-box',
        giftCardCode: card.code,
      })
      expect(used.status).toBe(200)
      const watch = watchRefunds()
      const refunds = Array.from({ length: 40 }, () =>
        refund(card.order.id, { amount_cents: 2000, expected_refunded_cents: 0 }),
      )
      // Spends sent first in some rounds and last in others, and spread over 0 to 160 ms, so
      // that either side may win.
      const spends = Array.from({ length: 5 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 10 * round))
        return checkout(browser(app), `spend-${round}-${i}@example.com`, {
          productSlug: 'ten-box',
          giftCardCode: card.code,
        })
      })
      let results: { status: number }[]
      try {
        results = await Promise.all(round % 2 ? [...refunds, ...spends] : [...spends, ...refunds])
      } finally {
        watch.stop()
      }
      const refundResults = round % 2 ? results.slice(0, 40) : results.slice(5)
      const spendResults = round % 2 ? results.slice(40) : results.slice(0, 5)
      const refunded = refundResults.filter((r) => r.status === 200).length
      const spent = spendResults.filter((r) => r.status === 200).length
      expect(refundResults.every((r) => r.status === 200 || r.status === 409)).toBe(true)
      const [order] = await queryRows<{ refunded: number }>(
        database.db,
        sql`select refunded_cents as refunded from orders where id = ${card.order.id}`,
      )
      const state = await cardState(card.cardId)
      const [{ status } = { status: '' }] = await queryRows<{ status: string }>(
        database.db,
        sql`select status from gift_cards where id = ${card.cardId}`,
      )
      if (refunded) {
        // Refunded: once, the part left, the card closed once, and no spend got through.
        expect({ refunded, spent, refundedCents: order!.refunded }).toEqual({
          refunded: 1,
          spent: 0,
          refundedCents: 2000,
        })
        expect(new Set(watch.asked.map((a) => a.key))).toEqual(new Set([`refund-${card.order.id}`]))
        expect(await closesOf(card.cardId)).toEqual([{ amount: -2000 }])
        expect({ status, ...state }).toMatchObject({ status: 'disabled', balance: 0, ledger: 0 })
        outcomes.push('refunded')
      } else {
        // Spent: the refunds were all refused, the provider never asked, the card open with less on it.
        expect(spent).toBeGreaterThan(0)
        expect(watch.asked).toEqual([])
        expect(order!.refunded).toBe(0)
        expect(await closesOf(card.cardId)).toEqual([])
        expect({ status, ...state }).toMatchObject({ status: 'active', balance: 2000 - 1000 * spent })
        outcomes.push(`spent ${spent}`)
      }
    }
    console.info(`refund of the part left vs spends on ${driver}: ${outcomes.join(', ')}`)
  })

  it('mails a gift card for a later day on that day (a scheduled outbox row)', async () => {
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    const bought = await browser(app).json<{ url: string }>('/api/gift-cards/checkout', {
      body: {
        amountCents: 2500,
        recipientEmail: 'later@example.com',
        giverName: 'Aquila',
        deliverOn: day,
        buyerEmail: 'aquila@example.com',
      },
    })
    expect(bought.status).toBe(200)
    await act(sessionOf(bought.body.url), 'pay')
    // The buyer's page and receipt say when the card goes, and nothing of shipping; the order
    // has nothing to ship, so it is not in the fulfilment queue.
    const success = await browser(app).json<{ data: { gift_card_sent: unknown } }>('/api/checkout/success', {
      body: { sessionId: sessionOf(bought.body.url) },
    })
    expect(success.body.data.gift_card_sent).toEqual({
      recipient: 'later@example.com',
      deliver_on: `${day}T00:00:00.000Z`,
    })
    const [receipt] = await queryRows<{ text: string }>(
      database.db,
      sql`select text from mail_outbox where "to" = 'aquila@example.com' and subject like 'Order confirmed%'`,
    )
    expect(receipt?.text).toContain(`We email the gift card to the recipient on`)
    expect(receipt?.text).toContain('There is nothing to ship.')
    expect(receipt?.text).not.toMatch(/ship your order|when your box arrives/i)
    const [paid] = await queryRows<{ fulfilment: string }>(
      database.db,
      sql`select fulfilment_status as fulfilment from orders where provider_session_id = ${sessionOf(bought.body.url)}`,
    )
    expect(paid?.fulfilment).toBe('not_required')
    const order = await orderOf(sessionOf(bought.body.url))
    const queue = await admin.json<{ data: { order_id: string }[] }>('/api/admin/fulfilment')
    expect(queue.status).toBe(200)
    expect(queue.body.data.map((e) => e.order_id)).not.toContain(order.id)
    const products = await admin.json<{ data: { slug: string }[] }>('/api/admin/products')
    expect(products.body.data.map((p) => p.slug)).not.toContain('gift-card')
    // Its checkout is counted in the Insights' funnel, as a box's is.
    const [started] = await queryRows<{ n: number }>(
      database.db,
      sql`select coalesce(sum(c.count), 0)::int as n from insight_daily_counts c join products p on p.id::text = c.key
          where c.kind = 'checkout_started' and p.slug = 'gift-card'`,
    )
    expect(started!.n).toBeGreaterThan(0)
    const mailState = async () =>
      queryRows<{ due: string; status: string }>(
        database.db,
        sql`select to_char(next_attempt_at at time zone 'UTC', 'YYYY-MM-DD') as due, status from mail_outbox where "to" = 'later@example.com'`,
      )
    expect(await mailState()).toEqual([{ due: day, status: 'pending' }])

    // Its order refunded before that day: the recipient never gets a dead code. A refund the
    // provider refuses leaves the mail waiting, as it leaves the card.
    providerRefusesNextRefund()
    const failed = await admin.request(`/api/admin/orders/${order.id}/refund`, { method: 'POST', body: {} })
    expect(failed.status).toBeGreaterThanOrEqual(500)
    expect(await mailState()).toEqual([{ due: day, status: 'pending' }])
    const refunded = await admin.request(`/api/admin/orders/${order.id}/refund`, { method: 'POST', body: {} })
    expect(refunded.status).toBeLessThan(300)
    expect(await mailState()).toEqual([{ due: day, status: 'cancelled' }])
  })

  it('refuses bad admin input on its field and changes nothing', async () => {
    const bad = await admin.json<ErrorBody>('/api/admin/discounts', {
      body: { code: 'x', kind: 'percent', value: 150 },
    })
    expect(bad.status).toBe(400)
    const paths = bad.body.error.issues?.map((i) => i.path)
    expect(paths).toContain('code')
    const dupe = await admin.json<ErrorBody>('/api/admin/discounts', {
      body: { code: 'Easter15', kind: 'fixed', value: 500 },
    })
    expect(dupe.status).toBe(400)
    expect(dupe.body.error.issues?.[0]?.path).toBe('code')
    const customer = browser(app)
    await customer.signUp('not-admin@example.com')
    expect((await customer.request('/api/admin/discounts')).status).toBe(403)
    expect((await customer.request('/api/admin/gift-cards', { body: { amountCents: 1000 } })).status).toBe(
      403,
    )
    // Scroll id kept in use: the product is there for the products-only rule's admin view.
    expect(scrollId).toBeTruthy()
  })
})

describe.each(DRIVERS)('discount codes and gift cards with Stripe on %s (our fake Stripe)', (driver) => {
  const shop = stripeShop(
    driver,
    { ADMIN_EMAILS: ADMIN },
    { seed: insertScrollOfAntioch, timeoutMs: 180_000 },
  )
  const { fake } = shop
  let admin: ReturnType<typeof browser>
  beforeAll(async () => {
    admin = await signInListedAdmin(shop.app, shop.database, ADMIN)
  }, 60_000)

  it('passes the discount and the gift card as one coupon on the session, charges the rest, and refunds each part to where it came from', async () => {
    expect(
      (
        await admin.json('/api/admin/discounts', {
          body: { code: 'EASTER15', kind: 'percent', value: 15, oncePerCustomer: true },
        })
      ).status,
    ).toBe(201)
    const card = (
      await admin.json<{ data: { id: string; code: string } }>('/api/admin/gift-cards', {
        body: { amountCents: 1000 },
      })
    ).body.data
    const res = await browser(shop.app).json<{ url: string }>('/api/checkout', {
      body: {
        productSlug: 'scroll-of-antioch',
        customerInfo: { ...SHIPPING, email: 'stripe-easter@example.com' },
        discountCode: 'easter15',
        giftCardCode: card.code,
      },
    })
    expect(res.status).toBe(200)
    const id = res.body.url.split('/').at(-1)!
    const coupon = fake.lastForm('/v1/coupons')
    expect(coupon.get('amount_off')).toBe(String(750 + 1000))
    expect(coupon.get('duration')).toBe('once')
    expect(coupon.get('max_redemptions')).toBe('1')
    expect(coupon.get('name')).toBe('EASTER15 + Gift card')
    const session = fake.sessions.get(id)!
    expect(session.discounts).toEqual([{ coupon: expect.stringMatching(/^coupon_/) }])
    expect(session.amount_total).toBe(4999 - 750 - 1000)
    const [order] = await queryRows<{ id: string; amount_cents: number; gift_card_cents: number }>(
      shop.database.db,
      sql`select id, amount_cents, gift_card_cents from orders where provider_session_id = ${id}`,
    )
    expect(order).toMatchObject({ amount_cents: 3249, gift_card_cents: 1000 })

    const paid = await shop.deliver('evt_easter_paid', 'checkout.session.completed', {
      ...session,
      status: 'complete',
      payment_status: 'paid',
    })
    expect(paid.status).toBe(200)
    expect(
      (await admin.request(`/api/admin/orders/${order!.id}/refund`, { method: 'POST', body: {} })).status,
    ).toBeLessThan(300)
    expect(
      fake.requests
        .filter((r) => r.path === '/v1/refunds')
        .at(-1)!
        .form.get('amount'),
    ).toBe('3249')
    const [state] = await queryRows<{ balance: number }>(
      shop.database.db,
      sql`select balance_cents as balance from gift_cards where id = ${card.id}`,
    )
    expect(state!.balance).toBe(1000)
  })
})
