import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { signInListedAdmin } from '../../test/accounts'
import { TEST_ORIGIN } from '../../test/app'
import { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { useTestApp } from '../../test/use-test-app'

type ErrorBody = { error: { code: string; issues?: { path: string; message: string }[] } }

describe.each(DRIVERS)('"tell me when it is ready" on %s', (driver) => {
  const setup = useTestApp(driver, { ADMIN_EMAILS: 'owner@example.com' })
  let productId: string

  beforeAll(async () => {
    const [row] = await queryRows<{ id: string }>(
      setup.database.db,
      sql`insert into products (slug, name, price_cents, status, stock, category) values ('letters-to-the-lost', 'Letters to the Lost', 3499, 'coming_soon', 0, 'devotional') returning id`,
    )
    productId = row!.id
  })

  const mailsTo = (to: string) =>
    queryRows<{ subject: string; text: string }>(
      setup.database.db,
      sql`select subject, text from mail_outbox where "to" = ${to} order by created_at`,
    )
  const linkIn = (text: string) => new URL(/https?:\/\/\S+notify\S+/.exec(text)![0])
  const ask = (email: string, slug = 'letters-to-the-lost', client = browser(setup.app)) =>
    client.json<ErrorBody>(`/api/products/${slug}/notify`, { body: { email } })
  const post = (url: URL) =>
    setup.app.request(url.pathname + url.search, { method: 'POST', headers: { Origin: TEST_ORIGIN } })

  it('mails a confirmation link; opening it changes nothing, its button confirms', async () => {
    expect((await ask('Hopeful@Example.com')).status).toBe(202)
    const [mail] = await mailsTo('hopeful@example.com')
    expect(mail!.subject).toBe('Confirm: tell me when Letters to the Lost is ready')
    const link = linkIn(mail!.text)
    const page = await setup.app.request(link.pathname + link.search)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Yes, tell me')
    const [unconfirmed] = await queryRows<{ confirmed: boolean }>(
      setup.database.db,
      sql`select confirmed_at is not null as confirmed from product_watchers where email = 'hopeful@example.com'`,
    )
    expect(unconfirmed!.confirmed).toBe(false)
    const done = await post(link)
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('You’re on the list')
  })

  it('refuses a bad address on its field, an unknown product with 404, an on-sale one on the field', async () => {
    const bad = await ask('not an address')
    expect(bad.status).toBe(400)
    expect(bad.body.error.issues?.[0]?.path).toBe('email')
    expect((await ask('a@example.com', 'no-such-box')).status).toBe(404)
  })

  it('is rate-limited per client', async () => {
    const client = browser(setup.app)
    const statuses: number[] = []
    for (let i = 0; i < 7; i++)
      statuses.push((await ask(`spam${i}@example.com`, 'letters-to-the-lost', client)).status)
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202])
    expect(statuses.at(-1)).toBe(429)
  })

  it('on sale: each confirmed address is mailed once through the outbox; unconfirmed ones never; unsubscribe forgets', async () => {
    // A second confirmed watcher, who then unsubscribes with one POST.
    await ask('gone@example.com')
    await post(linkIn((await mailsTo('gone@example.com'))[0]!.text))
    const admin = await signInListedAdmin(setup.app, setup.database, 'owner@example.com')
    const body = {
      name: 'Letters to the Lost',
      slug: 'letters-to-the-lost',
      category: 'devotional',
      price_cents: 3499,
      status: 'on_sale',
      stock: 5,
    }
    // gone@ unsubscribes before the box opens, through the address a ready mail would carry.
    const [token] = await queryRows<{ token: string }>(
      setup.database.db,
      sql`select token from product_watchers where email = 'gone@example.com'`,
    )
    const unsubscribed = await setup.app.request(`/api/products/notify/unsubscribe?token=${token!.token}`, {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN },
    })
    expect(unsubscribed.status).toBe(200)

    expect((await admin.json(`/api/admin/products/${productId}`, { method: 'PUT', body })).status).toBe(200)
    const ready = (await mailsTo('hopeful@example.com')).filter((m) => m.subject.includes('ready to order'))
    expect(ready).toHaveLength(1)
    expect(ready[0]!.subject).toBe('Letters to the Lost is ready to order')
    expect(ready[0]!.text).toContain(`${TEST_ORIGIN}/experiences/letters-to-the-lost`)
    expect(ready[0]!.text).toContain('/api/products/notify/unsubscribe?token=')
    expect(
      (await mailsTo('gone@example.com')).filter((m) => m.subject.includes('ready to order')),
    ).toHaveLength(0)
    expect(
      (await mailsTo('spam0@example.com')).filter((m) => m.subject.includes('ready to order')),
    ).toHaveLength(0)

    // Sold out and back again, edited again: never a second mail.
    await admin.json(`/api/admin/products/${productId}`, { method: 'PUT', body: { ...body, stock: 0 } })
    await admin.json(`/api/admin/products/${productId}`, { method: 'PUT', body: { ...body, stock: 2 } })
    expect(
      (await mailsTo('hopeful@example.com')).filter((m) => m.subject.includes('ready to order')),
    ).toHaveLength(1)
  })
})
