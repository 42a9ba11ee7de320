import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/app'
import { createTestDatabase, type TestDatabase } from '../../test/database'
import { apiRouters } from '..'

describe('the API documentation', () => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    app = createTestApp(database).app
  }, 60_000)
  afterAll(() => database.destroy())

  it('documents every route the app declares, with its access, in OpenAPI 3.1', async () => {
    const res = await app.request('/api/openapi.json')
    expect(res.status).toBe(200)
    const doc = await res.json()
    expect(doc.openapi).toBe('3.1.0')
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    )
    const declared = apiRouters.flatMap((r) =>
      r.routes.map(
        (route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{action}')}`,
      ),
    )
    expect(declared.length).toBeGreaterThan(10)
    for (const route of declared) expect(documented, route).toContain(route)
    expect(documented.size).toBe(declared.length)
    const listing = doc.paths['/resources'].get
    expect(listing['x-access']).toBe('public')
    expect(listing.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['category', 'q', 'age', 'page', 'page_size']),
    )
    expect(doc.paths['/admin/users/{id}/role'].patch.security).toEqual([{ session: [] }])
    expect(doc.paths['/contact'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'email', 'subject', 'message']),
    )
  })

  it('serves a readable reference page at /api/docs', async () => {
    const res = await app.request('/api/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    const html = await res.text()
    expect(html).toContain('<code>/api/resources/item/{slug}</code>')
    expect(html).not.toContain('<script')
  })
})
