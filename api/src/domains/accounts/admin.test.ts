import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, orders, products, puzzleContent, user, userProgress } from '../../db/schema'
import { DRIVERS } from '../../test/database'
import { useTestAppWithActors } from '../../test/use-test-app'
import { setUserRole } from './service'

describe.each(DRIVERS)('admin dashboard on %s', (driver) => {
  const setup = useTestAppWithActors(driver, `dash-${driver}`)
  let scroll: string
  let psalms: string
  let stepId: string

  beforeAll(async () => {
    const rows = await setup.database.db
      .insert(products)
      .values([
        { slug: 'scroll-of-antioch', name: 'The Scroll of Antioch', priceCents: 4999 },
        { slug: 'mysteries-of-the-psalms', name: 'Mysteries of the Psalms', priceCents: 3199 },
      ])
      .returning({ id: products.id })
    scroll = rows[0]!.id
    psalms = rows[1]!.id
    const steps = await setup.database.db
      .insert(puzzleContent)
      .values([
        { productId: scroll, stepNumber: 1, title: 'The Gate', content: 'Find the gate', answer: 'damascus' },
        { productId: scroll, stepNumber: 2, title: 'The Road', content: 'Walk the road', answer: 'antioch' },
      ])
      .returning({ id: puzzleContent.id })
    stepId = steps[0]!.id
    await setup.database.db.insert(orders).values([
      {
        userId: setup.actors.ids.customer,
        email: 'c@x.test',
        productId: scroll,
        amountCents: 4999,
        status: 'completed',
        provider: 'test',
      },
      { email: 'guest@x.test', productId: psalms, amountCents: 3199, status: 'pending', provider: 'test' },
      {
        email: 'old@x.test',
        productId: psalms,
        amountCents: 3199,
        status: 'completed',
        provider: 'test',
        createdAt: new Date('2020-01-01T00:00:00Z'),
      },
    ])
    await setup.database.db.insert(userProgress).values([
      { userId: setup.actors.ids.customer, productId: scroll, currentStep: 2, completedSteps: [1] },
      {
        userId: setup.actors.ids.otherCustomer,
        productId: scroll,
        currentStep: 2,
        completedSteps: [1, 2],
        completedAt: new Date(),
      },
    ])
  })

  it('guards every dashboard endpoint: 401 visitor, 403 customer and editor', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/summary'],
      ['GET', '/api/admin/customers'],
      ['GET', '/api/admin/products'],
      ['POST', `/api/admin/customers/${setup.actors.ids.customer}/grant`, {}],
      ['GET', '/api/admin/puzzle-content'],
      [
        'PUT',
        `/api/admin/puzzle-content/${stepId}`,
        { title: 'x', content: 'x', hint: null, answer: 'x', unlock_message: null, is_active: true },
      ],
      ['GET', '/api/admin/progress'],
    ]
    for (const [method, path, body] of calls) {
      expect((await setup.actors.anonymous.request(path, { method, body })).status, path).toBe(401)
      expect((await setup.actors.customer.request(path, { method, body })).status, path).toBe(403)
      expect((await setup.actors.editor.request(path, { method, body })).status, path).toBe(403)
    }
  })

  it('counts the summary cards', async () => {
    const monthStart = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)
    const asked = new Date()
    const res = await setup.actors.admin.json<{ data: Record<string, number> }>('/api/admin/summary')
    expect(res.status).toBe(200)
    // This calendar month's (UTC) is the $49.99 order made in beforeAll: none when the month
    // turned since (the 2020 one never counts).
    const [made] = await setup.database.db
      .select({ at: orders.createdAt })
      .from(orders)
      .where(eq(orders.email, 'c@x.test'))
    expect(res.body.data).toEqual({
      customers: 4,
      completedOrders: 2,
      revenueThisMonthCents: made!.at.getTime() >= monthStart(asked) ? 4999 : 0,
      activePlayers: 1,
    })
  })

  it('pages and searches customers, with order counts, and never answers with a huge name', async () => {
    const all = await setup.actors.admin.json<{ data: { email: string; orders: number }[]; total: number }>(
      '/api/admin/customers?page_size=2',
    )
    expect(all.body, JSON.stringify(all.body)).toMatchObject({ total: 4 })
    expect(all.body.data).toHaveLength(2)
    const found = await setup.actors.admin.json<{ data: { email: string; orders: number }[]; total: number }>(
      '/api/admin/customers?q=Customer-DASH',
    )
    expect(found.body.data.map((c) => c.email).sort()).toEqual([
      `customer-dash-${driver}@matrix.test`,
      `othercustomer-dash-${driver}@matrix.test`,
    ])
    expect(found.body.data.find((c) => c.email.startsWith('customer'))?.orders).toBe(1)
    const none = await setup.actors.admin.json<{ data: unknown[]; total: number }>(
      '/api/admin/customers?q=%25%25',
    )
    expect(none.body).toEqual({ data: [], total: 0 })
    // A 2 MB name stays a 200-character cell in the list.
    await setup.database.db
      .update(user)
      .set({ name: 'N'.repeat(2_000_000) })
      .where(eq(user.id, setup.actors.ids.otherCustomer))
    const res = await setup.actors.admin.request('/api/admin/customers')
    expect(Number((await res.clone().text()).length)).toBeLessThan(5_000)
    expect(
      ((await res.json()) as { data: { full_name: string }[] }).data.some((c) => c.full_name.length === 200),
    ).toBe(true)
    expect((await setup.actors.admin.request('/api/admin/customers?page_size=101')).status).toBe(400)
  })

  it('grants access once: a completed order of 0 for the first puzzle product, audited', async () => {
    const path = `/api/admin/customers/${setup.actors.ids.editor}/grant`
    const first = await setup.actors.admin.json<{
      data: { order_id: string; product_id: string; created: boolean }
    }>(path, {
      method: 'POST',
      body: {},
    })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ product_id: scroll, created: true })
    const second = await setup.actors.admin.json<{ data: { order_id: string; created: boolean } }>(path, {
      method: 'POST',
      body: {},
    })
    expect(second.body.data).toEqual({
      order_id: first.body.data.order_id,
      product_id: scroll,
      created: false,
    })
    const [both] = await Promise.all([
      setup.actors.admin.json<{ data: { created: boolean } }>(path, {
        method: 'POST',
        body: { productId: psalms },
      }),
      setup.actors.admin.json<{ data: { created: boolean } }>(path, {
        method: 'POST',
        body: { productId: psalms },
      }),
    ])
    expect(both.status).toBe(200)
    const granted = await setup.database.db
      .select()
      .from(orders)
      .where(eq(orders.userId, setup.actors.ids.editor))
    expect(granted).toHaveLength(2)
    expect(
      granted.every((o) => o.amountCents === 0 && o.status === 'completed' && o.provider === 'admin'),
    ).toBe(true)
    const audit = await setup.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order.access_granted'))
    expect(audit).toHaveLength(2)
    expect(
      (await setup.actors.admin.request('/api/admin/customers/nobody/grant', { method: 'POST', body: {} }))
        .status,
    ).toBe(404)
    expect(
      (
        await setup.actors.admin.request(path, {
          method: 'POST',
          body: { productId: '00000000-0000-4000-8000-000000000000' },
        })
      ).status,
    ).toBe(404)
    expect(
      (await setup.actors.admin.request(path, { method: 'POST', body: { productId: 'nope' } })).status,
    ).toBe(400)
  })

  it('lists and edits puzzle content, with before and after in the audit log', async () => {
    const list = await setup.actors.admin.json<{
      data: { id: string; product_name: string; answer: string }[]
    }>('/api/admin/puzzle-content')
    expect(list.body.data.map((s) => s.product_name)).toEqual([
      'The Scroll of Antioch',
      'The Scroll of Antioch',
    ])
    const body = {
      title: ' The Damascus Gate ',
      content: 'Find the gate of the city',
      hint: '',
      answer: 'Damascus',
      unlock_message: 'The gate opens.',
      is_active: false,
    }
    const res = await setup.actors.admin.json<{ data: Record<string, unknown> }>(
      `/api/admin/puzzle-content/${stepId}`,
      {
        method: 'PUT',
        body,
      },
    )
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      title: 'The Damascus Gate',
      hint: null,
      answer: 'Damascus',
      is_active: false,
    })
    const [entry] = await setup.database.db.select().from(auditLog).where(eq(auditLog.entityId, stepId))
    expect(entry).toMatchObject({
      actorId: setup.actors.ids.admin,
      action: 'puzzle_content.updated',
      before: { title: 'The Gate', answer: 'damascus', is_active: true },
      after: { title: 'The Damascus Gate', answer: 'Damascus', is_active: false },
    })
    const empty = await setup.actors.admin.request(`/api/admin/puzzle-content/${stepId}`, {
      method: 'PUT',
      body: { ...body, title: '   ' },
    })
    expect(empty.status).toBe(400)
    const missing = await setup.actors.admin.request(
      '/api/admin/puzzle-content/00000000-0000-4000-8000-000000000000',
      {
        method: 'PUT',
        body,
      },
    )
    expect(missing.status).toBe(404)
  })

  it('lists progress newest activity first with customer and product', async () => {
    await setup.database.db.execute(
      sql`update user_progress set last_activity = now() - interval '1 day' where completed_at is null`,
    )
    const res = await setup.actors.admin.json<{
      data: { customer_email: string; completed_steps: number[]; completed_at: string | null }[]
      total: number
    }>('/api/admin/progress')
    expect(res.body.total).toBe(2)
    expect(res.body.data[0]?.completed_at).not.toBeNull()
    expect(res.body.data[1]).toMatchObject({
      customer_email: `customer-dash-${driver}@matrix.test`,
      completed_steps: [1],
    })
  })

  it('records role changes with before and after', async () => {
    const res = await setup.actors.admin.request(`/api/admin/users/${setup.actors.ids.otherCustomer}/role`, {
      method: 'PATCH',
      body: { role: 'editor' },
    })
    expect(res.status).toBe(200)
    const [entry] = await setup.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, setup.actors.ids.otherCustomer))
    expect(entry).toMatchObject({
      action: 'user.role_changed',
      before: { role: 'customer' },
      after: { role: 'editor' },
    })
  })

  it('records nothing when the role set is the one the user already has', async () => {
    const before = await setup.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, setup.actors.ids.customer))
    const res = await setup.actors.admin.request(`/api/admin/users/${setup.actors.ids.customer}/role`, {
      method: 'PATCH',
      body: { role: 'customer' },
    })
    expect(res.status).toBe(200)
    const after = await setup.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, setup.actors.ids.customer))
    expect(after).toHaveLength(before.length)
  })

  it('refuses an admin removing their own admin role, with a clear message', async () => {
    for (const role of ['customer', 'editor'] as const) {
      const res = await setup.actors.admin.json<{ error: { message: string } }>(
        `/api/admin/users/${setup.actors.ids.admin}/role`,
        { method: 'PATCH', body: { role } },
      )
      expect(res.status).toBe(409)
      expect(res.body.error.message).toBe('You cannot remove your own admin role.')
    }
    const [me] = await setup.database.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.id, setup.actors.ids.admin))
    expect(me?.role).toBe('admin')
  })

  it('never removes the last admin, even when two admins demote each other at once', async () => {
    const adminCount = async () =>
      (await setup.database.db.select({ id: user.id }).from(user).where(eq(user.role, 'admin'))).length
    expect(await adminCount()).toBe(1)
    // Past the route's own check (which refuses a self-demotion first): the query keeps the last admin.
    await expect(
      setUserRole(setup.database.db, setup.actors.ids.admin, setup.actors.ids.admin, 'customer'),
    ).rejects.toMatchObject({
      status: 409,
      message: `admin-dash-${driver}@matrix.test is the only admin. Make someone else an admin first.`,
    })
    expect(await adminCount()).toBe(1)

    // A second admin; then each demotes the other at the same moment: one of them stays.
    const second = setup.actors.otherCustomer
    const promote = await setup.actors.admin.request(
      `/api/admin/users/${setup.actors.ids.otherCustomer}/role`,
      {
        method: 'PATCH',
        body: { role: 'admin' },
      },
    )
    expect(promote.status).toBe(200)
    expect(await adminCount()).toBe(2)
    const results = await Promise.all([
      setup.actors.admin.request(`/api/admin/users/${setup.actors.ids.otherCustomer}/role`, {
        method: 'PATCH',
        body: { role: 'customer' },
      }),
      second.request(`/api/admin/users/${setup.actors.ids.admin}/role`, {
        method: 'PATCH',
        body: { role: 'customer' },
      }),
    ])
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    // The other is refused: no longer an admin (403), the last one (409), or already signed out
    // by the winner's demotion, which ends every session of the demoted (401).
    expect(statuses.every((status) => [200, 401, 403, 409].includes(status))).toBe(true)
    expect(await adminCount()).toBe(1)
    // Whoever is left an admin puts things back as they were for the tests that follow.
    const [left] = await setup.database.db.select({ id: user.id }).from(user).where(eq(user.role, 'admin'))
    if (left?.id !== setup.actors.ids.admin) {
      await setUserRole(setup.database.db, left!.id, setup.actors.ids.admin, 'admin')
      await setUserRole(setup.database.db, setup.actors.ids.admin, left!.id, 'customer')
    } else {
      await setUserRole(setup.database.db, setup.actors.ids.admin, setup.actors.ids.otherCustomer, 'customer')
    }
    expect(await adminCount()).toBe(1)
    // The demoted one's sessions ended: both sign in again for the tests that follow.
    for (const [client, name] of [
      [setup.actors.admin, 'admin'],
      [second, 'otherCustomer'],
    ] as const)
      expect(
        (await client.signIn(`${name.toLowerCase()}-dash-${driver}@matrix.test`, 'matrix-password-1')).status,
      ).toBe(200)
  })
})
