import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, contactMessages, fileAssets, prayerRequests, resources } from '../../db/schema'
import { insertTeachingResourcesCategory } from '../../test/catalog'
import { DRIVERS } from '../../test/database'
import { useTestAppWithActors } from '../../test/use-test-app'

describe.each(DRIVERS)('admin resources and messages on %s', (driver) => {
  const setup = useTestAppWithActors(driver, `res-${driver}`)
  let draftId: string
  let doomedId: string

  beforeAll(async () => {
    const categoryId = await insertTeachingResourcesCategory(setup.database)
    const rows = await setup.database.db
      .insert(resources)
      .values([
        {
          slug: 'creation-week',
          title: 'Creation Week',
          categoryId,
          published: false,
          createdAt: new Date('2026-01-02'),
        },
        {
          slug: 'noahs-journey',
          title: "Noah's Journey",
          categoryId,
          published: true,
          createdAt: new Date('2026-01-01'),
        },
      ])
      .returning({ id: resources.id })
    draftId = rows[0]!.id
    doomedId = rows[1]!.id
    await setup.storage.put('files/noah.pdf', new Uint8Array([37, 80, 68, 70]))
    await setup.database.db.insert(fileAssets).values({
      resourceId: doomedId,
      storageKey: 'files/noah.pdf',
      filename: 'noah.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 4,
    })
  })

  it('lets editors and admins manage resources, nobody else', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/admin/resources', undefined],
      ['PATCH', `/api/admin/resources/${draftId}/published`, { published: true }],
      ['DELETE', `/api/admin/resources/${draftId}`, undefined],
    ] as const) {
      expect((await setup.actors.anonymous.request(path, { method, body })).status).toBe(401)
      expect((await setup.actors.customer.request(path, { method, body })).status).toBe(403)
    }
    const list = await setup.actors.editor.json<{
      data: { title: string; published: boolean; category: { name: string } }[]
      total: number
    }>('/api/admin/resources')
    expect(list.status).toBe(200)
    expect(list.body.total).toBe(2)
    expect(list.body.data.map((r) => [r.title, r.published])).toEqual([
      ['Creation Week', false],
      ["Noah's Journey", true],
    ])
    expect(list.body.data[0]?.category.name).toBe('Teaching Resources')
    const found = await setup.actors.admin.json<{ total: number }>('/api/admin/resources?q=noah')
    expect(found.body.total).toBe(1)
  })

  it('publishes and unpublishes with an audit entry', async () => {
    const res = await setup.actors.editor.json<{ data: { published: boolean } }>(
      `/api/admin/resources/${draftId}/published`,
      {
        method: 'PATCH',
        body: { published: true },
      },
    )
    expect(res.status).toBe(200)
    expect(res.body.data.published).toBe(true)
    const [entry] = await setup.database.db.select().from(auditLog).where(eq(auditLog.entityId, draftId))
    expect(entry).toMatchObject({
      actorId: setup.actors.ids.editor,
      action: 'resource.published',
      before: { published: false },
      after: { published: true },
    })
    expect(
      (
        await setup.actors.admin.request(
          '/api/admin/resources/00000000-0000-4000-8000-000000000000/published',
          {
            method: 'PATCH',
            body: { published: true },
          },
        )
      ).status,
    ).toBe(404)
    expect(
      (
        await setup.actors.admin.request(`/api/admin/resources/${draftId}/published`, {
          method: 'PATCH',
          body: { published: 'yes' },
        })
      ).status,
    ).toBe(400)
  })

  it('deletes a resource with its files', async () => {
    const res = await setup.actors.admin.request(`/api/admin/resources/${doomedId}`, { method: 'DELETE' })
    expect(res.status).toBe(200)
    expect(await setup.database.db.select().from(resources).where(eq(resources.id, doomedId))).toEqual([])
    expect(await setup.storage.get('files/noah.pdf')).toBeNull()
    const [entry] = await setup.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'resource.deleted'))
    expect(entry).toMatchObject({
      entityId: doomedId,
      before: { title: "Noah's Journey", files: ['noah.pdf'] },
      after: null,
    })
    expect(
      (await setup.actors.admin.request(`/api/admin/resources/${doomedId}`, { method: 'DELETE' })).status,
    ).toBe(404)
  })

  it('marks messages handled, for admins only, and shows it in the inbox', async () => {
    const [message] = await setup.database.db
      .insert(contactMessages)
      .values({ name: 'Lydia', email: 'l@x.test', subject: 'Hi', message: 'Hello' })
      .returning({ id: contactMessages.id })
    const [prayer] = await setup.database.db
      .insert(prayerRequests)
      .values({ request: 'For rain' })
      .returning({ id: prayerRequests.id })
    const path = `/api/admin/messages/contact/${message!.id}`
    expect(
      (await setup.actors.anonymous.request(path, { method: 'PATCH', body: { handled: true } })).status,
    ).toBe(401)
    expect(
      (await setup.actors.editor.request(path, { method: 'PATCH', body: { handled: true } })).status,
    ).toBe(403)
    const res = await setup.actors.admin.json<{ data: { handled_at: string | null } }>(path, {
      method: 'PATCH',
      body: { handled: true },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.handled_at).toBeTruthy()
    const inbox = await setup.actors.admin.json<{ data: { id: string; handled_at: string | null }[] }>(
      '/api/admin/messages',
    )
    expect(inbox.body.data.find((m) => m.id === message!.id)?.handled_at).toBeTruthy()
    expect(inbox.body.data.find((m) => m.id === prayer!.id)?.handled_at).toBeNull()
    const undo = await setup.actors.admin.json<{ data: { handled_at: string | null } }>(path, {
      method: 'PATCH',
      body: { handled: false },
    })
    expect(undo.body.data.handled_at).toBeNull()
    expect(
      (
        await setup.actors.admin.request(`/api/admin/messages/prayer/${message!.id}`, {
          method: 'PATCH',
          body: { handled: true },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await setup.actors.admin.request(`/api/admin/messages/email/${message!.id}`, {
          method: 'PATCH',
          body: { handled: true },
        })
      ).status,
    ).toBe(400)
    const audit = await setup.database.db.select().from(auditLog).where(eq(auditLog.entityId, message!.id))
    expect(audit.map((a) => a.action).sort()).toEqual(['message.handled', 'message.reopened'])
  })
})
