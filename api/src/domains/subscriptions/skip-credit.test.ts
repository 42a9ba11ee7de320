import type { MySubscription } from '@lamplight/contracts'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { signInListedAdmin } from '../../test/accounts'
import type { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { stripeShop } from '../../test/stripe'
import {
  mine as mineOf,
  paidThroughStripe,
  payTestPlanPage,
  subscriptionInvoice,
  unixMonthAfter,
} from '../../test/subscriptions'
import { useTestApp } from '../../test/use-test-app'

type Client = ReturnType<typeof browser>
const monthOf = (date: Date) => date.toISOString().slice(0, 7)
const monthAfter = (month: string, n = 1) => {
  const [y, m] = month.split('-').map(Number)
  return monthOf(new Date(Date.UTC(y!, m! - 1 + n, 1)))
}

/**
 * A month skipped with a credit is credited what it was charged, never more (decision 065).
 * The attack: skip next month with a credit on the dearest plan (its row holds $49.99), then
 * move to the cheapest before the renewal (our plan change, or Stripe's portal): the month is
 * charged $19.99 and $49.99 was credited, $30 for nothing every month the trick is repeated.
 */
describe.each(DRIVERS)('a skip credit after a downgrade, test mode, on %s', (driver) => {
  const setup = useTestApp(driver, { ADMIN_EMAILS: 'credit-boss@example.com' })
  let admin: Client

  beforeAll(async () => {
    admin = await signInListedAdmin(setup.app, setup.database, 'credit-boss@example.com')
    const [row] = await queryRows<{ id: string }>(
      setup.database.db,
      sql`insert into products (slug, name, price_cents, stock) values ('credit-box', 'The Credit Box', 3999, 5000) returning id`,
    )
    const first = monthOf(new Date())
    for (let i = 0; i < 4; i++)
      await admin.json(`/api/admin/subscription-boxes/${monthAfter(first, i)}`, {
        method: 'PUT',
        body: { productId: row!.id },
      })
  })

  it('credits the month the price it was charged (the new plan), not the plan it was skipped on', async () => {
    const { client, res } = await payTestPlanPage(setup.app, 'credit-downgrader@example.com', 'Family')
    expect(res.status).toBe(303)
    const start = await mineOf<MySubscription>(client)
    const month = start.next_period!
    expect((await client.json('/api/subscriptions/mine/skip-with-credit', { body: {} })).status).toBe(200)
    const down = await client.json<{ data: MySubscription; quote: { prorated_cents: number } }>(
      '/api/subscriptions/mine/plan',
      { method: 'PUT', body: { tier: 'Basic' } },
    )
    expect(down.status).toBe(200)
    // What the downgrade itself credits for the rest of this period (decision 065, legitimate).
    const proration = -down.body.quote.prorated_cents
    expect((await mineOf<MySubscription>(client)).credit_cents).toBe(proration)

    await admin.json('/api/admin/subscriptions/test-renewals', { body: { month } })
    const after = await mineOf<MySubscription>(client)
    const row = after.periods.find((p) => p.period === month)!
    expect(row.status).toBe('skipped')
    // Charged as a Basic month (the proration credit taken off it) ...
    expect(row.amount_cents).toBe(1999 - Math.min(proration, 1999))
    // ... and credited a Basic month, not a Family one.
    expect(row.credit_cents).toBe(1999)
    expect(after.credit_cents).toBe(proration - Math.min(proration, 1999) + 1999)
  })
})

describe.each(DRIVERS)('a skip credit after a downgrade, with Stripe, on %s', (driver) => {
  const shop = stripeShop(driver)
  const { fake, event } = shop

  it("credits Stripe's customer balance the price of the plan the month was charged at", async () => {
    const { client, sub, end } = await paidThroughStripe(
      shop,
      'stripe-credit-downgrader@example.com',
      'Family',
      4999,
    )
    const skip = await client.json<{ data: MySubscription }>('/api/subscriptions/mine/skip-with-credit', {
      body: {},
    })
    expect(skip.status).toBe(200)
    // Down to Basic at Stripe (our button; Stripe's portal would do the same), and Stripe says so.
    const down = await client.json('/api/subscriptions/mine/plan', { method: 'PUT', body: { tier: 'Basic' } })
    expect(down.status).toBe(200)
    await event('customer.subscription.updated', { ...fake.subscriptions.get(sub.id)! })()
    expect((await mineOf<MySubscription>(client)).tier).toBe('Basic')
    // The skipped month is charged at Basic.
    await event(
      'invoice.paid',
      subscriptionInvoice(sub.id, {
        id: 'in_skipped_down',
        amount_paid: 1999,
        lines: { object: 'list', data: [{ period: { start: end, end: unixMonthAfter(end) } }] },
      }),
    )()
    const credits = fake.balanceTransactions.filter((t) => t.customer === sub.customer)
    expect(credits).toHaveLength(1)
    expect(credits[0]).toMatchObject({ amount: -1999, currency: 'usd' })
    const month = skip.body.data.next_period!
    expect((await mineOf<MySubscription>(client)).periods.find((p) => p.period === month)).toMatchObject({
      status: 'skipped',
      credit_cents: 1999,
    })
  })
})
