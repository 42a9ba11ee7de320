import { addBillingMonths, type MySubscription, type PlanQuote } from '@lamplight/contracts'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { signInListedAdmin } from '../../test/accounts'
import type { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { mine as mineOf, payTestPlanPage, planMails } from '../../test/subscriptions'
import { useTestApp } from '../../test/use-test-app'

type Client = ReturnType<typeof browser>
type Mine = MySubscription
type Quote = PlanQuote

const monthOf = (date: Date) => date.toISOString().slice(0, 7)
const monthAfter = (month: string, n = 1) => {
  const [y, m] = month.split('-').map(Number)
  return monthOf(new Date(Date.UTC(y!, m! - 1 + n, 1)))
}

/** Decision 065 in test mode: plan change with the stated proration, skip with a credit, pause, retries. */
describe.each(DRIVERS)('subscription self-service in test mode on %s (issue 34, decision 065)', (driver) => {
  const setup = useTestApp(driver, { ADMIN_EMAILS: 'boss@example.com' })
  let admin: Client
  let boxId: string

  beforeAll(async () => {
    admin = await signInListedAdmin(setup.app, setup.database, 'boss@example.com')
    const [row] = await queryRows<{ id: string }>(
      setup.database.db,
      sql`insert into products (slug, name, price_cents, stock) values ('candle-box', 'The Candle Box', 3999, 5000) returning id`,
    )
    boxId = row!.id
    const first = monthOf(new Date())
    for (let i = 0; i < 12; i++)
      await admin.json(`/api/admin/subscription-boxes/${monthAfter(first, i)}`, {
        method: 'PUT',
        body: { productId: boxId },
      })
  })

  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(setup.database.db, query))[0]!.n
  const mails = (to: string) => planMails(setup.database, to)
  const mine = (client: Client) => mineOf<Mine>(client)
  const clock = (month: string, decline = false) =>
    admin.json<Record<string, number>>('/api/admin/subscriptions/test-renewals', { body: { month, decline } })
  const events = (id: string, event: string) =>
    count(
      sql`select count(*)::int as n from subscription_events where subscription_id = ${id} and event = ${event}`,
    )
  const audits = (id: string, action: string) =>
    count(sql`select count(*)::int as n from audit_log where entity_id = ${id} and action = ${action}`)

  /**
   * Moves a new subscription's renewal to the last day of its month (the time of day kept), so
   * a declining clock run up to that month's end fails the renewal and no retry: from an earlier
   * day the retries 3, 5 and 7 days on fall in the same month too (from the 1st to the 24th of a
   * 31-day month, all of them), and the subscription ends at once.
   */
  async function renewOnLastDayOfItsMonth(client: Client) {
    const sub = await mine(client)
    const at = new Date(sub.next_payment_at!)
    at.setUTCDate(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate())
    await setup.database.db.execute(
      sql`update subscriptions set current_period_end = ${at.toISOString()} where id = ${sub.id}`,
    )
    expect((await mine(client)).next_payment_at).toBe(at.toISOString())
    return at
  }

  async function subscriber(email: string, tier = 'Premium') {
    const { client, res } = await payTestPlanPage(setup.app, email, tier)
    expect(res.status).toBe(303)
    return client
  }

  it('changes plan from /account: states the proration first (server-side, in cents), applies it once under 50 presses, records, audits and mails it; a downgrade is a credit taken off the next renewal', async () => {
    const email = 'upgrader@example.com'
    const client = await subscriber(email, 'Basic')
    const before = await mine(client)
    // Bad input: the field named, nothing changed.
    const bad = await client.json<{ error: { issues: { path: string }[] } }>('/api/subscriptions/mine/plan', {
      method: 'PUT',
      body: { tier: 'Platinum' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.issues[0]!.path).toBe('tier')
    const same = await client.json<{ error: { message: string } }>(
      '/api/subscriptions/mine/plan-quote?tier=Basic',
    )
    expect(same.status).toBe(409)
    expect(same.body.error.message).toBe('You are already on the Basic plan.')

    const quote = await client.json<{ data: Quote }>('/api/subscriptions/mine/plan-quote?tier=Premium')
    expect(quote.status).toBe(200)
    const q = quote.body.data
    expect(q.days_left).toBeGreaterThan(0)
    expect(q.days_left).toBeLessThanOrEqual(q.days_in_period)
    expect(q.prorated_cents).toBe(Math.round((1000 * q.days_left) / q.days_in_period))
    const renewal = new Date(before.next_payment_at!).toLocaleDateString('en-US', {
      dateStyle: 'long',
      timeZone: 'UTC',
    })
    const dollars = (c: number) => `$${(c / 100).toFixed(2)}`
    expect(q.summary).toBe(
      `You pay the difference for the rest of this period now: ${dollars(q.prorated_cents)} (${q.days_left} of ${q.days_in_period} days left in this period); from ${renewal} you pay $29.99 a month.`,
    )

    const presses = await Promise.all(
      Array.from({ length: 50 }, () =>
        client.json<{ data: Mine; quote: Quote }>('/api/subscriptions/mine/plan', {
          method: 'PUT',
          body: { tier: 'Premium' },
        }),
      ),
    )
    const ok = presses.filter((p) => p.status === 200)
    expect(ok).toHaveLength(1)
    for (const p of presses) expect([200, 409, 429]).toContain(p.status)
    expect(ok[0]!.body.quote.prorated_cents).toBe(q.prorated_cents)
    const after = ok[0]!.body.data
    expect(after.tier).toBe('Premium')
    expect(after.next_payment_cents).toBe(2999)
    // Paid now: added to this period's payment, once.
    const current = after.periods.find((p) => p.amount_cents > 0)!
    expect(current.amount_cents).toBe(1999 + q.prorated_cents)
    expect(await events(after.id, 'plan')).toBe(1)
    expect(await audits(after.id, 'subscription.plan')).toBe(1)
    const planMails = (await mails(email)).filter((m) => m.subject === 'Your subscription is now Premium')
    expect(planMails).toHaveLength(1)
    expect(planMails[0]!.text).toContain(q.summary)

    // Down to Basic (another subscriber: 50 presses used up this one's rate limit): the
    // difference is credited and taken off the next renewal, once.
    const downer = await subscriber('downgrader@example.com', 'Premium')
    const down = await downer.json<{ data: Mine; quote: Quote }>('/api/subscriptions/mine/plan', {
      method: 'PUT',
      body: { tier: 'Basic' },
    })
    expect(down.status).toBe(200)
    const credit = -down.body.quote.prorated_cents
    expect(credit).toBe(Math.round((1000 * down.body.quote.days_left) / down.body.quote.days_in_period))
    expect(down.body.quote.summary).toContain(`${dollars(credit)} (`)
    expect(down.body.quote.summary).toContain('is credited to your next payment')
    expect(down.body.data).toMatchObject({
      tier: 'Basic',
      credit_cents: credit,
      next_payment_cents: 1999 - credit,
    })
    const next = down.body.data.next_period!
    await Promise.all([clock(next), clock(next)])
    const renewed = await mine(downer)
    expect(renewed.periods.find((p) => p.period === next)).toMatchObject({
      status: 'shipped',
      amount_cents: 1999 - credit,
      // The next shipment carries the new plan's boxes.
      boxes: [{ name: 'The Candle Box', quantity: 1 }],
    })
    expect(renewed.credit_cents).toBe(0)
    expect(renewed.next_payment_cents).toBe(1999)
  })

  it('skips next month with a credit: charged as usual, no box, its value credited to the payment after, once; the choice is shown and mailed', async () => {
    const email = 'credit-skipper@example.com'
    const client = await subscriber(email, 'Premium')
    const start = await mine(client)
    const month = start.next_period!
    const skipped = await client.json<{ data: Mine }>('/api/subscriptions/mine/skip-with-credit', {
      body: {},
    })
    expect(skipped.status).toBe(200)
    expect(skipped.body.data).toMatchObject({ next_period_skip: 'credit', next_payment_cents: 2999 })
    // Changing the choice to "no charge" and back: each recorded, the row one.
    const plain = await client.json<{ data: Mine }>('/api/subscriptions/mine/skip', { body: {} })
    expect(plain.body.data).toMatchObject({ next_period_skip: 'no_charge', next_payment_cents: 0 })
    await client.json('/api/subscriptions/mine/skip-with-credit', { body: {} })
    const subjects = (await mails(email)).map((m) => m.subject)
    expect(subjects.filter((s) => s.endsWith('box is skipped, with a credit'))).toHaveLength(2)
    const detail = await admin.json<{ data: { next_period_skip: string } }>(
      `/api/admin/subscriptions/${start.id}`,
    )
    expect(detail.body.data.next_period_skip).toBe('credit')

    await Promise.all([clock(month), clock(month), clock(month)])
    const after = await mine(client)
    expect(after.periods.find((p) => p.period === month)).toMatchObject({
      status: 'skipped',
      amount_cents: 2999,
      credit_cents: 2999,
      order_id: null,
    })
    expect(after.credit_cents).toBe(2999)
    expect(after.next_payment_cents).toBe(0)
    await Promise.all([clock(monthAfter(month)), clock(monthAfter(month))])
    const later = await mine(client)
    expect(later.periods.find((p) => p.period === monthAfter(month))).toMatchObject({
      status: 'shipped',
      amount_cents: 0,
    })
    expect(later.credit_cents).toBe(0)
    expect(await events(start.id, 'credit')).toBe(1)
    expect(await events(start.id, 'credit_used')).toBe(1)
  })

  it('pauses 1-3 months: more is refused on its field, 50 presses make one pause, the clock charges and ships nothing while paused, resumes after; early resume; past-due and ended are refused with words', async () => {
    const email = 'pauser@example.com'
    const client = await subscriber(email, 'Family')
    const start = await mine(client)
    for (const months of [4, 0, 1.5, '2']) {
      const res = await client.json<{ error: { issues: { path: string; message: string }[] } }>(
        '/api/subscriptions/mine/pause',
        { method: 'PUT', body: { months } },
      )
      expect(res.status).toBe(400)
      expect(res.body.error.issues[0]!.path).toBe('months')
    }
    expect((await mine(client)).paused_until).toBeNull()

    const presses = await Promise.all(
      Array.from({ length: 50 }, () =>
        client.json<{ data: Mine }>('/api/subscriptions/mine/pause', { method: 'PUT', body: { months: 2 } }),
      ),
    )
    expect(presses.filter((p) => p.status === 200)).toHaveLength(1)
    for (const p of presses) expect([200, 409, 429]).toContain(p.status)
    const paused = await mine(client)
    const first = start.next_period!
    // Two renewals on, on the cycle's day (its start's), or the month's last where it has none.
    const [row] = await queryRows<{ created_at: string }>(
      setup.database.db,
      sql`select created_at from subscriptions where id = ${start.id}`,
    )
    const until = addBillingMonths(start.next_payment_at!, 2, new Date(row!.created_at).getUTCDate())
    expect(new Date(paused.paused_until!).getTime()).toBe(until.getTime())
    expect(paused.next_payment_at && new Date(paused.next_payment_at).getTime()).toBe(until.getTime())
    expect(paused.next_period).toBe(monthAfter(first, 2))
    expect(await events(start.id, 'paused')).toBe(1)
    expect(await audits(start.id, 'subscription.pause')).toBe(1)
    // The admin's list marks the pause and files it under Paused, not Active.
    const listed = async (status: string) =>
      (
        await admin.json<{ data: { email: string; paused_until: string | null }[] }>(
          `/api/admin/subscriptions?q=${encodeURIComponent(email)}&status=${status}`,
        )
      ).body.data
    expect(await listed('paused')).toEqual([
      expect.objectContaining({ email, paused_until: paused.paused_until }),
    ])
    expect(await listed('active')).toEqual([])
    const pauseMails = (await mails(email)).filter((m) => m.subject.includes('is paused until'))
    expect(pauseMails).toHaveLength(1)
    expect(pauseMails[0]!.text).toContain('no box is sent and nothing is charged')

    // The clock through the paused months: nothing charged, nothing shipped.
    await clock(first)
    await clock(monthAfter(first))
    const during = await mine(client)
    for (const period of [first, monthAfter(first)])
      expect(during.periods.find((p) => p.period === period)).toMatchObject({
        status: 'paused',
        amount_cents: 0,
        order_id: null,
      })
    expect(during.paused_until).toBeNull()
    expect(during.next_period).toBe(monthAfter(first, 2))
    await clock(monthAfter(first, 2))
    expect((await mine(client)).periods.find((p) => p.period === monthAfter(first, 2))).toMatchObject({
      status: 'shipped',
      amount_cents: 4999,
    })

    // Resume early: the months not reached ship again.
    const early = await subscriber('early-resumer@example.com', 'Basic')
    const e0 = await mine(early)
    await early.json('/api/subscriptions/mine/pause', { method: 'PUT', body: { months: 3 } })
    const again = await early.json<{ error: { message: string } }>('/api/subscriptions/mine/pause', {
      method: 'PUT',
      body: { months: 1 },
    })
    expect(again.status).toBe(409)
    expect(again.body.error.message).toMatch(/^Your subscription is already paused until /)
    const resumed = await early.json<{ data: Mine }>('/api/subscriptions/mine/pause', { method: 'DELETE' })
    expect(resumed.status).toBe(200)
    expect(resumed.body.data).toMatchObject({
      paused_until: null,
      next_period: e0.next_period,
      next_payment_cents: 1999,
    })
    expect(resumed.body.data.periods.filter((p) => p.status === 'paused')).toHaveLength(0)
    expect((await mails('early-resumer@example.com')).map((m) => m.subject)).toContain(
      'Your Basic subscription is no longer paused',
    )
    const notPaused = await early.json<{ error: { message: string } }>('/api/subscriptions/mine/pause', {
      method: 'DELETE',
    })
    expect(notPaused.status).toBe(409)

    // Past due and ended: refused with words, nothing written.
    const late = await subscriber('late-payer@example.com', 'Basic')
    await late.request('/api/payments/test-billing/portal/renewal-failed', { method: 'POST' })
    const pastDue = await late.json<{ error: { message: string } }>('/api/subscriptions/mine/pause', {
      method: 'PUT',
      body: { months: 1 },
    })
    expect(pastDue.status).toBe(409)
    expect(pastDue.body.error.message).toBe(
      'Your last payment has not gone through yet: please update your card before pausing.',
    )
    await late.request('/api/payments/test-billing/portal/end', { method: 'POST' })
    const ended = await late.json<{ error: { message: string } }>('/api/subscriptions/mine/pause', {
      method: 'PUT',
      body: { months: 1 },
    })
    expect(ended.status).toBe(409)
    expect(ended.body.error.message).toMatch(/^Your subscription has ended/)
  })

  it('a pause racing a renewal ends one way: the month is either paused (no charge, no box) or paid and shipped', async () => {
    for (let i = 0; i < 3; i++) {
      const client = await subscriber(`pause-racer-${i}@example.com`, 'Premium')
      const start = await mine(client)
      const month = start.next_period!
      const [presses] = await Promise.all([
        Promise.all(
          Array.from({ length: 25 }, () =>
            client.json('/api/subscriptions/mine/pause', { method: 'PUT', body: { months: 2 } }),
          ),
        ),
        clock(month),
      ])
      const wins = presses.filter((p) => p.status === 200).length
      expect(wins).toBeLessThanOrEqual(1)
      const sub = await mine(client)
      const row = sub.periods.find((p) => p.period === month)!
      const rows = await queryRows<{ n: number }>(
        setup.database.db,
        sql`select count(*)::int as n from subscription_periods where subscription_id = ${start.id} and period = ${month}`,
      )
      expect(rows[0]!.n).toBe(1)
      if (row.status === 'paused') {
        expect(wins).toBe(1)
        expect(row).toMatchObject({ amount_cents: 0, order_id: null })
        expect(sub.periods.find((p) => p.period === monthAfter(month))?.status).toBe('paused')
      } else {
        expect(row).toMatchObject({ status: 'shipped', amount_cents: 2999 })
        // A pause that came after the renewal starts with the month after.
        const pausedRows = sub.periods.filter((p) => p.status === 'paused').map((p) => p.period)
        expect(pausedRows).toEqual(wins ? [monthAfter(month, 2), monthAfter(month)] : [])
      }
      expect(await events(start.id, 'paused')).toBe(wins)
    }
  })

  it('retries a declined renewal on the schedule (3, 5 and 7 days later), counts each try once, says when the next is, and ends the subscription after the last with its mail; a retry that goes through pays the month', async () => {
    const email = 'declined@example.com'
    const client = await subscriber(email, 'Premium')
    const start = await mine(client)
    const month = start.next_period!
    const renewal = await renewOnLastDayOfItsMonth(client)
    // The decline at the end of the month: the renewal fails, and any retry due by then too,
    // which from the month's last day is none (the first retry is 3 days on, next month).
    await Promise.all([clock(month, true), clock(month, true)])
    const failed = await mine(client)
    expect(failed.status).toBe('past_due')
    expect(failed.failed_attempts).toBe(1)
    const expected = new Date(renewal.getTime() + 3 * 86_400_000)
    expect(new Date(failed.next_payment_attempt_at!).getTime()).toBe(expected.getTime())
    expect(await events(start.id, 'payment_failed')).toBe(1)
    const failMails = (await mails(email)).filter(
      (m) => m.subject === 'We could not take your Premium subscription payment',
    )
    expect(failMails).toHaveLength(1)
    expect(failMails[0]!.text).toContain(
      `We’ll try again on ${new Date(renewal.getTime() + 3 * 86_400_000).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })}`,
    )
    expect(failed.periods.find((p) => p.period === month)).toBeUndefined()
    // Declining on: every try fails, the 4th ends it, once.
    await Promise.all([clock(monthAfter(month), true), clock(monthAfter(month), true)])
    const ended = await mine(client)
    expect(ended.status).toBe('canceled')
    expect(await events(start.id, 'payment_failed')).toBe(4)
    expect(await events(start.id, 'ended')).toBe(1)
    const all = await mails(email)
    expect(
      all.filter((m) => m.subject === 'We could not take your Premium subscription payment'),
    ).toHaveLength(3)
    expect(all.filter((m) => m.subject === 'Your Premium subscription is cancelled')).toHaveLength(1)
    expect(all.at(-1)!.text).toContain('we could not take its payment after several tries')

    // Another: declined once, then the retry goes through.
    const other = await subscriber('recovers@example.com', 'Basic')
    const o = await mine(other)
    const asOf = await renewOnLastDayOfItsMonth(other)
    // The decline only up to the renewal's own month end; the retry after, with a working card.
    await clock(monthOf(asOf), true)
    const pastDue = await mine(other)
    expect(pastDue.status).toBe('past_due')
    await clock(monthAfter(monthOf(asOf)))
    const paid = await mine(other)
    expect(paid).toMatchObject({ status: 'active', failed_attempts: 0, next_payment_attempt_at: null })
    expect(paid.periods.find((p) => p.period === o.next_period)).toMatchObject({
      status: 'shipped',
      amount_cents: 1999,
    })
  })

  it('a plan started on the 31st renews on the last day of shorter months and back on the 31st, every month charged and shipped once, none skipped', async () => {
    // Next January, whatever today is: the renewals cross February and the 30-day April.
    const year = new Date().getUTCFullYear() + 1
    const months = ['01', '02', '03', '04', '05'].map((m) => `${year}-${m}`)
    for (const month of months)
      await admin.json(`/api/admin/subscription-boxes/${month}`, {
        method: 'PUT',
        body: { productId: boxId },
      })
    const client = await subscriber('thirty-first@example.com', 'Basic')
    const start = await mine(client)
    const anchor = `${year}-01-31T10:00:00.000Z`
    await setup.database.db.execute(
      sql`update subscriptions set created_at = ${anchor}, current_period_end = ${anchor} where id = ${start.id}`,
    )
    const feb = new Date(Date.UTC(year, 2, 0)).getUTCDate()
    const renewals = [`${year}-02-${feb}`, `${year}-03-31`, `${year}-04-30`, `${year}-05-31`, `${year}-06-30`]
    for (const [i, month] of months.entries()) {
      await clock(month)
      expect((await mine(client)).next_payment_at).toBe(`${renewals[i]}T10:00:00.000Z`)
    }
    const after = await mine(client)
    for (const month of months)
      expect(after.periods.find((p) => p.period === month)).toMatchObject({
        status: 'shipped',
        amount_cents: 1999,
      })
    expect(after.next_period).toBe(`${year}-06`)
  })
})
