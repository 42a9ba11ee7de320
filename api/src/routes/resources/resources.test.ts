import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, resources } from '../../db/schema'
import { createTestApp } from '../../test/app'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'

describe.each(DRIVERS)('GET /api/resources/categories on %s', (driver) => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  beforeAll(async () => {
    database = await createTestDatabase(driver)
    app = createTestApp(database).app
    const [games, teaching] = await database.db
      .insert(categories)
      .values([
        { slug: 'games-puzzles', name: 'Games & Puzzles', description: 'Play' },
        { slug: 'teaching-resources', name: 'Teaching Resources', description: 'Teach' },
        { slug: 'seasonal-special', name: 'Seasonal & Special', description: 'Feasts' },
      ])
      .returning()
    await database.db.insert(resources).values([
      { slug: 'a', title: 'A', categoryId: games!.id, published: true },
      { slug: 'b', title: 'B', categoryId: games!.id, published: true },
      { slug: 'c', title: 'C', categoryId: games!.id, published: false },
      { slug: 'd', title: 'D', categoryId: teaching!.id, published: false },
    ])
  })
  afterAll(async () => {
    await database?.destroy()
  })

  it('lists categories by name with published counts only', async () => {
    const res = await app.request('/api/resources/categories')
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as { data: { slug: string; resourceCount: number }[] }
    expect(data.map((c) => [c.slug, c.resourceCount])).toEqual([
      ['games-puzzles', 2],
      ['seasonal-special', 0],
      ['teaching-resources', 0],
    ])
  })
})
