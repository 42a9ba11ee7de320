import type { MySubscription } from '@lamplight/contracts'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { signInListedAdmin } from '../../test/accounts'
import { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { mine as mineOf, payTestPlanPage, planMails, TEST_ADDRESS } from '../../test/subscriptions'
import { useTestApp } from '../../test/use-test-app'

type Client = ReturnType<typeof browser>
type Mine = MySubscription

const monthOf = (date: Date) => date.toISOString().slice(0, 7)
const monthAfter = (month: string) => {
  const [y, m] = month.split('-').map(Number)
  return monthOf(new Date(Date.UTC(y!, m!, 1)))
}

describe.each(DRIVERS)('subscription shipments in test mode on %s (issue 34)', (driver) => {
  const setup = useTestApp(driver, { ADMIN_EMAILS: 'boss@example.com' })
  let admin: Client
  let boxId: string
  let otherBoxId: string

  beforeAll(async () => {
    admin = await signInListedAdmin(setup.app, setup.database, 'boss@example.com')
    const rows = await queryRows<{ id: string }>(
      setup.database.db,
      sql`insert into products (slug, name, price_cents, stock) values ('advent-lanterns', 'The Advent Lanterns', 3999, 500), ('epiphany-star', 'The Epiphany Star', 3999, 500) returning id`,
    )
    boxId = rows[0]!.id
    otherBoxId = rows[1]!.id
  })

  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(setup.database.db, query))[0]!.n
  const mails = (to: string) => planMails(setup.database, to)
  const mine = (client: Client) => mineOf<Mine>(client)
  const stock = async (id: string) =>
    (
      await queryRows<{ stock: number }>(setup.database.db, sql`select stock from products where id = ${id}`)
    )[0]!.stock

  const subscriber = (email: string, tier = 'Premium', address: Record<string, string> = TEST_ADDRESS) =>
    payTestPlanPage(setup.app, email, tier, address)

  it('asks for the address on the plan page, checked as the checkout checks it: a mistake is shown on its field and subscribes nobody', async () => {
    const email = 'no-zip@example.com'
    const { client, res, pay } = await subscriber(email, 'Premium', { ...TEST_ADDRESS, zipCode: 'ABCDE' })
    expect(res.status).toBe(400)
    const page = await res.text()
    expect(page).toContain('id="zipCode-error"')
    expect(page).toContain('aria-invalid="true"')
    expect(page).toContain('value="12 Gleaning Lane"')
    expect(
      await count(
        sql`select count(*)::int as n from subscriptions s join "user" u on u.id = s.user_id where u.email = ${email}`,
      ),
    ).toBe(0)
    // The page itself asks for it.
    const form = await (await client.request(pay.replace(/\/pay$/, ''))).text()
    for (const field of ['firstName', 'lastName', 'address', 'city', 'state', 'zipCode', 'country'])
      expect(form).toContain(`name="${field}"`)
    // Corrected: subscribed, with the address, the zip stored one way.
    const ok = await client.request(pay, { method: 'POST', body: { ...TEST_ADDRESS, zipCode: '180151234' } })
    expect(ok.status).toBe(303)
    expect(ok.headers.get('location')).toBe('http://localhost:3000/shop?subscription=started')
    const sub = await mine(client)
    expect(sub).toMatchObject({ tier: 'Premium', status: 'active' })
    expect(sub.shipping_address).toMatchObject({ city: 'Bethlehem', zipCode: '18015-1234' })
    const [welcome] = await mails(email)
    expect(welcome!.subject).toBe('Welcome to the Premium plan')
    expect(welcome!.text).toContain('12 Gleaning Lane')
  })

  it("ships each paid month once: the admin's box of the month, the plan's boxes, the subscriber's address, stock taken, in the fulfilment queue, however many renewals run at once", async () => {
    const email = 'premium-shipper@example.com'
    const { client, res } = await subscriber(email)
    expect(res.status).toBe(303)
    const before = await mine(client)
    const next = before.next_period!
    expect(next).toBe(monthOf(new Date(before.next_payment_at!)))
    expect(before.next_box).toBeNull()
    expect(before.next_payment_cents).toBe(2999)

    // The admin sets the month's box; a product that is not in the catalogue is refused on its field.
    const wrong = await admin.json<{ error: { issues: { path: string }[] } }>(
      `/api/admin/subscription-boxes/${next}`,
      { method: 'PUT', body: { productId: '00000000-0000-4000-8000-000000000000' } },
    )
    expect(wrong.status).toBe(400)
    expect(wrong.body.error.issues[0]!.path).toBe('productId')
    const set = await admin.json<{ data: { product_name: string } }>(
      `/api/admin/subscription-boxes/${next}`,
      {
        method: 'PUT',
        body: { productId: boxId },
      },
    )
    expect(set.status).toBe(200)
    expect(set.body.data.product_name).toBe('The Advent Lanterns')
    expect((await mine(client)).next_box).toEqual({ name: 'The Advent Lanterns', quantity: 2 })
    expect(
      await count(
        sql`select count(*)::int as n from audit_log where action = 'subscription_box.set' and entity_id = ${next}`,
      ),
    ).toBe(1)

    // The test clock moves to the end of that month, 50 times at once.
    const stockBefore = await stock(boxId)
    const runs = await Promise.all(
      Array.from({ length: 50 }, () =>
        admin.json<{ renewed: number; shipped: number }>('/api/admin/subscriptions/test-renewals', {
          body: { month: next },
        }),
      ),
    )
    for (const run of runs) expect(run.status).toBe(200)
    const orders = await queryRows<{ id: string; amount_cents: number; quantity: number; city: string }>(
      setup.database.db,
      sql`select o.id, o.amount_cents, i.quantity, o.shipping_address->>'city' as city from orders o join order_items i on i.order_id = o.id join subscriptions s on s.id = o.subscription_id join "user" u on u.id = s.user_id where u.email = ${email} and i.product_id = ${boxId}`,
    )
    expect(orders).toHaveLength(1)
    expect(orders[0]).toMatchObject({ amount_cents: 0, quantity: 2, city: 'Bethlehem' })
    // Every subscriber due by then got one order (the first test's too): stock went down by their boxes, once.
    const perSubscription = await queryRows<{ n: number }>(
      setup.database.db,
      sql`select count(*)::int as n from orders where subscription_id is not null and product_id = ${boxId} group by subscription_id`,
    )
    expect(perSubscription.length).toBeGreaterThanOrEqual(1)
    for (const row of perSubscription) expect(row.n).toBe(1)
    const boxes = await count(
      sql`select coalesce(sum(quantity), 0)::int as n from order_items where product_id = ${boxId}`,
    )
    expect(await stock(boxId)).toBe(stockBefore - boxes)
    const after = await mine(client)
    expect(after.periods.find((p) => p.period === next)).toMatchObject({
      status: 'shipped',
      amount_cents: 2999,
      boxes: [{ name: 'The Advent Lanterns', quantity: 2 }],
    })
    expect(after.next_period).toBe(monthAfter(next))

    // In the fulfilment queue like any order, with the address.
    const queue = await admin.json<{ data: { order_id: string; shipping_address: { city: string } }[] }>(
      '/api/admin/fulfilment',
    )
    const entry = queue.body.data.find((e) => e.order_id === orders[0]!.id)
    expect(entry?.shipping_address.city).toBe('Bethlehem')
  })

  it('skips next month: no charge, no shipment, mailed; a skip and a renewal racing each other end one way', async () => {
    const email = 'skipper@example.com'
    const { client } = await subscriber(email, 'Basic')
    const next = (await mine(client)).next_period!
    await admin.json(`/api/admin/subscription-boxes/${next}`, {
      method: 'PUT',
      body: { productId: otherBoxId },
    })
    const skipped = await client.json<{ data: Mine }>('/api/subscriptions/mine/skip', { body: {} })
    expect(skipped.status).toBe(200)
    expect(skipped.body.data).toMatchObject({
      next_period_skipped: true,
      next_payment_cents: 0,
      next_box: null,
    })
    expect((await mails(email)).map((m) => m.subject)).toContain(
      `Your ${new Date(`${next}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })} box is skipped`,
    )
    await admin.json('/api/admin/subscriptions/test-renewals', { body: { month: next } })
    const sub = await mine(client)
    expect(sub.periods.find((p) => p.period === next)).toMatchObject({ status: 'skipped', amount_cents: 0 })
    expect(
      await count(
        sql`select count(*)::int as n from orders o join subscriptions s on s.id = o.subscription_id join "user" u on u.id = s.user_id where u.email = ${email} and o.product_id = ${otherBoxId}`,
      ),
    ).toBe(0)
    expect(sub.next_period).toBe(monthAfter(next))

    // The race: for each of several subscribers a skip and a renewal at once.
    for (let i = 0; i < 4; i++) {
      const racer = await subscriber(`racer-${i}@example.com`, 'Family')
      const month = (await mine(racer.client)).next_period!
      await admin.json(`/api/admin/subscription-boxes/${month}`, {
        method: 'PUT',
        body: { productId: otherBoxId },
      })
      const [skip] = await Promise.all([
        racer.client.json('/api/subscriptions/mine/skip', { body: {} }),
        admin.json('/api/admin/subscriptions/test-renewals', { body: { month } }),
      ])
      const period = (await mine(racer.client)).periods.find((p) => p.period === month)!
      if (skip.status === 200 && period.status === 'skipped') expect(period.amount_cents).toBe(0)
      else {
        expect(period).toMatchObject({ status: 'shipped', amount_cents: 4999 })
        expect(period.boxes).toEqual([{ name: 'The Epiphany Star', quantity: 3 }])
        if (skip.status === 200) {
          // The renewal committed first and moved the period on: the skip took the month that
          // was next by then, which ships nothing.
          const after = await mine(racer.client)
          expect(after).toMatchObject({ next_period: monthAfter(month), next_period_skipped: true })
        } else expect(skip.status).toBe(409)
      }
    }
  })

  it('changes the address from the account for the next shipment, and says from which month; a bad address changes nothing', async () => {
    const email = 'mover@example.com'
    const { client } = await subscriber(email, 'Basic')
    const bad = await client.json<{ error: { issues: { path: string; message: string }[] } }>(
      '/api/subscriptions/address',
      { method: 'PUT', body: { ...TEST_ADDRESS, state: 'ZZ' } },
    )
    expect(bad.status).toBe(400)
    expect(bad.body.error.issues.map((i) => i.path)).toContain('state')
    expect((await mine(client)).shipping_address?.city).toBe('Bethlehem')
    const moved = await client.json<{ data: Mine; from_period: string }>('/api/subscriptions/address', {
      method: 'PUT',
      body: {
        ...TEST_ADDRESS,
        address: '1 Jordan Road',
        city: 'Toronto',
        state: 'ON',
        zipCode: 'm5v2t6',
        country: 'CA',
      },
    })
    expect(moved.status).toBe(200)
    // From the first month not yet shipped: this month's, still waiting for its box, else the next.
    const waiting = moved.body.data.periods.filter((p) => p.status === 'awaiting_box').at(-1)
    expect(moved.body.from_period).toBe(waiting?.period ?? moved.body.data.next_period)
    expect(moved.body.data.shipping_address).toMatchObject({ city: 'Toronto', zipCode: 'M5V 2T6' })
    expect((await mails(email)).at(-1)!.subject).toBe('Your subscription’s shipping address changed')
  })

  it('cancels and resumes from the account with a mail each; a past-due subscriber gets no shipment', async () => {
    const email = 'late-payer@example.com'
    const { client } = await subscriber(email, 'Premium')
    expect((await client.json('/api/subscriptions/mine/cancel', { body: {} })).status).toBe(200)
    expect((await mine(client)).next_period).toBeNull()
    expect((await client.json('/api/subscriptions/mine/resume', { body: {} })).status).toBe(200)
    const subjects = (await mails(email)).map((m) => m.subject)
    expect(subjects.slice(-2)).toEqual([
      'Your Premium subscription is cancelled',
      'Your Premium subscription is active again',
    ])
    // A failed renewal: past due, mailed with the way to update the card; no box for it.
    await client.request('/api/payments/test-billing/portal/renewal-failed', { method: 'POST' })
    const failed = (await mails(email)).at(-1)!
    expect(failed.subject).toBe('We could not take your Premium subscription payment')
    expect(failed.text).toContain('http://localhost:3000/account')
    const next = (await mine(client)).next_period!
    await admin.json('/api/admin/subscriptions/test-renewals', { body: { month: next } })
    expect((await mine(client)).periods.find((p) => p.period === next)).toBeUndefined()
  })

  it("gives the admin the subscribers (search, filters), a subscriber's history, audited actions, and the dashboard figures", async () => {
    const list = await admin.json<{
      data: { id: string; email: string; city: string; status: string }[]
      total: number
    }>('/api/admin/subscriptions?q=premium-shipper')
    expect(list.status).toBe(200)
    expect(list.body.data).toHaveLength(1)
    expect(list.body.data[0]).toMatchObject({ email: 'premium-shipper@example.com', city: 'Bethlehem' })
    const pastDue = await admin.json<{ data: { email: string }[] }>(
      '/api/admin/subscriptions?status=past_due',
    )
    expect(pastDue.body.data.map((s) => s.email)).toEqual(['late-payer@example.com'])
    const family = await admin.json<{ data: { email: string }[] }>('/api/admin/subscriptions?plan=Family')
    expect(family.body.data.every((s) => s.email.startsWith('racer-'))).toBe(true)
    const bad = await admin.json('/api/admin/subscriptions?status=sleeping')
    expect(bad.status).toBe(400)

    const id = list.body.data[0]!.id
    const skipped = await admin.json<{ data: { history: { event: string; actor_email: string | null }[] } }>(
      `/api/admin/subscriptions/${id}/skip`,
      { body: {} },
    )
    expect(skipped.status).toBe(200)
    expect(skipped.body.data.history[0]).toMatchObject({ event: 'skipped', actor_email: 'boss@example.com' })
    expect(
      await count(
        sql`select count(*)::int as n from audit_log where action = 'subscription.skip' and entity_id = ${id}`,
      ),
    ).toBe(1)
    const detail = await admin.json<{
      data: { periods: { status: string }[]; history: { event: string }[] }
    }>(`/api/admin/subscriptions/${id}`)
    expect(detail.body.data.periods.map((p) => p.status)).toContain('shipped')
    expect(detail.body.data.history.map((h) => h.event)).toEqual(
      expect.arrayContaining(['started', 'paid', 'skipped']),
    )
    // A customer may not.
    const customer = browser(setup.app)
    await customer.signUp('nosy@example.com')
    expect((await customer.json(`/api/admin/subscriptions/${id}/cancel`, { body: {} })).status).toBe(403)

    const asked = new Date()
    const figures = await admin.json<{
      data: {
        active_per_plan: { tier: string; count: number }[]
        mrr_cents: number
        new_this_month: number
        subscription_revenue_this_month_cents: number
        revenue_this_month_cents: number
      }
    }>('/api/admin/subscriptions/figures')
    expect(figures.status).toBe(200)
    const active = Object.fromEntries(figures.body.data.active_per_plan.map((p) => [p.tier, p.count]))
    const live = await queryRows<{ tier: string; n: number }>(
      setup.database.db,
      sql`select tier, count(*)::int as n from subscriptions where status = 'active' group by tier`,
    )
    for (const row of live) expect(active[row.tier]).toBe(row.n)
    expect(figures.body.data.mrr_cents).toBe(
      live.reduce(
        (n, r) => n + r.n * ({ Basic: 1999, Premium: 2999, Family: 4999 } as Record<string, number>)[r.tier]!,
        0,
      ),
    )
    expect(
      await count(sql`select coalesce(sum(amount_cents), 0)::int as n from subscription_periods`),
    ).toBeGreaterThan(0)
    // This calendar month's (UTC): all of this file's months unless it ran across the turn of one.
    const monthStart = new Date(Date.UTC(asked.getUTCFullYear(), asked.getUTCMonth(), 1)).toISOString()
    const paid = await count(
      sql`select coalesce(sum(amount_cents), 0)::int as n from subscription_periods where created_at >= ${monthStart}`,
    )
    expect(figures.body.data.subscription_revenue_this_month_cents).toBe(paid)
    expect(figures.body.data.revenue_this_month_cents).toBeGreaterThanOrEqual(paid)
  })
})
