import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { stripeShop } from '../../test/stripe'
import { TEST_ADDRESS } from '../../test/subscriptions'

describe.each(DRIVERS)('gift subscriptions through Stripe on %s (fake Stripe, real signatures)', (driver) => {
  const shop = stripeShop(driver)
  const { fake, deliver } = shop

  const status = async (recipient: string) =>
    (
      await queryRows<{ status: string; paid_at: string | null }>(
        shop.database.db,
        sql`select status, paid_at from gift_subscriptions where recipient_email = ${recipient}`,
      )
    )[0]
  const mailCount = async (to: string) =>
    (
      await queryRows<{ n: number }>(
        shop.database.db,
        sql`select count(*)::int as n from mail_outbox where "to" = ${to}`,
      )
    )[0]!.n

  it('opens a one-time Checkout Session for the months at the plan price; checkout.session.completed starts the gift once (a forged signature, replays and 50 deliveries at once change nothing more)', async () => {
    const recipient = 'orpah-stripe@example.com'
    const res = await browser(shop.app).json<{ url: string; amount_cents: number }>(
      '/api/gift-subscriptions',
      {
        body: {
          tier: 'Family',
          months: 6,
          recipientName: 'Orpah Moab',
          recipientEmail: recipient,
          delivery: 'address',
          address: TEST_ADDRESS,
          buyerEmail: 'stripe-gift-buyer@example.com',
        },
      },
    )
    expect(res.status).toBe(201)
    expect(res.body.amount_cents).toBe(6 * 4999)
    const sessionId = res.body.url.split('/').at(-1)!
    const session = fake.sessions.get(sessionId)!
    expect(session).toMatchObject({ mode: 'payment', amount_total: 6 * 4999 })
    const giftId = (session.metadata as Record<string, string>).giftId!
    expect(giftId).toMatch(/^[0-9a-f-]{36}$/)
    expect((await status(recipient))!.status).toBe('pending')

    const completed = { ...session, status: 'complete', payment_status: 'paid' }
    // A forged delivery (wrong secret) is refused and starts nothing.
    const forged = await deliver('evt_gift_forged', 'checkout.session.completed', completed, 'whsec_wrong')
    expect(forged.status).toBe(400)
    expect((await status(recipient))!.status).toBe('pending')

    const first = await deliver('evt_gift_1', 'checkout.session.completed', completed)
    expect(first.status).toBe(200)
    expect((await status(recipient))!.status).toBe('active')
    // The same event again, and 50 other deliveries of the session at once.
    expect((await deliver('evt_gift_1', 'checkout.session.completed', completed)).status).toBe(200)
    const many = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        deliver(`evt_gift_many_${i}`, 'checkout.session.completed', completed),
      ),
    )
    for (const r of many) expect(r.status).toBe(200)
    expect(
      (
        await queryRows<{ n: number }>(
          shop.database.db,
          sql`select count(*)::int as n from gift_subscriptions where recipient_email = ${recipient}`,
        )
      )[0]!.n,
    ).toBe(1)
    expect(await mailCount('stripe-gift-buyer@example.com')).toBe(1)
    expect(await mailCount(recipient)).toBe(1)
    expect(
      (
        await queryRows<{ n: number }>(
          shop.database.db,
          sql`select count(*)::int as n from gift_subscription_months m join gift_subscriptions g on g.id = m.gift_id where g.recipient_email = ${recipient}`,
        )
      )[0]!.n,
    ).toBe(1)
  })

  it('an expired session closes the gift unpaid', async () => {
    const recipient = 'orpah-expired@example.com'
    const res = await browser(shop.app).json<{ url: string }>('/api/gift-subscriptions', {
      body: {
        tier: 'Basic',
        months: 3,
        recipientName: 'Orpah Late',
        recipientEmail: recipient,
        delivery: 'mail',
        buyerEmail: 'late-buyer@example.com',
      },
    })
    const session = fake.sessions.get(res.body.url.split('/').at(-1)!)!
    expect(
      (await deliver('evt_gift_expired', 'checkout.session.expired', { ...session, status: 'expired' }))
        .status,
    ).toBe(200)
    expect((await status(recipient))!.status).toBe('expired')
    expect(await mailCount(recipient)).toBe(0)
  })
})
