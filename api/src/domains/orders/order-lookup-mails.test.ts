import { orderNumber } from '@lamplight/contracts'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, orderItems, orders, products } from '../../db/schema'
import { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { useTestApp } from '../../test/use-test-app'

/**
 * The guest order lookup mails the order's own address, and only a few times an hour
 * (ORDER_STATUS_MAILS): anyone who holds a receipt's number and email (a forwarded mail, a
 * photo of a packing slip) could otherwise have the shop mail its owner a status link as often
 * as they like, 10 per 15 minutes from each of their addresses. The answer stays the same
 * either way, so it still tells nobody whether the order exists.
 */
describe.each(DRIVERS)('guest order lookup mails per recipient on %s', (driver) => {
  const setup = useTestApp(driver)
  // Per-recipient counts live an hour in Redis, shared by every run: an address of this run.
  const email = `lookup-${driver}-${Date.now()}@example.com`
  let number = ''

  beforeAll(async () => {
    const [product] = await setup.database.db
      .insert(products)
      .values({ slug: `lookup-box-${driver}`, name: 'The Lookup Box', priceCents: 2999 })
      .returning({ id: products.id })
    const [row] = await setup.database.db
      .insert(orders)
      .values({
        email,
        productId: product!.id,
        amountCents: 2999,
        status: 'paid',
        provider: 'test',
        providerSessionId: `test_lookup_${driver}_${Date.now()}`,
      })
      .returning({ id: orders.id, sessionId: orders.providerSessionId })
    await setup.database.db.insert(orderItems).values({
      orderId: row!.id,
      productId: product!.id,
      position: 0,
      productName: 'The Lookup Box',
      quantity: 1,
      unitPriceCents: 2999,
      lineTotalCents: 2999,
    })
    number = orderNumber(row!.sessionId, row!.id)
  })

  it('mails an order’s owner at most 5 status links an hour, however many addresses ask, with the same answer', async () => {
    const answers = []
    for (let i = 0; i < 12; i++)
      answers.push(
        await browser(setup.app).json<{ message: string }>('/api/orders/lookup', {
          body: { email, order_number: number },
        }),
      )
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 12 }, () => 202))
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1)
    const mails = await setup.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
    expect(mails).toHaveLength(5)
  })
})
