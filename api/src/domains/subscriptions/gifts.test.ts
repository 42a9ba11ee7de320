import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { signInListedAdmin } from '../../test/accounts'
import { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { TEST_ADDRESS } from '../../test/subscriptions'
import { useTestApp } from '../../test/use-test-app'

type Client = ReturnType<typeof browser>
type Issues = { error: { message: string; issues?: { path: string; message: string }[] } }

const monthOf = (date: Date) => date.toISOString().slice(0, 7)
const monthPlus = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number)
  return monthOf(new Date(Date.UTC(y!, m! - 1 + n, 1)))
}
const RECIPIENT = { ...TEST_ADDRESS, firstName: 'Naomi', lastName: 'Ephrath', city: 'Lancaster' }

describe.each(DRIVERS)('gift subscriptions in test mode on %s (issue 34 item 7)', (driver) => {
  const setup = useTestApp(driver, { ADMIN_EMAILS: 'gift-boss@example.com' })
  let admin: Client
  let boxId: string

  beforeAll(async () => {
    admin = await signInListedAdmin(setup.app, setup.database, 'gift-boss@example.com')
    const rows = await queryRows<{ id: string }>(
      setup.database.db,
      sql`insert into products (slug, name, price_cents, stock) values ('candle-of-advent', 'The Candle of Advent', 3999, 500) returning id`,
    )
    boxId = rows[0]!.id
  })

  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(setup.database.db, query))[0]!.n
  const mails = (to: string) =>
    queryRows<{ subject: string; text: string }>(
      setup.database.db,
      sql`select subject, text from mail_outbox where "to" = ${to} order by created_at`,
    )
  const gifts = () => count(sql`select count(*)::int as n from gift_subscriptions`)
  const giftOf = async (recipientEmail: string) =>
    (
      await queryRows<{ id: string; status: string; current_period_end: string | null }>(
        setup.database.db,
        sql`select id, status, current_period_end from gift_subscriptions where recipient_email = ${recipientEmail}`,
      )
    )[0]!
  const giftOrders = (recipientEmail: string) =>
    queryRows<{ id: string; amount_cents: number; quantity: number; city: string; period: string }>(
      setup.database.db,
      sql`select o.id, o.amount_cents, i.quantity, o.shipping_address->>'city' as city, m.period from gift_subscription_months m join gift_subscriptions g on g.id = m.gift_id join orders o on o.id = m.order_id join order_items i on i.order_id = o.id where g.recipient_email = ${recipientEmail} order by m.period`,
    )
  const clock = (month: string) =>
    admin.json<{ renewed: number; shipped: number }>('/api/admin/subscriptions/test-renewals', {
      body: { month },
    })

  async function buy(body: Record<string, unknown>, client: Client = browser(setup.app)) {
    const res = await client.json<{ url: string; amount_cents: number } & Issues>('/api/gift-subscriptions', {
      body,
    })
    return { res, client, pay: res.body.url ? `${new URL(res.body.url).pathname}/pay` : '' }
  }
  const byMail = (recipientEmail: string, extra: Record<string, unknown> = {}) => ({
    tier: 'Premium',
    months: 3,
    recipientName: 'Naomi Ephrath',
    recipientEmail,
    delivery: 'mail',
    message: 'For the long winter evenings.\nWith love, Ruth',
    buyerEmail: 'ruth-buyer@example.com',
    ...extra,
  })

  it('sells 3 months of Premium at three times its price, paid once; 50 parallel deliveries of the paid page start one gift with one receipt and one link', async () => {
    const recipient = 'naomi-mail@example.com'
    // The owner's two "revenue this month" figures, before and after: the gift counts once.
    const revenue = async () => {
      const month = monthOf(new Date())
      const [figures, summary] = await Promise.all([
        admin.json<{ data: { gift_revenue_this_month_cents: number; revenue_this_month_cents: number } }>(
          '/api/admin/subscriptions/figures',
        ),
        admin.json<{ data: { revenueThisMonthCents: number } }>('/api/admin/summary'),
      ])
      expect(figures.status).toBe(200)
      expect(summary.status).toBe(200)
      return {
        month,
        gifts: figures.body.data.gift_revenue_this_month_cents,
        total: figures.body.data.revenue_this_month_cents,
        dashboard: summary.body.data.revenueThisMonthCents,
      }
    }
    const before = await revenue()
    const { res, client, pay } = await buy(byMail(recipient, { amountCents: 1 }))
    expect(res.status).toBe(201)
    expect(res.body.amount_cents).toBe(3 * 2999)
    // The test payment page shows the server's total.
    const page = await (await client.request(new URL(res.body.url).pathname)).text()
    expect(page).toContain('$89.97')
    expect((await giftOf(recipient)).status).toBe('pending')

    const paid = await Promise.all(Array.from({ length: 50 }, () => client.request(pay, { method: 'POST' })))
    for (const r of paid) {
      expect(r.status).toBe(303)
      expect(r.headers.get('location')).toBe('http://localhost:3000/shop?gift=sent')
    }
    expect((await giftOf(recipient)).status).toBe('awaiting_address')
    const after = await revenue()
    // Counted in the month (UTC) it was paid in. Across the turn of a month the figures start
    // again from nothing, the gift in them only if it was paid after the turn.
    const [{ paid_at }] = (await queryRows<{ paid_at: string }>(
      setup.database.db,
      sql`select paid_at from gift_subscriptions where recipient_email = ${recipient}`,
    )) as [{ paid_at: string }]
    const gift = monthOf(new Date(paid_at)) === after.month ? 3 * 2999 : 0
    const base = before.month === after.month ? before : { gifts: 0, total: 0, dashboard: 0 }
    expect({
      gifts: after.gifts - base.gifts,
      total: after.total - base.total,
      dashboard: after.dashboard - base.dashboard,
    }).toEqual({ gifts: gift, total: gift, dashboard: gift })
    const receipts = await mails('ruth-buyer@example.com')
    expect(receipts.filter((m) => m.subject.startsWith('Your gift to Naomi Ephrath'))).toHaveLength(1)
    expect(receipts[0]!.text).toContain('$89.97')
    const invitations = await mails(recipient)
    expect(invitations).toHaveLength(1)
    expect(invitations[0]!.subject).toContain('3 months of Lamplight puzzle boxes')
    expect(invitations[0]!.text).toContain('For the long winter evenings.')
    expect(invitations[0]!.text).toMatch(/\/shop\?gift-address=[A-Za-z0-9_-]{43}/)
    // The token itself is not stored, only its hash.
    const token = invitations[0]!.text.match(/gift-address=([A-Za-z0-9_-]{43})/)![1]!
    expect(
      await count(
        sql`select count(*)::int as n from gift_subscriptions where address_token_hash = ${token} or address_token_hash is null and recipient_email = ${recipient}`,
      ),
    ).toBe(0)
  })

  it('refuses bad input on its field and creates nothing: 4 months, a bad address, a bad email, NUL bytes, a guest without an email', async () => {
    const before = await gifts()
    const cases: [Record<string, unknown>, string][] = [
      [byMail('a@example.com', { months: 4 }), 'months'],
      [byMail('a@example.com', { tier: 'Gold' }), 'tier'],
      [byMail('not-an-email'), 'recipientEmail'],
      [byMail('a@example.com', { recipientName: '   ' }), 'recipientName'],
      [byMail('a@example.com', { delivery: 'address' }), 'address'],
      [
        byMail('a@example.com', { delivery: 'address', address: { ...RECIPIENT, zipCode: 'ABCDE' } }),
        'address.zipCode',
      ],
      [
        byMail('a@example.com', { delivery: 'address', address: { ...RECIPIENT, state: 'ZZ' } }),
        'address.state',
      ],
      [byMail('a@example.com', { buyerEmail: undefined }), 'buyerEmail'],
      [byMail('a@example.com', { message: 'x'.repeat(501) }), 'message'],
    ]
    for (const [body, field] of cases) {
      const { res } = await buy(body)
      expect(res.status, field).toBe(400)
      expect(
        res.body.error.issues?.map((i) => i.path),
        field,
      ).toContain(field)
    }
    const nul = await buy(byMail('a@example.com', { recipientName: 'Nao\u0000mi' }))
    expect(nul.res.status).toBe(400)
    expect(nul.res.body.error.message).toMatch(/NUL/)
    expect(await gifts()).toBe(before)
  })

  it("the recipient's link gives the address once; then it is refused (410), as an expired one; an unknown one is a 404; nothing ships before the address", async () => {
    const recipient = 'naomi-link@example.com'
    const { pay, client } = await buy(byMail(recipient))
    await client.request(pay, { method: 'POST' })
    const token = (await mails(recipient))[0]!.text.match(/gift-address=([A-Za-z0-9_-]{43})/)![1]!

    // No address yet: the clock moves nothing and ships nothing.
    const now = monthOf(new Date())
    // This month's box, and the next's should the month turn before the address is given.
    for (const month of [now, monthPlus(now, 1)])
      await admin.json(`/api/admin/subscription-boxes/${month}`, {
        method: 'PUT',
        body: { productId: boxId },
      })
    expect((await clock(monthPlus(now, 2))).status).toBe(200)
    expect(
      await count(
        sql`select count(*)::int as n from gift_subscription_months m join gift_subscriptions g on g.id = m.gift_id where g.recipient_email = ${recipient}`,
      ),
    ).toBe(0)

    const visitor = browser(setup.app)
    const invitation = await visitor.json<{ data: { tier: string; months: number; message: string } }>(
      `/api/gift-subscriptions/address/${token}`,
    )
    expect(invitation.status).toBe(200)
    expect(invitation.body.data).toMatchObject({ tier: 'Premium', months: 3 })
    const bad = await visitor.json<Issues>(`/api/gift-subscriptions/address/${token}`, {
      body: { ...RECIPIENT, zipCode: '1' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.issues?.map((i) => i.path)).toContain('zipCode')
    // Twenty at once: one gives it, the others are told it is used.
    const given = await Promise.all(
      Array.from({ length: 20 }, () =>
        visitor.json<{ data: { first_period: string } } & Issues>(
          `/api/gift-subscriptions/address/${token}`,
          {
            body: RECIPIENT,
          },
        ),
      ),
    )
    expect(given.filter((r) => r.status === 200)).toHaveLength(1)
    for (const r of given.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(410)
      expect(r.body.error.message).toMatch(/used already/)
    }
    // The months start with the one the address was given in.
    const first = given.find((r) => r.status === 200)!.body.data.first_period
    expect([now, monthOf(new Date())]).toContain(first)
    // The first month shipped at once (its box is set), to the address given.
    const orders = await giftOrders(recipient)
    expect(orders).toHaveLength(1)
    expect(orders[0]).toMatchObject({ amount_cents: 0, quantity: 2, city: 'Lancaster', period: first })
    const again = await visitor.json<Issues>(`/api/gift-subscriptions/address/${token}`)
    expect(again.status).toBe(410)

    const unknown = await visitor.json<Issues>(`/api/gift-subscriptions/address/${'x'.repeat(43)}`)
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.message).toMatch(/could not find this gift link/)

    // An expired link.
    const other = 'naomi-late@example.com'
    const late = await buy(byMail(other))
    await late.client.request(late.pay, { method: 'POST' })
    const lateToken = (await mails(other))[0]!.text.match(/gift-address=([A-Za-z0-9_-]{43})/)![1]!
    await setup.database.db.execute(
      sql`update gift_subscriptions set address_token_expires_at = now() - interval '1 minute' where recipient_email = ${other}`,
    )
    const expired = await visitor.json<Issues>(`/api/gift-subscriptions/address/${lateToken}`, {
      body: RECIPIENT,
    })
    expect(expired.status).toBe(410)
    expect(expired.body.error.message).toMatch(/expired/)
    expect((await giftOf(other)).status).toBe('awaiting_address')

    // The admin mails a new link: the old one leads nowhere, the new one gives the address.
    const [lateGift] = await queryRows<{ id: string }>(
      setup.database.db,
      sql`select id from gift_subscriptions where recipient_email = ${other}`,
    )
    const resend = `/api/admin/gift-subscriptions/${lateGift!.id}/resend-link`
    expect((await visitor.request(resend, { method: 'POST' })).status).toBe(401)
    const resent = await admin.json<{ data: { expires_at: string } }>(resend, { method: 'POST' })
    expect(resent.status).toBe(200)
    const days = (new Date(resent.body.data.expires_at).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(59.9)
    expect(days).toBeLessThanOrEqual(60)
    const linkMails = (await mails(other)).filter((m) => /gift-address=/.test(m.text))
    expect(linkMails).toHaveLength(2)
    const newToken = linkMails[1]!.text.match(/gift-address=([A-Za-z0-9_-]{43})/)![1]!
    expect(newToken).not.toBe(lateToken)
    expect((await visitor.json(`/api/gift-subscriptions/address/${lateToken}`)).status).toBe(404)
    expect(
      (await visitor.json(`/api/gift-subscriptions/address/${newToken}`, { body: RECIPIENT })).status,
    ).toBe(200)
    expect((await giftOf(other)).status).toBe('active')
    expect(
      await count(
        sql`select count(*)::int as n from audit_log where action = 'gift_subscription.resend_link' and entity_id = ${lateGift!.id}`,
      ),
    ).toBe(1)
    // With its address given there is no link to send; nor for a gift that does not exist.
    const refused = await admin.json<Issues>(resend, { method: 'POST' })
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toMatch(/address already/)
    expect(
      (
        await admin.request(`/api/admin/gift-subscriptions/${crypto.randomUUID()}/resend-link`, {
          method: 'POST',
        })
      ).status,
    ).toBe(404)
  })

  it('50 presses of "new link" at once send the recipient one mail and leave one audit entry; a minute later another may go', async () => {
    const recipient = 'naomi-many-links@example.com'
    const gift = await buy(byMail(recipient))
    await gift.client.request(gift.pay, { method: 'POST' })
    const { id } = await giftOf(recipient)
    const resend = `/api/admin/gift-subscriptions/${id}/resend-link`
    // The link from the payment is fresh: a new one is refused at once.
    const early = await admin.json<Issues>(resend, { method: 'POST' })
    expect(early.status).toBe(409)
    expect(early.body.error.message).toMatch(`A new link went to ${recipient} less than a minute ago`)
    // As if it was sent two minutes ago.
    await setup.database.db.execute(
      sql`update gift_subscriptions set address_token_expires_at = address_token_expires_at - interval '2 minutes' where id = ${id}`,
    )
    const presses = await Promise.all(
      Array.from({ length: 50 }, () => admin.request(resend, { method: 'POST' })),
    )
    const statuses = presses.map((res) => res.status).sort()
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(49)
    expect((await mails(recipient)).filter((m) => /gift-address=/.test(m.text))).toHaveLength(2)
    expect(
      await count(
        sql`select count(*)::int as n from audit_log where action = 'gift_subscription.resend_link' and entity_id = ${id}`,
      ),
    ).toBe(1)
    // A minute on, the admin may send another.
    await setup.database.db.execute(
      sql`update gift_subscriptions set address_token_expires_at = address_token_expires_at - interval '61 seconds' where id = ${id}`,
    )
    expect((await admin.request(resend, { method: 'POST' })).status).toBe(200)
  })

  it('ships one month per period with the test clock (two clocks at once too), no renewal, no charge; after the last month it ends with a mail; the buyer and the recipient see it in their accounts', async () => {
    const recipient = 'naomi-clock@example.com'
    const buyer = browser(setup.app)
    expect((await buyer.signUp('boaz-buyer@example.com')).status).toBe(200)
    const { res, pay } = await buy(
      {
        tier: 'Premium',
        months: 3,
        recipientName: 'Naomi Clock',
        recipientEmail: recipient,
        delivery: 'address',
        address: RECIPIENT,
      },
      buyer,
    )
    expect(res.status).toBe(201)
    // Boxes from this month on, and one more for a payment made after the month turns.
    const today = monthOf(new Date())
    for (let i = 0; i < 5; i++)
      await admin.json(`/api/admin/subscription-boxes/${monthPlus(today, i)}`, {
        method: 'PUT',
        body: { productId: boxId },
      })
    await buyer.request(pay, { method: 'POST' })
    expect((await giftOf(recipient)).status).toBe('active')
    expect((await mails(recipient))[0]!.subject).toContain('3 months')
    expect(await giftOrders(recipient)).toHaveLength(1)
    // The gift's first month is the one it was paid in.
    const now = (await giftOrders(recipient))[0]!.period
    expect([today, monthOf(new Date())]).toContain(now)

    for (const i of [1, 2]) {
      const runs = await Promise.all([clock(monthPlus(now, i)), clock(monthPlus(now, i))])
      for (const run of runs) expect(run.status).toBe(200)
      const orders = await giftOrders(recipient)
      expect(orders).toHaveLength(i + 1)
      expect(orders.at(-1)).toMatchObject({
        amount_cents: 0,
        quantity: 2,
        city: 'Lancaster',
        period: monthPlus(now, i),
      })
    }
    expect((await giftOf(recipient)).status).toBe('active')
    // The month after the last: no fourth box, the gift ends, the recipient is told.
    await Promise.all([clock(monthPlus(now, 3)), clock(monthPlus(now, 3))])
    expect(await giftOrders(recipient)).toHaveLength(3)
    expect((await giftOf(recipient)).status).toBe('completed')
    const ended = (await mails(recipient)).filter((m) => m.subject.includes('has ended'))
    expect(ended).toHaveLength(1)
    expect(ended[0]!.text).toContain('/shop#plans-heading')
    await clock(monthPlus(now, 5))
    expect(await giftOrders(recipient)).toHaveLength(3)

    const sent = await buyer.json<{
      sent: { recipient_name: string; months: number; months_shipped: number; status: string }[]
    }>('/api/gift-subscriptions/mine')
    expect(sent.body.sent.find((g) => g.recipient_name === 'Naomi Clock')).toMatchObject({
      months: 3,
      months_shipped: 3,
      status: 'completed',
    })
    // Signed up with the recipient's address, not yet confirmed: anyone could have. Nothing.
    const naomi = browser(setup.app)
    expect((await naomi.signUp(recipient, 'naomi pass 1 x')).status).toBe(200)
    const unconfirmed = await naomi.json<{ received: unknown[] }>('/api/gift-subscriptions/mine')
    expect(unconfirmed.status).toBe(200)
    expect(unconfirmed.body.received).toEqual([])
    // Confirmed by the mailed link: the gift shows, without its price.
    expect(
      (
        await naomi.request('/api/auth/send-verification-email', {
          body: { email: recipient, callbackURL: '/account' },
        })
      ).status,
    ).toBe(200)
    const [confirmMail] = await queryRows<{ text: string }>(
      setup.database.db,
      sql`select text from mail_outbox where "to" = ${recipient} and subject like 'Confirm your email%' order by created_at desc limit 1`,
    )
    const token = new URL(
      /https?:\/\/\S+/.exec(confirmMail?.text ?? '')?.[0] ?? 'http://no-link/',
    ).searchParams.get('token')
    const confirmed = await naomi.json<{ status: string }>('/api/auth/confirm-email', {
      body: { token, password: 'naomi pass 1 x' },
    })
    expect(confirmed.body.status).toBe('confirmed')
    const received = await naomi.json<{ received: { tier: string; amount_cents: number }[] }>(
      '/api/gift-subscriptions/mine',
    )
    expect(received.body.received).toHaveLength(1)
    expect(received.body.received[0]).toMatchObject({ tier: 'Premium', amount_cents: 0 })

    // The admin's list and detail.
    const list = await admin.json<{ data: { id: string; recipient_email: string; months_left: number }[] }>(
      `/api/admin/gift-subscriptions?q=${encodeURIComponent(recipient)}`,
    )
    expect(list.body.data).toHaveLength(1)
    expect(list.body.data[0]!.months_left).toBe(0)
    const detail = await admin.json<{ data: { periods: { status: string; boxes: unknown[] }[] } }>(
      `/api/admin/gift-subscriptions/${list.body.data[0]!.id}`,
    )
    expect(detail.body.data.periods).toHaveLength(3)
    expect(detail.body.data.periods[0]).toMatchObject({
      status: 'shipped',
      boxes: [{ name: 'The Candle of Advent', quantity: 2 }],
    })
    expect((await browser(setup.app).json('/api/admin/gift-subscriptions')).status).toBe(401)
  })
})
