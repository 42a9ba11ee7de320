import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { TEST_ORIGIN } from '../../test/app'
import { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { LYDIA_ADDRESS } from '../../test/shipping'
import { useTestApp } from '../../test/use-test-app'

const SHIPPING = LYDIA_ADDRESS

describe.each(DRIVERS)('stock on %s', (driver) => {
  const setup = useTestApp(driver)

  const addBox = (slug: string, stock: number) =>
    queryRows(
      setup.database.db,
      sql`insert into products (slug, name, price_cents, status, stock) values (${slug}, ${`Box ${slug}`}, 2999, 'on_sale', ${stock})`,
    )
  const stockOf = async (slug: string) =>
    (
      await queryRows<{ stock: number }>(
        setup.database.db,
        sql`select stock from products where slug = ${slug}`,
      )
    )[0]!.stock

  async function checkout(slug: string, email: string) {
    return browser(setup.app).json<{ url?: string; error?: { code: string; message: string } }>(
      '/api/checkout',
      {
        body: {
          productSlug: slug,
          customerInfo: { email, ...SHIPPING },
          paymentMethod: 'card',
          collectShipping: true,
        },
      },
    )
  }
  const pay = (url: string) =>
    setup.app.request(`${new URL(url).pathname}/pay`, { method: 'POST', headers: { Origin: TEST_ORIGIN } })

  it('three buyers buy the three boxes; the fourth is told it is sold out before paying', async () => {
    await addBox('pilgrims-cipher', 3)
    for (const n of [1, 2, 3]) {
      const started = await checkout('pilgrims-cipher', `buyer${n}@example.com`)
      expect(started.status).toBe(200)
      expect((await pay(started.body.url!)).status).toBe(303)
    }
    expect(await stockOf('pilgrims-cipher')).toBe(0)
    const fourth = await checkout('pilgrims-cipher', 'buyer4@example.com')
    expect(fourth.status).toBe(409)
    expect(fourth.body.error).toEqual({
      code: 'sold_out',
      message:
        'Sorry, Box pilgrims-cipher is sold out. Nothing was charged. Ask on its page to be told when it is back.',
    })
    const view = (await (await setup.app.request('/api/products/pilgrims-cipher')).json()) as {
      data: { availability: string }
    }
    expect(view.data.availability).toBe('sold_out')
    const orders = await queryRows<{ n: number }>(
      setup.database.db,
      sql`select count(*)::int as n from orders where email = 'buyer4@example.com'`,
    )
    expect(orders[0]!.n).toBe(0)
  })

  it('50 payments at once for 10 boxes: 10 orders complete, 40 are refunded with a mail saying why, stock 0', async () => {
    await addBox('last-ten', 10)
    const started = await Promise.all(
      Array.from({ length: 50 }, (_, n) => checkout('last-ten', `racer${n}@example.com`)),
    )
    expect(started.map((s) => s.status)).toEqual(Array(50).fill(200))
    const paid = await Promise.all(started.map((s) => pay(s.body.url!)))
    expect(paid.map((r) => r.status)).toEqual(Array(50).fill(303))

    expect(await stockOf('last-ten')).toBe(0)
    const byStatus = await queryRows<{ status: string; n: number }>(
      setup.database.db,
      sql`select o.status, count(*)::int as n from orders o join products p on p.id = o.product_id
          where p.slug = 'last-ten' group by o.status order by o.status`,
    )
    expect(byStatus).toEqual([
      { status: 'completed', n: 10 },
      { status: 'refunded', n: 40 },
    ])
    const mails = await queryRows<{ to: string; subject: string; text: string }>(
      setup.database.db,
      sql`select "to", subject, text from mail_outbox where subject like 'Sorry:%' and "to" like 'racer%'`,
    )
    expect(mails).toHaveLength(40)
    expect(mails[0]!.subject).toBe('Sorry: Box last-ten sold out while you paid')
    // The whole order comes back: the $29.99 box and its $5.99 US shipping (under $35, decision 052).
    expect(mails[0]!.text).toContain('refunded the full $35.98')
    const refunded = await queryRows<{ email: string }>(
      setup.database.db,
      sql`select email from orders where status = 'refunded' and email like 'racer%'`,
    )
    expect(new Set(mails.map((m) => m.to))).toEqual(new Set(refunded.map((r) => r.email)))
    const confirmations = await queryRows<{ n: number }>(
      setup.database.db,
      sql`select count(*)::int as n from mail_outbox where "to" like 'racer%' and subject not like 'Sorry:%'`,
    )
    expect(confirmations[0]!.n).toBe(10)

    // Paying again changes nothing: each order moved exactly once.
    await Promise.all(started.slice(0, 10).map((s) => pay(s.body.url!)))
    expect(await stockOf('last-ten')).toBe(0)
    const mailsAfter = await queryRows<{ n: number }>(
      setup.database.db,
      sql`select count(*)::int as n from mail_outbox where "to" like 'racer%'`,
    )
    expect(mailsAfter[0]!.n).toBe(50)
  }, 180_000)

  it('a product whose stock is not counted is never sold out by buying', async () => {
    await queryRows(
      setup.database.db,
      sql`insert into products (slug, name, price_cents, status) values ('uncounted', 'Uncounted', 1500, 'on_sale')`,
    )
    const started = await checkout('uncounted', 'free@example.com')
    expect((await pay(started.body.url!)).status).toBe(303)
    expect(await stockOf('uncounted')).toBeNull()
  })
})
