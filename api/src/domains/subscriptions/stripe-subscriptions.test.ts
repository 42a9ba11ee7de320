import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { signInListedAdmin } from '../../test/accounts'
import { insertScrollOfAntioch } from '../../test/catalog'
import { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { stripeShop } from '../../test/stripe'
import { planMails, startPlanCheckout, subscribedThroughStripe } from '../../test/subscriptions'

describe.each(DRIVERS)('Stripe Billing adapter and webhook on %s (against our fake Stripe)', (driver) => {
  const shop = stripeShop(driver, { ADMIN_EMAILS: 'boss@example.com' }, { seed: insertScrollOfAntioch })
  const { fake, event } = shop

  const status = async (client: ReturnType<typeof browser>) =>
    (await client.json<Record<string, unknown>>('/api/subscriptions/status')).body
  const subscribe = startPlanCheckout
  const mails = (to: string) => planMails(shop.database, to)
  const sessionsMade = () => fake.requests.filter((r) => r.path === '/v1/checkout/sessions').length
  const subscribedCustomer = (email: string, tier = 'Basic') => subscribedThroughStripe(shop, email, tier)

  it('opens a subscription-mode Checkout with the plan’s price found by lookup key, on one Stripe customer per user', async () => {
    const client = browser(shop.app)
    await client.signUp('plan-buyer@example.com')
    const made = sessionsMade()
    const first = await subscribe(client, 'Premium')
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//),
      portal: false,
    })
    const sent = fake.lastForm('/v1/checkout/sessions')
    expect(sent.get('mode')).toBe('subscription')
    expect(sent.get('line_items[0][price]')).toBe('price_1Premium')
    expect(sent.get('subscription_data[metadata][tier]')).toBe('Premium')
    expect(sent.get('success_url')).toBe('https://shop.example.com/shop?subscription=started')
    expect(sent.get('cancel_url')).toBe('https://shop.example.com/shop')
    const [row] = await queryRows<{ provider_customer_id: string; user_id: string }>(
      shop.database.db,
      sql`select c.provider_customer_id, c.user_id from payment_customers c join "user" u on u.id = c.user_id where u.email = 'plan-buyer@example.com'`,
    )
    expect(sent.get('customer')).toBe(row!.provider_customer_id)
    expect(sent.get('subscription_data[metadata][userId]')).toBe(row!.user_id)
    // Pressing again (even many times at once) for the same plan reuses the open page.
    const again = await Promise.all(Array.from({ length: 5 }, () => subscribe(client, 'Premium')))
    for (const res of again) expect(res.body.url).toBe(first.body.url)
    expect(sessionsMade()).toBe(made + 1)
    // Another plan closes the open page at Stripe and opens a new one, on the same customer.
    const other = await subscribe(client, 'Basic')
    expect(other.body.url).not.toBe(first.body.url)
    expect(fake.sessions.get(first.body.url.split('/').at(-1)!)!.status).toBe('expired')
    expect(fake.requests.filter((r) => r.path === '/v1/customers').length).toBeGreaterThanOrEqual(1)
    expect(
      fake.requests
        .filter((r) => r.path === '/v1/checkout/sessions')
        .at(-1)!
        .form.get('customer'),
    ).toBe(row!.provider_customer_id)
  })

  it('starts once however many times the events are replayed at once, then follows the portal: change plan, cancel, resume, failed invoice, deleted', async () => {
    const email = 'stripe-subscriber@example.com'
    const client = browser(shop.app)
    await client.signUp(email)
    const { body } = await subscribe(client, 'Basic')
    const sessionId = body.url.split('/').at(-1)!
    const sub = fake.completeSubscriptionSession(sessionId)
    const completed = event('checkout.session.completed', { ...fake.sessions.get(sessionId) })
    const created = event('customer.subscription.created', { ...sub })
    const invoicePaid = event('invoice.paid', {
      id: 'in_1',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    })
    await Promise.all([
      ...Array.from({ length: 40 }, () => completed()),
      ...Array.from({ length: 40 }, () => created()),
      ...Array.from({ length: 20 }, () => invoicePaid()),
    ])
    expect(await status(client)).toMatchObject({
      subscribed: true,
      subscription_tier: 'Basic',
      subscription_status: 'active',
      cancel_at_period_end: false,
    })
    const end = new Date((await status(client)).subscription_end as string).getTime()
    const periodEnd = (sub.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end
    expect(end).toBe(periodEnd * 1000)
    const [{ n }] = (await queryRows<{ n: number }>(
      shop.database.db,
      sql`select count(*)::int as n from subscriptions where provider_subscription_id = ${sub.id}`,
    )) as [{ n: number }]
    expect(n).toBe(1)
    expect((await mails(email)).map((m) => m.subject)).toEqual(['Welcome to the Basic plan'])
    const [{ processed }] = (await queryRows<{ processed: number }>(
      shop.database.db,
      sql`select count(*)::int as processed from payment_events where type in ('checkout.session.completed', 'customer.subscription.created', 'invoice.paid') and processed_at is not null and event_id like 'evt_%'`,
    )) as [{ processed: number }]
    expect(processed).toBeGreaterThanOrEqual(3)

    // Subscribe again while subscribed: Stripe's portal, no new Checkout Session.
    const made = sessionsMade()
    const again = await subscribe(client, 'Family')
    expect(again.body).toEqual({
      url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\//),
      portal: true,
    })
    expect(sessionsMade()).toBe(made)
    const portal = await client.json<{ url: string }>('/api/subscriptions/portal', { body: {} })
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//)
    expect(fake.portals.at(-1)).toMatchObject({
      customer: sub.customer,
      return_url: 'https://shop.example.com/shop',
    })

    // In the portal: change plan.
    fake.changePrice(sub.id, 'price_1Family')
    await event('customer.subscription.updated', { ...sub })()
    expect((await status(client)).subscription_tier).toBe('Family')
    // Cancel at period end; the event replayed 20 times at once sends one mail.
    sub.cancel_at_period_end = true
    const cancelled = event('customer.subscription.updated', { ...sub })
    await Promise.all(Array.from({ length: 20 }, () => cancelled()))
    expect(await status(client)).toMatchObject({ subscribed: true, cancel_at_period_end: true })
    expect((await mails(email)).map((m) => m.subject)).toEqual([
      'Welcome to the Basic plan',
      'Your subscription is now Family',
      'Your Family subscription is cancelled',
    ])
    // Resume.
    sub.cancel_at_period_end = false
    await event('customer.subscription.updated', { ...sub })()
    expect((await status(client)).cancel_at_period_end).toBe(false)
    // A renewal fails (invoice.payment_failed, legacy payload shape).
    sub.status = 'past_due'
    await event('invoice.payment_failed', { id: 'in_2', object: 'invoice', subscription: sub.id })()
    expect((await status(client)).subscription_status).toBe('past_due')
    // Deleted; an older "updated" arriving late changes nothing (we read Stripe's current state).
    sub.status = 'canceled'
    await event('customer.subscription.deleted', { ...sub })()
    await event('customer.subscription.updated', { ...sub, status: 'active' })()
    expect(await status(client)).toMatchObject({ subscribed: false, subscription_status: 'canceled' })
  })

  it('collects the address in Stripe Checkout, ships a paid invoice once however often and in however many events it arrives, and makes a failed one past due with a mail (issue 34)', async () => {
    const email = 'stripe-boxes@example.com'
    const client = browser(shop.app)
    await client.signUp(email)
    const { body } = await subscribe(client, 'Premium')
    const sent = fake.lastForm('/v1/checkout/sessions')
    expect(sent.getAll('shipping_address_collection[allowed_countries][]').length).toBe(0)
    expect(sent.get('shipping_address_collection[allowed_countries][0]')).toBe('US')
    expect(sent.get('shipping_address_collection[allowed_countries][1]')).toBe('CA')
    const sessionId = body.url.split('/').at(-1)!
    const sub = fake.completeSubscriptionSession(sessionId)
    // The subscription's own event first (no address yet), then the session with what Stripe collected.
    await event('customer.subscription.created', { ...sub })()
    await event('checkout.session.completed', {
      ...fake.sessions.get(sessionId),
      collected_information: {
        shipping_details: {
          name: 'Naomi Bethlehem',
          address: {
            line1: '3 Harvest Road',
            line2: null,
            city: 'Moab',
            state: 'UT',
            postal_code: '84532',
            country: 'US',
          },
        },
      },
    })()
    const [row] = await queryRows<{ id: string; city: string; first: string }>(
      shop.database.db,
      sql`select id, shipping_address->>'city' as city, shipping_address->>'firstName' as first from subscriptions where provider_subscription_id = ${sub.id}`,
    )
    expect(row).toMatchObject({ city: 'Moab', first: 'Naomi' })

    // The month's box, set by the admin.
    const admin = await signInListedAdmin(shop.app, shop.database, 'boss@example.com')
    // Its first month, the one the subscription starts in (a fixed month would be the next
    // one, already paid and so not to be skipped below, whenever the test runs a month before).
    const { current_period_start: start, current_period_end: end } = (
      sub.items as { data: { current_period_start: number; current_period_end: number }[] }
    ).data[0]!
    const month = new Date(start * 1000).toISOString().slice(0, 7)
    const [product] = await queryRows<{ id: string }>(
      shop.database.db,
      sql`insert into products (slug, name, price_cents, stock) values ('lent-lamp', 'The Lent Lamp', 3999, 40) returning id`,
    )
    expect(
      (
        await admin.json(`/api/admin/subscription-boxes/${month}`, {
          method: 'PUT',
          body: { productId: product!.id },
        })
      ).status,
    ).toBe(200)
    // invoice.paid for that month: the same event 40 times and 40 more deliveries under other
    // event ids (as two instances or a resend would see it), all at once.
    const invoice = {
      id: 'in_first',
      object: 'invoice',
      amount_paid: 2999,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
      lines: { object: 'list', data: [{ period: { start, end } }] },
    }
    const same = event('invoice.paid', invoice)
    await Promise.all([
      ...Array.from({ length: 40 }, () => same()),
      ...Array.from({ length: 40 }, () => event('invoice.paid', invoice)()),
    ])
    const shipped = await queryRows<{ quantity: number; city: string; amount: number }>(
      shop.database.db,
      sql`select i.quantity, o.shipping_address->>'city' as city, p.amount_cents as amount from subscription_periods p join orders o on o.id = p.order_id join order_items i on i.order_id = o.id where p.subscription_id = ${row!.id} and p.period = ${month}`,
    )
    expect(shipped).toEqual([{ quantity: 2, city: 'Moab', amount: 2999 }])
    expect(
      (
        await queryRows<{ stock: number }>(
          shop.database.db,
          sql`select stock from products where id = ${product!.id}`,
        )
      )[0]!.stock,
    ).toBe(38)

    // A failed renewal: past due, mailed with the way to update the card.
    sub.status = 'past_due'
    await event('invoice.payment_failed', {
      id: 'in_second',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    })()
    expect((await status(client)).subscription_status).toBe('past_due')
    const last = (await mails(email)).at(-1)!
    expect(last.subject).toBe('We could not take your Premium subscription payment')
    // Skipping from the account pauses Stripe's collection for that month (its invoice voided).
    sub.status = 'active'
    await event('customer.subscription.updated', { ...sub })()
    const skip = await client.json('/api/subscriptions/mine/skip', { body: {} })
    expect(skip.status).toBe(200)
    expect(fake.subscriptions.get(sub.id)!.pause_collection).toMatchObject({ behavior: 'void' })
  })

  it('cancels at Stripe a second live subscription of one user instead of keeping two', async () => {
    const { client, sub } = await subscribedCustomer('twice@example.com')
    expect((await status(client)).subscribed).toBe(true)
    // Paid elsewhere at the same moment: Stripe made a second subscription for the same user.
    const second = fake.completeSubscriptionSession(
      fake.sessions.get([...fake.sessions.values()].find((s) => s.subscription === sub.id)!.id)!.id,
    )
    await event('customer.subscription.created', { ...second })()
    expect(fake.subscriptions.get(second.id)!.status).toBe('canceled')
    const [{ n }] = (await queryRows<{ n: number }>(
      shop.database.db,
      sql`select count(*)::int as n from subscriptions s join "user" u on u.id = s.user_id where u.email = 'twice@example.com' and s.status not in ('canceled', 'incomplete_expired')`,
    )) as [{ n: number }]
    expect(n).toBe(1)
  })

  it('refunds a Stripe order through stripe.refunds.create with the order’s idempotency key (admin refund)', async () => {
    const buyer = browser(shop.app)
    const res = await buyer.json<{ url: string }>('/api/checkout', {
      body: {
        productSlug: 'scroll-of-antioch',
        customerInfo: {
          email: 'refund-me@example.com',
          firstName: 'Eunice',
          lastName: 'Lois',
          address: '3 Hill Road',
          city: 'Lystra',
          state: 'CA',
          zipCode: '90001',
        },
      },
    })
    const sessionId = res.body.url.split('/').at(-1)!
    fake.sessions.get(sessionId)!.payment_status = 'paid'
    await event('checkout.session.completed', { ...fake.sessions.get(sessionId) })()
    const [order] = await queryRows<{ id: string }>(
      shop.database.db,
      sql`select id from orders where provider_session_id = ${sessionId}`,
    )
    const admin = await signInListedAdmin(shop.app, shop.database, 'boss@example.com')
    const refunded = await admin.json<{ data: { status: string } }>(`/api/admin/orders/${order!.id}/refund`, {
      method: 'POST',
      body: {},
    })
    expect(refunded.status).toBe(200)
    expect(refunded.body.data.status).toBe('refunded')
    const call = fake.requests.filter((r) => r.path === '/v1/refunds')
    expect(call).toHaveLength(1)
    expect(call[0]!.form.get('payment_intent')).toBe(fake.sessions.get(sessionId)!.payment_intent)
    expect(call[0]!.form.get('amount')).toBe('4999')
    expect(call[0]!.key).toBe(`refund-${order!.id}`)
    expect(fake.refunds.size).toBe(1)
    // A second refund is refused and asks Stripe nothing.
    expect(
      (await admin.request(`/api/admin/orders/${order!.id}/refund`, { method: 'POST', body: {} })).status,
    ).toBe(409)
    expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1)
  })
})
