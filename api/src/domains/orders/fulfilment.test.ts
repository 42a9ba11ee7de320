import { inflateSync } from 'node:zlib'
import { orderNumber } from '@lamplight/contracts'
import { and, eq, inArray } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, mailOutbox, orderItems, orders, products, shipments } from '../../db/schema'
import { TEST_ORIGIN } from '../../test/app'
import { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { useTestAppWithActors } from '../../test/use-test-app'
import { readStatusToken, signStatusToken } from './order-status'

type Line = { product_id: string; product_title: string; quantity: number; remaining: number }
type Entry = {
  order_id: string
  order_number: string
  customer_email: string
  fulfilment_status: string
  shipping_address: { country?: string } | null
  lines: Line[]
}
type Queue = { data: Entry[]; total: number }
type ShipResult = { order_id: string; order_number: string | null; result: string; message: string | null }

const DAY = 24 * 60 * 60 * 1000
const BASE = Date.parse('2026-04-01T12:00:00Z')

/** The text a pdf-lib page draws: its content streams inflated, each `<hex> Tj` decoded. */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1')
  const texts: string[] = []
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1')
    } catch {
      content = match[1]!
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      texts.push(Buffer.from(hex[1]!, 'hex').toString('latin1'))
  }
  return texts.join('\n')
}

describe.each(DRIVERS)('fulfilment on %s', (driver) => {
  const setup = useTestAppWithActors(driver, `fulfil-${driver}`)
  const product = { scroll: '', ark: '' }
  let seq = 0

  /** A paid order as checkout makes it: its lines, its address, a test session. */
  async function order(
    options: {
      lines?: [keyof typeof product, number][]
      country?: string
      status?: 'paid' | 'completed' | 'pending' | 'refunded'
      provider?: 'test' | 'admin'
      daysAgo?: number
      userId?: string | null
    } = {},
  ) {
    seq += 1
    const lines = options.lines ?? [['scroll', 1]]
    const email = `buyer${seq}-${driver}@example.com`
    const [row] = await setup.database.db
      .insert(orders)
      .values({
        email,
        customerName: 'Lydia',
        userId: options.userId ?? null,
        productId: product[lines[0]![0]],
        amountCents: lines.reduce((sum, [, q]) => sum + q * 4999, 0),
        status: options.status ?? 'paid',
        provider: options.provider ?? 'test',
        providerSessionId: options.provider === 'admin' ? null : `test_fulfil_${driver}_${seq}`,
        createdAt: new Date(BASE + seq * 60_000 - (options.daysAgo ?? 0) * DAY),
        shippingAddress: {
          firstName: 'Lydia',
          lastName: 'Purple',
          address: '1 Market St',
          city: 'Thyatira',
          state: options.country === 'CA' ? 'ON' : 'CA',
          zipCode: options.country === 'CA' ? 'K1A 0B1' : '90001',
          country: options.country ?? 'US',
        },
      })
      .returning({ id: orders.id, sessionId: orders.providerSessionId })
    await setup.database.db.insert(orderItems).values(
      lines.map(([key, quantity], position) => ({
        orderId: row!.id,
        productId: product[key],
        position,
        productName: key === 'scroll' ? 'The Scroll of Antioch' : "Noah's Ark",
        quantity,
        unitPriceCents: 4999,
        lineTotalCents: 4999 * quantity,
      })),
    )
    return { id: row!.id, email, number: orderNumber(row!.sessionId, row!.id) }
  }

  const queue = async (query = '') => setup.actors.admin.json<Queue>(`/api/admin/fulfilment${query}`)
  const shipMany = (body: unknown) =>
    setup.actors.admin.json<{ data: ShipResult[] }>('/api/admin/fulfilment/ship', { method: 'POST', body })
  const mailsTo = (email: string) =>
    setup.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))

  beforeAll(async () => {
    const rows = await setup.database.db
      .insert(products)
      .values([
        { slug: 'scroll-of-antioch', name: 'The Scroll of Antioch', priceCents: 4999, sku: 'SCROLL-01' },
        { slug: 'noahs-ark', name: "Noah's Ark", priceCents: 4999, sku: 'ARK-01' },
      ])
      .returning({ id: products.id })
    product.scroll = rows[0]!.id
    product.ark = rows[1]!.id
  })

  it('answers 401 to a visitor and 403 to a customer or an editor on every fulfilment endpoint', async () => {
    const { id } = await order()
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/fulfilment'],
      [
        'POST',
        '/api/admin/fulfilment/ship',
        { orders: [{ order_id: id, carrier: 'USPS', tracking_number: '1' }] },
      ],
      ['GET', `/api/admin/fulfilment/pick-list?ids=${id}`],
      ['GET', `/api/admin/fulfilment/packing-slips?ids=${id}`],
      ['GET', `/api/admin/fulfilment/labels?ids=${id}`],
      ['POST', `/api/admin/orders/${id}/deliver`, {}],
    ]
    for (const [method, path, body] of calls) {
      expect((await setup.actors.anonymous.request(path, { method, body })).status, path).toBe(401)
      expect((await setup.actors.customer.request(path, { method, body })).status, path).toBe(403)
      expect((await setup.actors.editor.request(path, { method, body })).status, path).toBe(403)
    }
    // Nothing shipped by any of them.
    expect(await setup.database.db.select().from(shipments).where(eq(shipments.orderId, id))).toEqual([])
  })

  it('queues paid orders with something to ship, oldest first, with lines and address; filters by product, country and month', async () => {
    const older = await order({ lines: [['ark', 2]], daysAgo: 40, country: 'CA' })
    const newer = await order({
      lines: [
        ['scroll', 1],
        ['ark', 1],
      ],
    })
    const pending = await order({ status: 'pending' })
    const refunded = await order({ status: 'refunded' })
    const grant = await order({ provider: 'admin', status: 'completed' })
    const { body, status } = await queue('?page_size=100')
    expect(status).toBe(200)
    const ids = body.data.map((e) => e.order_id)
    expect(ids).toContain(older.id)
    expect(ids).toContain(newer.id)
    for (const absent of [pending, refunded, grant]) expect(ids).not.toContain(absent.id)
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id))
    expect(body.total).toBe(body.data.length)
    const entry = body.data.find((e) => e.order_id === newer.id)!
    expect(entry).toMatchObject({
      order_number: newer.number,
      fulfilment_status: 'unfulfilled',
      shipping_address: { country: 'US', city: 'Thyatira' },
      lines: [
        { product_title: 'The Scroll of Antioch', quantity: 1, remaining: 1 },
        { product_title: "Noah's Ark", quantity: 1, remaining: 1 },
      ],
    })

    const byCountry = await queue('?country=ca')
    expect(byCountry.body.data.map((e) => e.order_id)).toEqual([older.id])
    const byProduct = await queue(`?product_id=${product.ark}&page_size=100`)
    expect(byProduct.body.data.map((e) => e.order_id)).toEqual([older.id, newer.id])
    const month = new Date(BASE - 40 * DAY).toISOString().slice(0, 7)
    const byMonth = await queue(`?month=${month}`)
    expect(byMonth.body.data.map((e) => e.order_id)).toEqual([older.id])

    for (const bad of ['?country=USA', '?month=2026-13', '?product_id=nope', '?page=0']) {
      const res = await setup.actors.admin.json<{ error: { fields?: Record<string, string> } }>(
        `/api/admin/fulfilment${bad}`,
      )
      expect(res.status, bad).toBe(400)
    }
  })

  it('ships three orders at once with USPS: each buyer mailed once with the number and a working tracking link; audited; out of the queue', async () => {
    const three = [
      await order(),
      await order({ lines: [['ark', 3]] }),
      await order({ userId: setup.actors.ids.customer }),
    ]
    const tracking = ['9400111899223344556677', '9400111899223344556678', '9400 1118 9922 3344 5566 79']
    const res = await shipMany({
      orders: three.map((o, i) => ({ order_id: o.id, carrier: 'USPS', tracking_number: tracking[i] })),
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual(
      three.map((o) => ({ order_id: o.id, order_number: o.number, result: 'shipped', message: null })),
    )
    for (const [i, o] of three.entries()) {
      const mails = await mailsTo(o.email)
      expect(mails.map((m) => m.subject)).toEqual([`Your Lamplight Puzzle Co. order ${o.number} has shipped`])
      const link = `https://tools.usps.com/go/TrackConfirmAction?tLabels=${tracking[i]!.replace(/ /g, '')}`
      expect(mails[0]!.text).toContain(link)
      expect(mails[0]!.html).toContain(`href="${link}"`)
      expect(mails[0]!.text).toContain(`your order ${o.number} is on its way with USPS`)
      // A guest is sent to the status lookup, an account holder to the account.
      expect(mails[0]!.text).toContain(i === 2 ? `${TEST_ORIGIN}/account` : `${TEST_ORIGIN}/orders/lookup`)
    }
    expect((await mailsTo(three[1]!.email))[0]!.text).toContain('3 × Noah')
    const rows = await setup.database.db
      .select({ id: orders.id, fulfilment: orders.fulfilmentStatus, tracking: orders.trackingNumber })
      .from(orders)
      .where(
        inArray(
          orders.id,
          three.map((o) => o.id),
        ),
      )
    expect(rows.every((r) => r.fulfilment === 'shipped')).toBe(true)
    const audit = await setup.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.shipped'), eq(auditLog.entityId, three[0]!.id)))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      actorId: setup.actors.ids.admin,
      data: { carrier: 'USPS', trackingNumber: tracking[0] },
    })
    const queued = (await queue('?page_size=100')).body.data.map((e) => e.order_id)
    for (const o of three) expect(queued).not.toContain(o.id)

    // The same request again (a retry): nothing new, no mail; a different number is refused.
    const again = await shipMany({
      orders: [
        { order_id: three[0]!.id, carrier: 'USPS', tracking_number: tracking[0] },
        { order_id: three[1]!.id, carrier: 'USPS', tracking_number: 'OTHER1' },
        { order_id: '00000000-0000-4000-8000-000000000000', carrier: 'USPS', tracking_number: 'X' },
      ],
    })
    expect(again.body.data.map((r) => r.result)).toEqual(['unchanged', 'refused', 'not_found'])
    expect(again.body.data[1]!.message).toBe('Everything in this order has shipped already.')
    expect(await mailsTo(three[0]!.email)).toHaveLength(1)
    expect(await mailsTo(three[1]!.email)).toHaveLength(1)
  })

  it('ships part of an order, then the rest; the detail shows both parcels; delivered once all arrived', async () => {
    const o = await order({
      lines: [
        ['scroll', 2],
        ['ark', 1],
      ],
    })
    const first = await setup.actors.admin.json<{
      data: { fulfilment_status: string; items: { shipped_quantity: number }[]; can_ship: boolean }
    }>(`/api/admin/orders/${o.id}/ship`, {
      method: 'POST',
      body: {
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        lines: [{ product_id: product.scroll, quantity: 1 }],
      },
    })
    expect(first.status).toBe(200)
    expect(first.body.data.fulfilment_status).toBe('partially_shipped')
    expect(first.body.data.items.map((i) => i.shipped_quantity)).toEqual([1, 0])
    expect(first.body.data.can_ship).toBe(true)
    const mail = (await mailsTo(o.email))[0]!
    expect(mail.text).toContain(`part of your order ${o.number} is on its way with UPS`)
    expect(mail.text).toContain("Still to come in another parcel: 1 × The Scroll of Antioch, 1 × Noah's Ark.")
    expect(mail.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784')
    // Still queued, with what is left.
    const entry = (await queue('?page_size=100')).body.data.find((e) => e.order_id === o.id)!
    expect(entry.lines.map((l) => l.remaining)).toEqual([1, 1])

    // More than is left, or a product not in the order: refused, nothing changes.
    for (const lines of [
      [{ product_id: product.scroll, quantity: 2 }],
      [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    ]) {
      const refused = await setup.actors.admin.json<{ error: { message: string } }>(
        `/api/admin/orders/${o.id}/ship`,
        {
          method: 'POST',
          body: { carrier: 'UPS', trackingNumber: 'X2', lines },
        },
      )
      expect(refused.status).toBe(409)
    }
    // Marking delivered before everything shipped leaves it partly shipped.
    const early = await setup.actors.admin.json<{ data: { fulfilment_status: string } }>(
      `/api/admin/orders/${o.id}/deliver`,
      { method: 'POST', body: {} },
    )
    expect(early.body.data.fulfilment_status).toBe('partially_shipped')

    const rest = await setup.actors.admin.json<{
      data: {
        fulfilment_status: string
        shipments: {
          carrier: string
          tracking_url: string | null
          lines: { quantity: number }[]
          delivered_at: string | null
        }[]
      }
    }>(`/api/admin/orders/${o.id}/ship`, {
      method: 'POST',
      body: { carrier: 'Canada Post', trackingNumber: 'CA123' },
    })
    expect(rest.body.data.fulfilment_status).toBe('shipped')
    expect(rest.body.data.shipments.map((s) => [s.carrier, s.lines.map((l) => l.quantity)])).toEqual([
      ['UPS', [1]],
      ['Canada Post', [1, 1]],
    ])
    expect(rest.body.data.shipments[1]!.tracking_url).toContain('canadapost')
    expect(await mailsTo(o.email)).toHaveLength(2)

    const delivered = await setup.actors.admin.json<{
      data: { fulfilment_status: string; can_deliver: boolean }
    }>(`/api/admin/orders/${o.id}/deliver`, { method: 'POST', body: {} })
    expect(delivered.body.data).toMatchObject({ fulfilment_status: 'delivered', can_deliver: false })
    const twice = await setup.actors.admin.request(`/api/admin/orders/${o.id}/deliver`, {
      method: 'POST',
      body: {},
    })
    expect(twice.status).toBe(409)
    // The admin list filters by it.
    const listed = await setup.actors.admin.json<{ data: { order_id: string; fulfilment_status: string }[] }>(
      `/api/admin/orders?fulfilment=delivered`,
    )
    expect(listed.body.data.map((r) => r.order_id)).toContain(o.id)
    expect(listed.body.data.every((r) => r.fulfilment_status === 'delivered')).toBe(true)
  })

  it('refuses a bad shipment with a message on the field, and changes nothing', async () => {
    const o = await order()
    for (const body of [
      { orders: [] },
      { orders: [{ order_id: o.id, carrier: 'DHL', tracking_number: '1' }] },
      { orders: [{ order_id: o.id, carrier: 'USPS', tracking_number: '<script>' }] },
      { orders: [{ order_id: o.id, carrier: 'USPS', tracking_number: '' }] },
      {
        orders: [
          { order_id: o.id, carrier: 'USPS', tracking_number: '1' },
          { order_id: o.id, carrier: 'USPS', tracking_number: '2' },
        ],
      },
    ]) {
      const res = await shipMany(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    expect(await setup.database.db.select().from(shipments).where(eq(shipments.orderId, o.id))).toEqual([])
    expect(await mailsTo(o.email)).toEqual([])
  })

  it('ships an order exactly once when 50 requests ship it together (one shipment, one mail)', async () => {
    const o = await order({
      lines: [
        ['scroll', 1],
        ['ark', 2],
      ],
    })
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? setup.actors.admin.request(`/api/admin/orders/${o.id}/ship`, {
              method: 'POST',
              body: { carrier: 'USPS', trackingNumber: '9400100000000000000001' },
            })
          : shipMany({
              orders: [{ order_id: o.id, carrier: 'USPS', tracking_number: '9400100000000000000001' }],
            }),
      ),
    )
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(await setup.database.db.select().from(shipments).where(eq(shipments.orderId, o.id))).toHaveLength(
      1,
    )
    expect(await mailsTo(o.email)).toHaveLength(1)
    const audit = await setup.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.shipped'), eq(auditLog.entityId, o.id)))
    expect(audit).toHaveLength(1)
  })

  it('makes a pick list, packing slips (a page per order) and a label CSV for the selected orders', async () => {
    const a = await order({
      lines: [
        ['scroll', 2],
        ['ark', 1],
      ],
    })
    const b = await order({ lines: [['ark', 3]], country: 'CA' })
    const c = await order({ lines: [['scroll', 1]] })
    const ids = [a.id, b.id, c.id].join(',')
    const pick = await setup.actors.admin.json<{
      data: { product_title: string; product_sku: string; quantity: number }[]
    }>(`/api/admin/fulfilment/pick-list?ids=${ids}`)
    expect(pick.body.data).toEqual([
      { product_id: product.ark, product_title: "Noah's Ark", product_sku: 'ARK-01', quantity: 4 },
      {
        product_id: product.scroll,
        product_title: 'The Scroll of Antioch',
        product_sku: 'SCROLL-01',
        quantity: 3,
      },
    ])

    const slips = await setup.actors.admin.request(`/api/admin/fulfilment/packing-slips?ids=${ids}`)
    expect(slips.status).toBe(200)
    expect(slips.headers.get('content-type')).toBe('application/pdf')
    const bytes = new Uint8Array(await slips.arrayBuffer())
    const pdf = await PDFDocument.load(bytes)
    expect(pdf.getPageCount()).toBe(3)
    const text = pdfText(bytes)
    for (const o of [a, b, c]) expect(text).toContain(`Order ${o.number}`)
    expect(text).toContain("Noah's Ark")
    expect(text).toContain('K1A 0B1')

    const labels = await setup.actors.admin.request(`/api/admin/fulfilment/labels?ids=${ids}`)
    expect(labels.headers.get('content-type')).toContain('text/csv')
    const lines = (await labels.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'name,address_line_1,address_line_2,city,state,postal_code,country,weight_oz,order_number',
    )
    expect(lines[1]).toBe(`"Lydia Purple","1 Market St","","Thyatira","CA","90001","US",96,"${a.number}"`)
    expect(lines[2]).toBe(`"Lydia Purple","1 Market St","","Thyatira","ON","K1A 0B1","CA",96,"${b.number}"`)
    expect(lines).toHaveLength(4)

    for (const bad of ['', 'nope', `${a.id},x`]) {
      const res = await setup.actors.admin.request(`/api/admin/fulfilment/packing-slips?ids=${bad}`)
      expect(res.status, bad).toBe(400)
    }
  })

  it('finds an order by the start of its number, in any case', async () => {
    const o = await order()
    const find = async (q: string) =>
      (
        await setup.actors.admin.json<{ data: { order_id: string }[] }>(
          `/api/admin/orders?q=${encodeURIComponent(q)}`,
        )
      ).body.data.map((r) => r.order_id)
    expect(await find(o.number.slice(0, 4).toLowerCase())).toContain(o.id)
    expect(await find(o.number)).toEqual([o.id])
    expect(await find(`#${o.number.slice(0, 6)}`)).toContain(o.id)
    // LIKE's wildcards typed are text: "%" finds no order number.
    expect(await find('%')).not.toContain(o.id)
  })

  it('refunds one line of a two-line order: that amount, restocked, mailed, audited; then the rest; never more than was paid', async () => {
    await setup.database.db.update(products).set({ stock: 10 }).where(eq(products.id, product.ark))
    const o = await order({
      lines: [
        ['scroll', 1],
        ['ark', 2],
      ],
    })
    const refund = (body: unknown) =>
      setup.actors.admin.json<{
        data: { status: string; refunded_cents: number; items: { refunded_quantity: number }[] }
        error?: { message: string }
      }>(`/api/admin/orders/${o.id}/refund`, { method: 'POST', body })
    // 50 at once, each saying what it saw refunded (nothing): one refund, one mail, one stock movement.
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        refund({
          lines: [{ product_id: product.ark, quantity: 1 }],
          restock: true,
          expected_refunded_cents: 0,
        }),
      ),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true)
    const [stock] = await setup.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.ark))
    expect(stock!.stock).toBe(11)
    const detail = await setup.actors.admin.json<{
      data: { status: string; refunded_cents: number; items: { refunded_quantity: number }[] }
    }>(`/api/admin/orders/${o.id}`)
    expect(detail.body.data).toMatchObject({ status: 'paid', refunded_cents: 4999 })
    expect(detail.body.data.items.map((i) => i.refunded_quantity)).toEqual([0, 1])
    const mails = await mailsTo(o.email)
    expect(mails.map((m) => m.subject)).toEqual([`Your Lamplight Puzzle Co. order ${o.number} was refunded`])
    expect(mails[0]!.text).toContain(`We have refunded $49.99 of your order ${o.number} (1 × Noah's Ark).`)
    expect(mails[0]!.text).not.toContain('Access to the online puzzle')
    const audit = await setup.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refunded'), eq(auditLog.entityId, o.id)))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ data: { amountCents: 4999, restocked: true, seq: 1 } })

    // More than is left of a line, or than was paid: refused, nothing moves.
    expect((await refund({ lines: [{ product_id: product.ark, quantity: 2 }] })).status).toBe(409)
    const tooMuch = await refund({ amount_cents: 3 * 4999 })
    expect(tooMuch.status).toBe(409)
    expect(tooMuch.body.error?.message).toBe('At most $99.98 of this order can still be refunded.')
    expect((await refund({ amount_cents: -5 })).status).toBe(400)

    // The rest, without restocking: the order is refunded whole, its access ended.
    const rest = await refund({})
    expect(rest.status).toBe(200)
    expect(rest.body.data).toMatchObject({ status: 'refunded', refunded_cents: 3 * 4999 })
    const [after] = await setup.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.ark))
    expect(after!.stock).toBe(11)
    expect(await mailsTo(o.email)).toHaveLength(2)
    expect((await refund({})).status).toBe(409)
  })

  it('lets a guest see their order by email and number: one answer for every case, a mailed link that expires', async () => {
    const o = await order({
      lines: [
        ['scroll', 1],
        ['ark', 1],
      ],
    })
    await shipMany({
      orders: [{ order_id: o.id, carrier: 'USPS', tracking_number: '9400100000000000000099' }],
    })
    const before = (await mailsTo(o.email)).length
    const ask = (email: string, number: string, client = browser(setup.app)) =>
      client.json<{ message: string }>('/api/orders/lookup', {
        method: 'POST',
        body: { email, order_number: number },
      })
    const answers = [
      await ask(o.email.toUpperCase(), o.number.toLowerCase()),
      await ask('someone-else@example.com', o.number),
      await ask(o.email, 'NOSUCHNO'),
      await ask(o.email, o.number.slice(0, 5)),
    ]
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202])
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1)
    expect(answers[0]!.body.message).toMatch(/^If an order with this number was placed with this email/)
    const mails = (await mailsTo(o.email)).slice(before)
    expect(mails.map((m) => m.subject)).toEqual([`Your Lamplight Puzzle Co. order ${o.number}`])
    const link = mails[0]!.text.match(/http:\/\/localhost:3000\/orders\/status\?token=\S+/)?.[0]
    expect(link).toBeTruthy()
    const token = decodeURIComponent(new URL(link!).searchParams.get('token')!)

    const page = await browser(setup.app).json<{
      data: {
        order_number: string
        fulfilment_status: string
        lines: { product_title: string; quantity: number; shipped_quantity: number }[]
        shipping_address: { city: string }
        shipments: { carrier: string; tracking_url: string }[]
      }
    }>(`/api/orders/status?token=${encodeURIComponent(token)}`)
    expect(page.status).toBe(200)
    expect(page.body.data).toMatchObject({
      order_number: o.number,
      fulfilment_status: 'shipped',
      lines: [
        { product_title: 'The Scroll of Antioch', quantity: 1, shipped_quantity: 1 },
        { product_title: "Noah's Ark", quantity: 1, shipped_quantity: 1 },
      ],
      shipping_address: { city: 'Thyatira' },
      shipments: [
        {
          carrier: 'USPS',
          tracking_url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000099',
        },
      ],
    })

    // Altered, someone else's id under this signature, or expired: one clear 404.
    const [id, expires, signature] = token.split('.')
    const other = await order()
    const expired = await browser(setup.app).json<{ error: { message: string } }>(
      `/api/orders/status?token=${encodeURIComponent(`${id}.${Number(expires) - 4 * 24 * 3600}.${signature}`)}`,
    )
    for (const bad of [
      `${other.id}.${expires}.${signature}`,
      // One character changed (a signature that starts with x gets a y instead).
      `${id}.${expires}.${signature!.startsWith('x') ? 'y' : 'x'}${signature!.slice(1)}`,
      'nonsense',
    ]) {
      const res = await browser(setup.app).json<{ error: { message: string } }>(
        `/api/orders/status?token=${encodeURIComponent(bad)}`,
      )
      expect(res.status, bad).toBe(404)
      expect(res.body.error.message).toMatch(/^This link has expired or is not complete/)
    }
    expect(expired.status).toBe(404)
    // A token signed with another secret is not ours.
    const forged = signStatusToken('not-the-secret', o.id)
    expect(
      (await browser(setup.app).request(`/api/orders/status?token=${encodeURIComponent(forged)}`)).status,
    ).toBe(404)

    // Bad input: a message on the field, no mail.
    const bad = await ask('not an email', o.number)
    expect(bad.status).toBe(400)
    // Rate-limited per client: the 11th attempt in 15 minutes is refused.
    const client = browser(setup.app)
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push((await ask(`probe${i}@example.com`, 'ABCDEFGH', client)).status)
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})

describe('status links', () => {
  const id = '3f2a9c1b-0000-4000-8000-000000000001'
  it('work for 72 hours, then stop', () => {
    const now = Date.parse('2026-05-01T12:00:00Z')
    const token = signStatusToken('secret', id, now)
    expect(readStatusToken('secret', token, now + 71 * 3600_000)?.orderId).toBe(id)
    expect(readStatusToken('secret', token, now + 73 * 3600_000)).toBeNull()
    expect(readStatusToken('other', token, now)).toBeNull()
  })
})
