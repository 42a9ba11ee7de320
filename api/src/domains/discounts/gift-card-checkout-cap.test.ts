import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { LYDIA_ADDRESS } from '../../test/shipping'
import { useTestApp } from '../../test/use-test-app'

/**
 * A gift card's checkout is a checkout (decision 053): a pending order and a provider session
 * nobody may pay. It counts in the unpaid checkouts an address may hold, with the box
 * checkouts: before, an anonymous script made 20 every 10 minutes (120 pending orders and
 * Stripe sessions an hour from one address, against the 10 of `POST /api/checkout`).
 */
describe.each(DRIVERS)('gift card checkouts and the unpaid-checkout cap on %s', (driver) => {
  const setup = useTestApp(driver)

  beforeAll(async () => {
    await setup.database.db.execute(
      sql`insert into products (slug, name, price_cents, stock) values ('cap-box', 'The Cap Box', 2999, 100)`,
    )
  })

  const buy = (client: ReturnType<typeof browser>, buyerEmail = 'mallory@example.com') =>
    client.json<{ url?: string; error?: { code: string } }>('/api/gift-cards/checkout', {
      body: { amountCents: 2500, recipientEmail: 'friend@example.com', giverName: 'Mallory', buyerEmail },
    })
  const pendingOf = async (buyerEmail: string) => {
    const [row] = await queryRows<{ n: number }>(
      setup.database.db,
      sql`select count(*)::int as n from orders where status = 'pending' and email = ${buyerEmail}`,
    )
    return row!.n
  }

  it('refuses the 11th unpaid gift card checkout from one address with 429, and counts them with box checkouts', async () => {
    const client = browser(setup.app)
    for (let i = 0; i < 10; i++) expect((await buy(client)).status).toBe(200)
    const refused = await buy(client)
    expect(refused.status).toBe(429)
    expect(refused.body.error?.code).toBe('rate_limited')
    expect(await pendingOf('mallory@example.com')).toBe(10)
    // The same address's box checkout finds it full too.
    const box = await client.json<{ error?: { code: string } }>('/api/checkout', {
      body: { productSlug: 'cap-box', customerInfo: { email: 'm@example.com', ...LYDIA_ADDRESS } },
    })
    expect(box.status).toBe(429)
    // Another address is not held back.
    expect((await buy(browser(setup.app))).status).toBe(200)
  })

  it('lets 20 parallel gift card checkouts from one address leave exactly 10 unpaid', async () => {
    const client = browser(setup.app)
    const results = await Promise.all(Array.from({ length: 20 }, () => buy(client, 'racer@example.com')))
    expect(results.filter((r) => r.status === 200)).toHaveLength(10)
    for (const r of results.filter((r) => r.status !== 200)) expect(r.status).toBe(429)
    expect(await pendingOf('racer@example.com')).toBe(10)
  })
})
