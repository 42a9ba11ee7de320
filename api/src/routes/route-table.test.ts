import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/app'
import { createTestDatabase } from '../test/database'
import { apiRouters } from '.'

/** `/admin/orders/:id` as Hono registers it under /api. */
const key = (method: string, path: string) => `${method} /api${path}`

describe('the permission table', () => {
  it('declares every route the app registers under /api, and each exactly once', async () => {
    const database = await createTestDatabase('pglite')
    try {
      const { app } = createTestApp(database)
      const declared = apiRouters.flatMap((r) => r.routes.map((route) => key(route.method, route.path)))
      expect(new Set(declared).size).toBe(declared.length)
      const registered = new Set(
        app.routes
          .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
          .map((r) => `${r.method} ${r.path}`),
      )
      const undeclared = [...registered].filter((route) => !declared.includes(route))
      expect(undeclared).toEqual([])
      for (const route of declared) expect(registered).toContain(route)
    } finally {
      await database.destroy()
    }
  })

  it('gives every route an access rule and a summary', () => {
    for (const route of apiRouters.flatMap((r) => r.routes)) {
      expect(route.access, `${route.method} ${route.path}`).toBeTruthy()
      expect(route.summary.length, `${route.method} ${route.path}`).toBeGreaterThan(3)
    }
  })
})
