import { addBillingMonths } from '@lamplight/contracts'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import type { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { stripeShop } from '../../test/stripe'
import {
  mine as mineOf,
  paidThroughStripe,
  planMails,
  subscriptionInvoice,
  unixMonthAfter,
} from '../../test/subscriptions'

type Mine = {
  id: string
  tier: string
  status: string
  next_period: string | null
  next_period_skip: string | null
  paused_until: string | null
  failed_attempts: number
  next_payment_attempt_at: string | null
  periods: { period: string; status: string; amount_cents: number; order_id: string | null }[]
}

/** Decision 065 in Stripe mode, through our fake Stripe with real webhook signatures. */
describe.each(DRIVERS)('subscription self-service with Stripe on %s (decision 065)', (driver) => {
  const shop = stripeShop(driver)
  const { fake, event } = shop

  const mails = (to: string) => planMails(shop.database, to)
  const mine = (client: ReturnType<typeof browser>) => mineOf<Mine>(client)
  const subscribed = (email: string, tier = 'Basic') => paidThroughStripe(shop, email, tier, 1999)

  it('changes plan at Stripe with create_prorations (50 presses: one change), brought back by the signed webhook, recorded and mailed', async () => {
    const email = 'stripe-upgrader@example.com'
    const { client, sub } = await subscribed(email, 'Basic')
    const quote = await client.json<{ data: { summary: string; prorated_cents: number } }>(
      '/api/subscriptions/mine/plan-quote?tier=Premium',
    )
    expect(quote.status).toBe(200)
    expect(quote.body.data.summary).toMatch(
      /^Our payment provider prorates the difference for the rest of this period \(about \$\d+\.\d\d more, \d+ of \d+ days left in this period\) on your next invoice; from .+ you pay \$29\.99 a month\.$/,
    )
    const presses = await Promise.all(
      Array.from({ length: 50 }, () =>
        client.json<{ data: Mine }>('/api/subscriptions/mine/plan', {
          method: 'PUT',
          body: { tier: 'Premium' },
        }),
      ),
    )
    expect(presses.filter((p) => p.status === 200).length).toBeGreaterThanOrEqual(1)
    for (const p of presses) expect([200, 409, 429]).toContain(p.status)
    const updates = fake.requests.filter(
      (r) => r.path === `/v1/subscriptions/${sub.id}` && r.form.get('items[0][price]'),
    )
    expect(updates.length).toBeGreaterThanOrEqual(1)
    for (const u of updates) {
      expect(u.form.get('items[0][price]')).toBe('price_1Premium')
      expect(u.form.get('proration_behavior')).toBe('create_prorations')
    }
    // One change at Stripe (one idempotency key), one proration.
    expect(new Set(updates.map((u) => u.key)).size).toBe(1)
    expect(fake.prorations.filter((p) => p.subscription === sub.id)).toHaveLength(1)
    expect(fake.prorations.find((p) => p.subscription === sub.id)!.amount).toBeGreaterThan(0)
    // Stripe's own event about it, signed, replayed: nothing more.
    await Promise.all(Array.from({ length: 5 }, () => event('customer.subscription.updated', { ...sub })()))
    const after = await mine(client)
    expect(after.tier).toBe('Premium')
    expect((await mails(email)).filter((m) => m.subject === 'Your subscription is now Premium')).toHaveLength(
      1,
    )
    const [{ n }] = (await queryRows<{ n: number }>(
      shop.database.db,
      sql`select count(*)::int as n from subscription_events where subscription_id = ${after.id} and event = 'plan'`,
    )) as [{ n: number }]
    expect(n).toBe(1)
  })

  it("counts invoice.payment_failed's attempts once each and mails the next try's date; after the last, customer.subscription.deleted ends it with its mail", async () => {
    const email = 'stripe-declined@example.com'
    const { client, sub } = await subscribed(email, 'Basic')
    sub.status = 'past_due'
    const next = Math.floor(Date.now() / 1000) + 3 * 86_400
    const first = event(
      'invoice.payment_failed',
      subscriptionInvoice(sub.id, { id: 'in_r', attempt_count: 1, next_payment_attempt: next }),
    )
    await Promise.all([
      first(),
      first(),
      event(
        'invoice.payment_failed',
        subscriptionInvoice(sub.id, { id: 'in_r', attempt_count: 1, next_payment_attempt: next }),
      )(),
    ])
    const one = await mine(client)
    expect(one).toMatchObject({ status: 'past_due', failed_attempts: 1 })
    expect(new Date(one.next_payment_attempt_at!).getTime()).toBe(next * 1000)
    let failMails = (await mails(email)).filter(
      (m) => m.subject === 'We could not take your Basic subscription payment',
    )
    expect(failMails).toHaveLength(1)
    expect(failMails[0]!.text).toContain(
      `We’ll try again on ${new Date(next * 1000).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })}`,
    )
    // Try 3 arrives before try 2 (out of order): try 2 then changes nothing.
    const third = next + 2 * 86_400
    await event(
      'invoice.payment_failed',
      subscriptionInvoice(sub.id, { id: 'in_r', attempt_count: 3, next_payment_attempt: third }),
    )()
    await event(
      'invoice.payment_failed',
      subscriptionInvoice(sub.id, { id: 'in_r', attempt_count: 2, next_payment_attempt: next }),
    )()
    expect((await mine(client)).failed_attempts).toBe(3)
    // The last: no next try.
    await event(
      'invoice.payment_failed',
      subscriptionInvoice(sub.id, { id: 'in_r', attempt_count: 4, next_payment_attempt: null }),
    )()
    const last = await mine(client)
    expect(last).toMatchObject({ failed_attempts: 4, next_payment_attempt_at: null })
    failMails = (await mails(email)).filter(
      (m) => m.subject === 'We could not take your Basic subscription payment',
    )
    expect(failMails).toHaveLength(3)
    expect(failMails.at(-1)!.text).toContain('That was our last try')
    sub.status = 'canceled'
    await Promise.all([
      event('customer.subscription.deleted', { ...sub })(),
      event('customer.subscription.deleted', { ...sub })(),
    ])
    expect((await mine(client)).status).toBe('canceled')
    const ended = (await mails(email)).filter((m) => m.subject === 'Your Basic subscription is cancelled')
    expect(ended).toHaveLength(1)
    expect(ended[0]!.text).toContain('we could not take its payment after several tries')
  })

  it('skips with a credit as a negative customer balance transaction, once however often the month is paid; pauses collection (void) for a pause', async () => {
    const email = 'stripe-credit@example.com'
    const { client, sub, end } = await subscribed(email, 'Basic')
    const skip = await client.json<{ data: Mine }>('/api/subscriptions/mine/skip-with-credit', { body: {} })
    expect(skip.status).toBe(200)
    expect(skip.body.data.next_period_skip).toBe('credit')
    // Charged as usual: collection is not paused.
    expect(fake.subscriptions.get(sub.id)!.pause_collection ?? null).toBeNull()
    const paid = event(
      'invoice.paid',
      subscriptionInvoice(sub.id, {
        id: 'in_skipped',
        amount_paid: 1999,
        lines: { object: 'list', data: [{ period: { start: end, end: unixMonthAfter(end) } }] },
      }),
    )
    await Promise.all([
      paid(),
      paid(),
      paid(),
      event(
        'invoice.paid',
        subscriptionInvoice(sub.id, {
          id: 'in_skipped',
          amount_paid: 1999,
          lines: { object: 'list', data: [{ period: { start: end, end: unixMonthAfter(end) } }] },
        }),
      )(),
    ])
    const credits = fake.balanceTransactions.filter((t) => t.customer === sub.customer)
    expect(credits).toHaveLength(1)
    expect(credits[0]).toMatchObject({ amount: -1999, currency: 'usd' })
    const month = skip.body.data.next_period!
    expect((await mine(client)).periods.find((p) => p.period === month)).toMatchObject({
      status: 'skipped',
      amount_cents: 1999,
      order_id: null,
    })

    const pauser = await subscribed('stripe-pauser@example.com', 'Premium')
    const res = await pauser.client.json<{ data: Mine }>('/api/subscriptions/mine/pause', {
      method: 'PUT',
      body: { months: 2 },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.paused_until).not.toBeNull()
    const pause = fake.subscriptions.get(pauser.sub.id)!.pause_collection as {
      behavior: string
      resumes_at: string
    }
    expect(pause.behavior).toBe('void')
    // The second paused renewal: a month after the first, on the cycle's day (its start's).
    const [row] = await queryRows<{ created_at: string }>(
      shop.database.db,
      sql`select created_at from subscriptions where provider_subscription_id = ${pauser.sub.id}`,
    )
    const lastPaused = addBillingMonths(
      new Date(pauser.end * 1000),
      1,
      new Date(row!.created_at).getUTCDate(),
    )
    expect(Number(pause.resumes_at)).toBe(Math.floor(lastPaused.getTime() / 1000) + 3600)
    const resumed = await pauser.client.json('/api/subscriptions/mine/pause', { method: 'DELETE' })
    expect(resumed.status).toBe(200)
    expect(fake.subscriptions.get(pauser.sub.id)!.pause_collection ?? null).toBeNull()
  })
})
