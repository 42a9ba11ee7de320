import { adminOrdersContract, orderNumber } from '@lamplight/contracts'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, mailOutbox, orderHistory, orderItems, orders, products } from '../../db/schema'
import { type Actors, createActors } from '../../security/actors'
import { createTestApp } from '../../test/app'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'
import type { AppEnv } from '../../types'
import { idPrefixRange, ORDER_COUNT_CAP, typedOrderNumber } from './admin-queries'
import { neutraliseCell } from './csv'

type Order = {
  order_id: string
  customer_email: string
  amount_cents: number
  status: string
  created_at: string
}
type List = { data: Order[]; total: number }

const DAY = 24 * 60 * 60 * 1000
const BASE = Date.parse('2026-03-01T12:00:00Z')

describe.each(DRIVERS)('admin orders on %s', (driver) => {
  let database: TestDatabase
  let app: Hono<AppEnv>
  let actors: Actors
  let productId: string
  const ids: string[] = []

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    app = createTestApp(database).app as unknown as Hono<AppEnv>
    actors = await createActors(app, database, `orders-${driver}`)
    const [product] = await database.db
      .insert(products)
      .values({
        slug: 'scroll-of-antioch',
        name: 'The Scroll of Antioch',
        priceCents: 4999,
        sku: 'SCROLL-01',
      })
      .returning({ id: products.id })
    productId = product!.id
    // 30 orders, one a day from March 1st; statuses and amounts vary; some names are hostile.
    const statuses = ['completed', 'pending', 'paid', 'failed', 'cancelled'] as const
    const names = [
      'Lydia, of Thyatira',
      'Tabitha "Dorcas"',
      '=HYPERLINK("http://x")',
      '+Priscilla',
      '-Aquila',
      '@Apollos',
    ]
    const rows = Array.from({ length: 30 }, (_, i) => ({
      email: `buyer${String(i).padStart(2, '0')}@example.com`,
      customerName: names[i % names.length]!,
      productId,
      amountCents: 1000 + ((i * 37) % 30) * 100,
      status: statuses[i % statuses.length]!,
      provider: 'test' as const,
      providerSessionId: `test_session_${i}`,
      createdAt: new Date(BASE + i * DAY),
      updatedAt: new Date(BASE + i * DAY),
      shippingAddress: {
        firstName: 'Lydia',
        lastName: 'Purple',
        address: '1 Market St',
        city: 'Thyatira',
        state: 'CA',
        zipCode: '90001',
        country: 'US',
      },
      paymentMethod: 'card' as const,
    }))
    const inserted = await database.db.insert(orders).values(rows).returning({ id: orders.id })
    ids.push(...inserted.map((r) => r.id))
    // Each an order of one line, as checkout makes them (issue 32).
    await database.db.insert(orderItems).values(
      rows.map((row, i) => ({
        orderId: ids[i]!,
        productId,
        productName: 'The Scroll of Antioch',
        quantity: 1,
        unitPriceCents: row.amountCents,
        lineTotalCents: row.amountCents,
      })),
    )
  }, 120_000)
  afterAll(() => database?.destroy())

  const list = async (query = '') => actors.admin.json<List>(`/api/admin/orders${query}`)

  it('answers 401 to a visitor and 403 to a customer or an editor, for every order endpoint', async () => {
    const id = ids[0]
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/orders/export'],
      ['GET', `/api/admin/orders/${id}`],
      ['POST', `/api/admin/orders/${id}/refund`, {}],
      ['POST', `/api/admin/orders/${id}/ship`, { trackingNumber: 'X1' }],
    ]
    for (const [method, path, body] of calls) {
      expect((await actors.anonymous.request(path, { method, body })).status, path).toBe(401)
      expect((await actors.customer.request(path, { method, body })).status, path).toBe(403)
      expect((await actors.editor.request(path, { method, body })).status, path).toBe(403)
    }
    const ok = await list()
    expect(ok.status).toBe(200)
  })

  it('lists the spec fields, newest first, 25 a page, with the total', async () => {
    const { body } = await list()
    expect(body.total).toBe(30)
    expect(body.data).toHaveLength(25)
    expect(body.data[0]).toEqual({
      order_id: ids[29],
      created_at: new Date(BASE + 29 * DAY).toISOString(),
      updated_at: new Date(BASE + 29 * DAY).toISOString(),
      customer_name: '@Apollos',
      customer_email: 'buyer29@example.com',
      customer_created_at: null,
      product_title: 'The Scroll of Antioch',
      product_sku: 'SCROLL-01',
      product_id: productId,
      amount_cents: expect.any(Number),
      status: 'cancelled',
      stripe_session_id: 'test_session_29',
      order_number: 'SSION_29',
      fulfilment_status: 'unfulfilled',
      lines_summary: '1 × The Scroll of Antioch',
    })
    const second = await list('?page=2')
    expect(second.body.data.map((o) => o.customer_email)).toEqual(
      ['04', '03', '02', '01', '00'].map((n) => `buyer${n}@example.com`),
    )
    // Past the last page: an empty page, still with the total.
    expect((await list('?page=3')).body).toEqual({ data: [], total: 30, total_capped: false })
    expect((await list('?page_size=1&page=30')).body.data[0]?.order_id).toBe(ids[0])
  })

  it('filters by status, by day range and by text (email, name or order id)', async () => {
    const completed = await list('?status=completed')
    expect(completed.body.total).toBe(6)
    expect(completed.body.data.every((o) => o.status === 'completed')).toBe(true)

    // March 3rd to March 5th inclusive (UTC days).
    const range = await list('?from=2026-03-03&to=2026-03-05')
    expect(range.body.data.map((o) => o.customer_email)).toEqual([
      'buyer04@example.com',
      'buyer03@example.com',
      'buyer02@example.com',
    ])

    expect((await list('?q=BUYER07')).body.data.map((o) => o.customer_email)).toEqual(['buyer07@example.com'])
    expect((await list('?q=dorcas')).body.total).toBe(5)
    // LIKE wildcards are literal.
    expect((await list('?q=%25')).body.total).toBe(0)
    const target = ids[12]!
    const byId = await list(`?q=${target.slice(0, 8)}`)
    expect(byId.body.data.map((o) => o.order_id)).toContain(target)
    // Filters combine.
    expect((await list('?q=dorcas&status=pending')).body.data.every((o) => o.status === 'pending')).toBe(true)
    // A search pages and sorts like the plain list, and a page past its end still has the total.
    const all = (await list('?q=dorcas&sort=customer_email&dir=asc')).body.data.map((o) => o.customer_email)
    expect(all).toEqual([...all].sort())
    const second = await list('?q=dorcas&sort=customer_email&dir=asc&page=2&page_size=2')
    expect(second.body.data.map((o) => o.customer_email)).toEqual(all.slice(2, 4))
    expect(second.body.total).toBe(5)
    expect((await list('?q=dorcas&page=9')).body).toEqual({ data: [], total: 5, total_capped: false })
  })

  it('sorts by each allowed column in both directions', async () => {
    const amounts = (await list('?sort=amount_cents&dir=asc&page_size=100')).body.data.map(
      (o) => o.amount_cents,
    )
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b))
    const emails = (await list('?sort=customer_email&dir=desc&page_size=100')).body.data.map(
      (o) => o.customer_email,
    )
    expect(emails[0]).toBe('buyer29@example.com')
    expect(emails.at(-1)).toBe('buyer00@example.com')
    const statuses = (await list('?sort=status&dir=asc&page_size=100')).body.data.map((o) => o.status)
    expect(statuses).toEqual([...statuses].sort())
    const oldest = (await list('?dir=asc')).body.data[0]
    expect(oldest?.order_id).toBe(ids[0])
  })

  it('refuses bad filters with a 400, never a 500', async () => {
    for (const query of [
      '?status=shipped',
      '?sort=password',
      '?dir=sideways',
      '?page=0',
      '?page=-1',
      '?page=abc',
      '?page_size=1000',
      '?from=yesterday',
      '?to=2026-02-31x',
      '?to=9999-12-31',
      '?from=0001-01-01',
      `?q=${'x'.repeat(201)}`,
    ]) {
      const res = await list(query)
      expect(res.status, query).toBe(400)
    }
    // The export refuses it too, rather than answering an empty 200.
    expect((await actors.admin.request('/api/admin/orders/export?to=9999-12-31')).status).toBe(400)
    expect((await actors.admin.request('/api/admin/orders/not-a-uuid')).status).toBe(400)
  })

  it('exports the filtered orders as CSV with quoting and neutralised formulas', async () => {
    const res = await actors.admin.request('/api/admin/orders/export?q=example.com&sort=created_at&dir=asc')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    const text = await res.text()
    const lines = text.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'order_id,order_number,created_at,updated_at,customer_name,customer_email,customer_created_at,product_title,product_sku,product_id,amount_cents,status,stripe_session_id,amount,lines,fulfilment_status,ship_to_name,ship_to_address,ship_to_city,ship_to_state,ship_to_postal_code,ship_to_country,shipped_at,carrier,tracking_number',
    )
    // For people: dollars with two decimals, every line, the address in parts (issue 35).
    expect(lines[1]).toContain(
      ',1000,"completed","test_session_0","10.00","1 × The Scroll of Antioch","unfulfilled","Lydia Purple","1 Market St","Thyatira","CA","90001","US","","",""',
    )
    expect(lines).toHaveLength(31)
    expect(lines[1]).toContain('"Lydia, of Thyatira"')
    expect(lines[2]).toContain('"Tabitha ""Dorcas"""')
    expect(lines[3]).toContain(`"'=HYPERLINK(""http://x"")"`)
    expect(lines[4]).toContain(`,"'+Priscilla",`)
    expect(lines[5]).toContain(`,"'-Aquila",`)
    expect(lines[6]).toContain(`,"'@Apollos",`)
    expect(lines[1]?.startsWith(`"${ids[0]!}",`)).toBe(true)

    const filtered = await (await actors.admin.request('/api/admin/orders/export?status=failed')).text()
    expect(filtered.trimEnd().split('\r\n')).toHaveLength(7)
    const none = await (await actors.admin.request('/api/admin/orders/export?q=nobody-at-all')).text()
    expect(none.trimEnd().split('\r\n')).toHaveLength(1)
  })

  it('exports every row exactly once across batches, in any sort', async () => {
    const { exportOrders } = await import('./admin-queries')
    for (const sort of ['created_at', 'amount_cents', 'status', 'customer_email'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const seen: string[] = []
        for await (const batch of exportOrders(database.db, { sort, dir }, 7))
          seen.push(...batch.map((r) => r.order_id))
        expect(seen, `${sort} ${dir}`).toHaveLength(30)
        expect(new Set(seen).size).toBe(30)
        const listed = (await list(`?sort=${sort}&dir=${dir}&page_size=100`)).body.data.map((o) => o.order_id)
        expect(seen).toEqual(listed)
      }
    }
  })

  it('shows one order in detail, and Order Not Found for an unknown id', async () => {
    const res = await actors.admin.json<{ data: Record<string, unknown> }>(`/api/admin/orders/${ids[1]}`)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      order_id: ids[1],
      status: 'pending',
      provider: 'test',
      payment_method: 'card',
      shipping_address: { city: 'Thyatira', zipCode: '90001' },
      provider_url: null,
      can_refund: false,
      history: [{ event: 'created' }],
    })
    // Dates are the ISO strings the contract says, and the contract reads the answer as sent.
    expect(res.body.data.created_at).toBe(new Date(BASE + DAY).toISOString())
    expect(adminOrdersContract.detail.response.parse(res.body)).toEqual(res.body)
    const missing = await actors.admin.json<{ error: { message: string } }>(
      '/api/admin/orders/00000000-0000-4000-8000-000000000000',
    )
    expect(missing.status).toBe(404)
    expect(missing.body.error.message).toBe('Order Not Found')
  })

  it('refunds a completed order once: status, history, audit, mail; a second refund is refused', async () => {
    const id = ids[0]! // completed
    const first = await actors.admin.json<{
      data: { status: string; refunded_at: string; history: { event: string }[] }
    }>(`/api/admin/orders/${id}/refund`, { method: 'POST', body: {} })
    expect(first.status).toBe(200)
    expect(first.body.data.status).toBe('refunded')
    expect(first.body.data.refunded_at).toBeTruthy()
    expect(first.body.data.history.map((h) => h.event)).toEqual(['created', 'refunded'])
    const again = await actors.admin.request(`/api/admin/orders/${id}/refund`, { method: 'POST', body: {} })
    expect(again.status).toBe(409)
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'buyer00@example.com'))
    // The number the buyer was shown, never our id (issue 35), and the lines refunded.
    const number = orderNumber('test_session_0', id)
    expect(mails.map((m) => m.subject)).toEqual([`Your Lamplight Puzzle Co. order ${number} was refunded`])
    expect(mails[0]?.text).toContain(`of your order ${number} (1 × The Scroll of Antioch)`)
    expect(mails[0]?.text).not.toContain(id.slice(0, 8))
    // The buyer typed the name ("Lydia, of Thyatira") beside an address anyone can type: the
    // mail greets nobody by name.
    expect(mails[0]?.text).toMatch(/^Hello,$/m)
    for (const part of [mails[0]?.text, mails[0]?.html]) expect(part).not.toContain('Lydia')
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, id))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      actorId: actors.ids.admin,
      action: 'order.refunded',
      before: { status: 'completed' },
      after: { status: 'refunded' },
    })
    // A pending order cannot be refunded.
    expect(
      (await actors.admin.request(`/api/admin/orders/${ids[1]}/refund`, { method: 'POST', body: {} })).status,
    ).toBe(409)
  })

  it('refunds exactly once when two refunds arrive together', async () => {
    const id = ids[5]! // completed
    const results = await Promise.all([
      actors.admin.request(`/api/admin/orders/${id}/refund`, { method: 'POST', body: {} }),
      actors.admin.request(`/api/admin/orders/${id}/refund`, { method: 'POST', body: {} }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    const history = await database.db.select().from(orderHistory).where(eq(orderHistory.orderId, id))
    expect(history.filter((h) => h.event === 'refunded')).toHaveLength(1)
  })

  it('marks a paid order shipped with its tracking number and tells the customer', async () => {
    const id = ids[2]! // paid
    const bad = await actors.admin.request(`/api/admin/orders/${id}/ship`, {
      method: 'POST',
      body: { trackingNumber: '  ' },
    })
    expect(bad.status).toBe(400)
    const res = await actors.admin.json<{
      data: { shipped_at: string; tracking_number: string; history: { event: string; note: string }[] }
    }>(`/api/admin/orders/${id}/ship`, { method: 'POST', body: { trackingNumber: '1Z 999 AA1' } })
    expect(res.status).toBe(200)
    expect(res.body.data.tracking_number).toBe('1Z 999 AA1')
    expect(res.body.data.shipped_at).toBeTruthy()
    expect(res.body.data.history.at(-1)).toMatchObject({
      event: 'shipped',
      note: 'other tracking number 1Z 999 AA1: 1 × The Scroll of Antioch',
    })
    // The same number again changes nothing and sends nothing.
    await actors.admin.request(`/api/admin/orders/${id}/ship`, {
      method: 'POST',
      body: { trackingNumber: '1Z 999 AA1' },
    })
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'buyer02@example.com'))
    expect(mails.map((m) => m.subject)).toEqual([
      `Your Lamplight Puzzle Co. order ${orderNumber('test_session_2', id)} has shipped`,
    ])
    expect(mails[0]?.text).toContain('1Z 999 AA1')
    // The name the buyer typed is a formula and a link: it is not in the mail.
    expect(mails[0]?.text).toMatch(/^Hello,$/m)
    for (const part of [mails[0]?.text, mails[0]?.html]) {
      expect(part).not.toContain('HYPERLINK')
      expect(part).not.toContain('http://x')
    }
    // A failed order does not ship.
    expect(
      (
        await actors.admin.request(`/api/admin/orders/${ids[3]}/ship`, {
          method: 'POST',
          body: { trackingNumber: 'X' },
        })
      ).status,
    ).toBe(409)
  })
  it("revokes an admin's grant through Refund: no money moves, the order is refunded, once", async () => {
    const [grant] = await database.db
      .insert(orders)
      .values({
        email: 'timothy@example.com',
        productId,
        amountCents: 0,
        status: 'completed',
        provider: 'admin',
      })
      .returning({ id: orders.id })
    const refund = () =>
      actors.admin.request(`/api/admin/orders/${grant!.id}/refund`, { method: 'POST', body: {} })
    expect((await refund()).status).toBe(200)
    const [row] = await database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, grant!.id))
    expect(row?.status).toBe('refunded')
    expect((await refund()).status).toBe(409)
    await database.db.delete(orders).where(eq(orders.id, grant!.id))
  })

  it('finds an order by the number its buyer was shown, the session id or the order id; the list, detail and CSV show that number', async () => {
    // A Stripe-like session (mixed case) and an admin grant, which has no session: its number
    // comes from the order id. Added last: the tests above count the first 30 orders.
    const session = 'cs_test_a1B2c3D4e5F6gH7iJ8kEmZoSoDm'
    const [stripe, grant] = await database.db
      .insert(orders)
      .values([
        {
          email: 'priscilla@example.com',
          customerName: 'Priscilla',
          productId,
          amountCents: 4999,
          status: 'completed' as const,
          provider: 'stripe' as const,
          providerSessionId: session,
          createdAt: new Date(BASE + 40 * DAY),
          updatedAt: new Date(BASE + 40 * DAY),
        },
        {
          email: 'aquila@example.com',
          productId,
          amountCents: 0,
          status: 'completed' as const,
          provider: 'admin' as const,
          createdAt: new Date(BASE + 41 * DAY),
          updatedAt: new Date(BASE + 41 * DAY),
        },
      ])
      .returning({ id: orders.id })
    const stripeNumber = orderNumber(session, stripe!.id)
    const grantNumber = orderNumber(null, grant!.id)
    expect(stripeNumber).toBe('EMZOSODM')
    const found = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).body.data.map((o) => o.order_id)

    for (const q of [stripeNumber, 'emzosodm', 'EmZoSoDm', `#${stripeNumber}`, ` ${stripeNumber} `, session])
      expect(await found(q), q).toEqual([stripe!.id])
    // The whole order id, and the grant's number (its id's last 8 characters), in any case.
    expect(await found(stripe!.id)).toEqual([stripe!.id])
    expect(await found(stripe!.id.toUpperCase())).toEqual([stripe!.id])
    expect(await found(grantNumber)).toContain(grant!.id)
    expect(await found(grantNumber.toLowerCase())).toContain(grant!.id)
    // A part of the number is not the number; a part of the session id is not the session id.
    expect(await found('MZOSODM')).toEqual([])
    expect(await found(session.slice(0, -1))).toEqual([])
    // Email search as before.
    expect(await found('priscilla@')).toEqual([stripe!.id])

    // The list and the detail carry the number; the detail the whole id and session too.
    const listed = (await list(`?q=${stripeNumber}`)).body.data[0] as Order & { order_number: string }
    expect(listed.order_number).toBe('EMZOSODM')
    const detail = await actors.admin.json<{ data: Record<string, unknown> }>(
      `/api/admin/orders/${stripe!.id}`,
    )
    expect(detail.body.data).toMatchObject({
      order_id: stripe!.id,
      order_number: 'EMZOSODM',
      stripe_session_id: session,
    })
    const grantDetail = await actors.admin.json<{ data: Record<string, unknown> }>(
      `/api/admin/orders/${grant!.id}`,
    )
    expect(grantDetail.body.data.order_number).toBe(grantNumber)
    // The CSV has the number beside the id.
    const csv = await (await actors.admin.request(`/api/admin/orders/export?q=${stripeNumber}`)).text()
    const [header, line] = csv.trimEnd().split('\r\n')
    expect(header?.split(',').slice(0, 2)).toEqual(['order_id', 'order_number'])
    expect(line?.startsWith(`"${stripe!.id}","EMZOSODM",`)).toBe(true)

    // Odd text is a search that finds nothing, never a 500.
    for (const q of [
      "'; drop table orders; --",
      '#',
      '%_\\',
      '😀😀😀😀',
      'ÄÖÜ',
      '00000000',
      'x'.repeat(200),
    ]) {
      const res = await list(`?q=${encodeURIComponent(q)}`)
      expect(res.status, q).toBe(200)
      const csvRes = await actors.admin.request(`/api/admin/orders/export?q=${encodeURIComponent(q)}`)
      expect(csvRes.status, q).toBe(200)
      await csvRes.text()
    }
    // The detail route takes an order id only: anything else is a 400 naming the problem.
    for (const id of [stripeNumber, stripe!.id.slice(0, 8), session]) {
      const res = await actors.admin.json<{ error: { code: string } }>(`/api/admin/orders/${id}`)
      expect(res.status, id).toBe(400)
    }
  })

  it('exports names that would start a formula after any separator as text, every text cell quoted', async () => {
    // Added last, and removed again: the tests above count the first 30 orders.
    const hostile = [
      [';=1+1', ";'=1+1"],
      [',@SUM(1)', ",'@SUM(1)"],
      ['\t=cmd', "'\t=cmd"],
      ['a;-2+3', "a;'-2+3"],
      ['Ann; "=1+1', `Ann; "'=1+1`],
      ['Ann\r\n+1', "Ann\r\n'+1"],
    ]
    const [product] = await database.db
      .insert(products)
      .values({ slug: 'csv-probe', name: 'Puzzle;=1+1', priceCents: 100, sku: ',-1' })
      .returning({ id: products.id })
    const inserted = await database.db
      .insert(orders)
      .values(
        hostile.map(([name], i) => ({
          email: `csv-probe-${i}@example.net`,
          customerName: name!,
          productId: product!.id,
          amountCents: 100,
          status: 'completed' as const,
          provider: 'test' as const,
          createdAt: new Date(BASE + (50 + i) * DAY),
          updatedAt: new Date(BASE + (50 + i) * DAY),
        })),
      )
      .returning({ id: orders.id })
    try {
      const res = await actors.admin.request('/api/admin/orders/export?q=csv-probe&sort=created_at&dir=asc')
      expect(res.status).toBe(200)
      const text = await res.text()
      // Read as a spreadsheet that honours quotes: the names come back with an apostrophe
      // before each character that would start a formula, and every text cell was quoted.
      const [header, ...records] = parseCsv(text)
      expect(records).toHaveLength(hostile.length)
      const column = (name: string) => header!.indexOf(name)
      records.forEach((record, i) => {
        expect(record[column('customer_name')]).toBe(hostile[i]![1])
        expect(record[column('product_title')]).toBe("Puzzle;'=1+1")
        expect(record[column('product_sku')]).toBe(",'-1")
        expect(record[column('customer_email')]).toBe(`csv-probe-${i}@example.net`)
      })
      for (const line of text
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .join('\n')
        .split(/\n(?=")/)) {
        expect(line).toMatch(/^"[^"]/)
        expect(line).toContain(',100,"completed",')
      }
      // Read as a spreadsheet that splits every line on `;` or `,` and ignores quotes (and
      // line breaks anywhere end a row): no cell starts a formula.
      for (const separator of [';', ',']) {
        for (const row of text.split(/\r\n|\r|\n/)) {
          for (const cell of row.split(separator)) {
            expect(cell.replace(/^[ "]+/, ''), `${separator} ${JSON.stringify(cell)}`).not.toMatch(
              /^[=+\-@\t\r]/,
            )
          }
        }
      }
    } finally {
      await database.db.delete(orders).where(
        inArray(
          orders.id,
          inserted.map((o) => o.id),
        ),
      )
      await database.db.delete(products).where(eq(products.id, product!.id))
    }
  })
})

/** RFC 4180 records, as a spreadsheet that honours quotes reads them. */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      record.push(cell)
      cell = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell)
      records.push(record)
      record = []
      cell = ''
      i++
    } else cell += ch
  }
  return records
}

describe('CSV cells and id prefixes', () => {
  it('neutralises cells a spreadsheet would run', () => {
    expect(neutraliseCell('=1+1')).toBe("'=1+1")
    expect(neutraliseCell('+1')).toBe("'+1")
    expect(neutraliseCell('-1')).toBe("'-1")
    expect(neutraliseCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(neutraliseCell('\t=1')).toBe("'\t=1")
    expect(neutraliseCell('Lydia')).toBe('Lydia')
    expect(neutraliseCell('a=b')).toBe('a=b')
    // After a separator a new cell starts, in a spreadsheet that splits there.
    expect(neutraliseCell(';=1+1')).toBe(";'=1+1")
    expect(neutraliseCell(',@SUM(1)')).toBe(",'@SUM(1)")
    expect(neutraliseCell('a;-2+3')).toBe("a;'-2+3")
    expect(neutraliseCell('a, +1')).toBe("a, '+1")
    expect(neutraliseCell('a;b, c-d')).toBe('a;b, c-d')
  })

  it('turns a typed id prefix into a key range', () => {
    expect(idPrefixRange('3f2a9c1b')).toEqual({
      low: '3f2a9c1b-0000-0000-0000-000000000000',
      high: '3f2a9c1b-ffff-ffff-ffff-ffffffffffff',
    })
    expect(idPrefixRange('lydia')).toBeNull()
    expect(idPrefixRange('abc')).toBeNull()
  })

  it('reads a typed order number', () => {
    expect(typedOrderNumber('emzosodm')).toBe('EMZOSODM')
    expect(typedOrderNumber('# EMZOSODM')).toBe('EMZOSODM')
    expect(typedOrderNumber('#')).toBeNull()
    expect(typedOrderNumber('cs_test_a1B2c3D4e5F6')).toBeNull()
  })
})

describe.each(DRIVERS)('admin orders past the count cap on %s', (driver) => {
  let database: TestDatabase
  let actors: Actors

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    const app = createTestApp(database).app as unknown as Hono<AppEnv>
    actors = await createActors(app, database, `orders-cap-${driver}`)
    const [product] = await database.db
      .insert(products)
      .values({ slug: 'cap-box', name: 'Cap Box', priceCents: 1000, sku: 'CAP-01' })
      .returning({ id: products.id })
    // One more than the cap, and three refunded among them.
    await database.db.execute(sql`
      insert into orders (email, product_id, amount_cents, status, provider, provider_session_id, created_at)
      select 'cap' || n || '@example.com', ${product!.id}::uuid, 1000,
        case when n <= 3 then 'refunded' else 'completed' end, 'test', 'cap_' || n,
        timestamptz '2026-01-01' + n * interval '1 minute'
      from generate_series(1, ${ORDER_COUNT_CAP + 1}) n`)
    await database.db.execute(sql`
      insert into order_items (order_id, product_id, product_name, quantity, unit_price_cents, line_total_cents)
      select id, product_id, 'Cap Box', 1, 1000, 1000 from orders`)
  }, 120_000)

  afterAll(async () => {
    await database?.destroy()
  })

  it('counts to 10 000 and says there are more; a narrower filter is counted exactly', async () => {
    const all = await actors.admin.json<List & { total_capped: boolean }>('/api/admin/orders')
    expect(all.status).toBe(200)
    expect(all.body).toMatchObject({ total: ORDER_COUNT_CAP, total_capped: true })
    expect(all.body.data).toHaveLength(25)
    // The last page past the cap is still there (keyset of the list is by offset).
    const last = await actors.admin.json<List>(`/api/admin/orders?page=${ORDER_COUNT_CAP / 25 + 1}`)
    expect(last.body.data.map((o) => o.customer_email)).toEqual(['cap1@example.com'])
    const refunded = await actors.admin.json<List & { total_capped: boolean }>(
      '/api/admin/orders?status=refunded',
    )
    expect(refunded.body).toMatchObject({ total: 3, total_capped: false })
    const searched = await actors.admin.json<List & { total_capped: boolean }>('/api/admin/orders?q=cap1000')
    expect(searched.body).toMatchObject({ total: 3, total_capped: false })
  })

  it('exports every order past the cap, each line once', async () => {
    const csv = await (await actors.admin.request('/api/admin/orders/export')).text()
    const lines = csv.trimEnd().split('\r\n')
    expect(lines).toHaveLength(ORDER_COUNT_CAP + 2)
    expect(new Set(lines).size).toBe(lines.length)
    expect(lines.filter((line) => line.includes('"1 × Cap Box"'))).toHaveLength(ORDER_COUNT_CAP + 1)
  })
})
