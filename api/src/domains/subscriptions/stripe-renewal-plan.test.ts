import type { MySubscription } from '@lamplight/contracts'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { DRIVERS } from '../../test/database'
import { stripeShop } from '../../test/stripe'
import {
  currentPeriodOf,
  mine as mineOf,
  subscribedThroughStripe,
  subscriptionInvoice,
  unixMonthAfter,
} from '../../test/subscriptions'

/**
 * A month ships the boxes of the plan its invoice paid for. Stripe finalises a renewal's
 * invoice about an hour after the period starts; a subscriber who moved up to Family in
 * between (the proration goes on the next invoice, and moving back down the day after credits
 * nearly all of it) was charged Basic's $19.99 for the month and sent Family's three boxes,
 * since the month took the plan the subscription had when `invoice.paid` arrived.
 */
describe.each(DRIVERS)("a renewal's boxes follow its invoice's plan, with Stripe, on %s", (driver) => {
  const shop = stripeShop(driver)
  const { fake, event } = shop
  const line = (price: string, start: number, end: number, proration = false) => ({
    object: 'line_item',
    period: { start, end },
    pricing: { type: 'price_details', price_details: { price, product: 'prod_box' } },
    parent: {
      type: 'subscription_item_details',
      subscription_item_details: { proration, subscription: 'sub', invoice_item: null },
    },
  })

  it('ships Basic boxes for a month paid at Basic, though the plan moved to Family before the webhook', async () => {
    const { client, sub } = await subscribedThroughStripe(
      shop,
      'stripe-renewal-upgrader@example.com',
      'Basic',
    )
    const { start, end } = currentPeriodOf(sub)
    await event(
      'invoice.paid',
      subscriptionInvoice(sub.id, {
        id: `in_first_${sub.id}`,
        amount_paid: 1999,
        lines: { object: 'list', data: [line('price_1Basic', start, end)] },
      }),
    )()
    // The renewal's invoice is drafted at Basic; before it is paid, up to Family.
    const up = await client.json('/api/subscriptions/mine/plan', { method: 'PUT', body: { tier: 'Family' } })
    expect(up.status).toBe(200)
    await event('customer.subscription.updated', { ...fake.subscriptions.get(sub.id)! })()
    expect((await mineOf<MySubscription>(client)).tier).toBe('Family')
    await event(
      'invoice.paid',
      subscriptionInvoice(sub.id, {
        id: 'in_renewal_basic',
        amount_paid: 1999,
        lines: { object: 'list', data: [line('price_1Basic', end, unixMonthAfter(end))] },
      }),
    )()
    const month = new Date(end * 1000).toISOString().slice(0, 7)
    const rows = await queryRows<{ tier: string; amount_cents: number }>(
      shop.database.db,
      sql`select p.tier, p.amount_cents from subscription_periods p join subscriptions s on s.id = p.subscription_id
          where s.provider_subscription_id = ${sub.id} and p.period = ${month}`,
    )
    expect(rows).toEqual([{ tier: 'Basic', amount_cents: 1999 }])
  })

  it('takes the plan from the period line, not a proration line before it', async () => {
    const { client, sub } = await subscribedThroughStripe(
      shop,
      'stripe-renewal-prorated@example.com',
      'Basic',
    )
    const { start, end } = currentPeriodOf(sub)
    const up = await client.json('/api/subscriptions/mine/plan', { method: 'PUT', body: { tier: 'Premium' } })
    expect(up.status).toBe(200)
    await event('customer.subscription.updated', { ...fake.subscriptions.get(sub.id)! })()
    await event(
      'invoice.paid',
      subscriptionInvoice(sub.id, {
        id: 'in_renewal_premium',
        // The upgrade's proration for the rest of the last period, billed with the renewal.
        amount_paid: 2999 + 1000,
        lines: {
          object: 'list',
          data: [
            line('price_1Premium', start + 3600, end, true),
            line('price_1Premium', end, unixMonthAfter(end)),
          ],
        },
      }),
    )()
    const month = new Date(end * 1000).toISOString().slice(0, 7)
    const rows = await queryRows<{ tier: string }>(
      shop.database.db,
      sql`select p.tier from subscription_periods p join subscriptions s on s.id = p.subscription_id
          where s.provider_subscription_id = ${sub.id} and p.period = ${month}`,
    )
    expect(rows).toEqual([{ tier: 'Premium' }])
  })
})
