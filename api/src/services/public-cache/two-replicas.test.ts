import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, resources } from '../../db/schema'
import { type Actors, createActors } from '../../security/actors'
import { createTestApp } from '../../test/app'
import { browser } from '../../test/client'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'
import type { AppEnv } from '../../types'
import { createPublicCache, createRedisStore } from '.'

// Two app instances over one database and one Redis (CI sets REDIS_URL), as replicas run.
const url = process.env.REDIS_URL
describe.skipIf(!url)('public reads on two replicas sharing Redis', () => {
  let database: TestDatabase
  let one: Hono<AppEnv>
  let two: Hono<AppEnv>
  let editorOnOne: Actors['editor']
  let draftId: string
  const caches = [0, 1].map(() => createPublicCache(createRedisStore(url ?? '', 30_000)))

  beforeAll(async () => {
    database = await createTestDatabase(DRIVERS[0]!)
    one = createTestApp(database, {}, undefined, { publicCache: caches[0] }).app as unknown as Hono<AppEnv>
    two = createTestApp(database, {}, undefined, { publicCache: caches[1] }).app as unknown as Hono<AppEnv>
    await caches[0]!.invalidate()
    editorOnOne = (await createActors(one, database, 'replicas')).editor
    const [category] = await database.db
      .insert(categories)
      .values({ slug: 'replica-category', name: 'Replica Category' })
      .returning({ id: categories.id })
    const [draft] = await database.db
      .insert(resources)
      .values({ slug: 'replica-draft', title: 'Replica Draft', categoryId: category!.id, published: false })
      .returning({ id: resources.id })
    draftId = draft!.id
  }, 180_000)
  afterAll(async () => {
    await caches[0]!.invalidate()
    await Promise.all(caches.map((cache) => cache.close()))
    await database?.destroy()
  })

  const slugsOnTwo = async () => {
    const res = await browser(two).request('/api/resources?category=replica-category')
    return ((await res.json()) as { data: { slug: string }[] }).data.map((r) => r.slug)
  }
  async function onTwoWithin(check: (slugs: string[]) => boolean, ms: number): Promise<number> {
    const started = Date.now()
    while (!check(await slugsOnTwo())) {
      if (Date.now() - started > ms) throw new Error(`replica two did not show it within ${ms} ms`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return Date.now() - started
  }

  it('shows an editor’s publish and unpublish on the other replica within a second', async () => {
    // Replica two has the listing, in Redis and in its own copy.
    expect(await slugsOnTwo()).toEqual([])
    expect(await slugsOnTwo()).toEqual([])

    const publish = await editorOnOne.request(`/api/admin/resources/${draftId}/published`, {
      method: 'PATCH',
      body: { published: true },
    })
    expect(publish.status).toBe(200)
    expect(await onTwoWithin((slugs) => slugs.includes('replica-draft'), 1000)).toBeLessThan(1000)

    const unpublish = await editorOnOne.request(`/api/admin/resources/${draftId}/published`, {
      method: 'PATCH',
      body: { published: false },
    })
    expect(unpublish.status).toBe(200)
    expect(await onTwoWithin((slugs) => !slugs.includes('replica-draft'), 1000)).toBeLessThan(1000)
  })
})
