import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/use-test-app'
import { apiRouters } from '..'

describe('the API documentation', () => {
  const setup = useTestApp('pglite')

  it('documents every route the app declares, with its access, in OpenAPI 3.1', async () => {
    const res = await setup.app.request('/api/openapi.json')
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

  it('types timestamps, says who may call each operation and documents every refusal', async () => {
    const doc = await (await setup.app.request('/api/openapi.json')).json()
    // A Date in a contract is a date-time string in JSON, not an empty schema.
    const order = doc.paths['/admin/orders/{id}'].get.responses['200'].content['application/json'].schema
    const createdAt = JSON.stringify(order).match(/"created_at":(\{[^}]*\})/)?.[1]
    expect(createdAt && JSON.parse(createdAt)).toEqual({ type: 'string', format: 'date-time' })
    // Public operations declare an empty security requirement; others the session.
    expect(doc.paths['/resources'].get.security).toEqual([])
    expect(doc.paths['/admin/orders/{id}'].get.security).toEqual([{ session: [] }])
    // A rate-limited route documents its 429 with Retry-After (the limiter tells the router).
    const contact = doc.paths['/contact'].post.responses
    expect(contact['429'].headers['Retry-After'].schema).toEqual({ type: 'integer' })
    expect(contact['413'].description).toMatch(/larger than \d+ bytes/)
    // A declared conflict, and the database being away, which any operation can meet.
    expect(doc.paths['/checkout'].post.responses['409'].description).toMatch(/Sold out/)
    expect(doc.paths['/checkout'].post.responses['422']).toBeDefined()
    for (const methods of Object.values(doc.paths as Record<string, Record<string, { responses: object }>>)) {
      for (const op of Object.values(methods)) expect(Object.keys(op.responses)).toContain('503')
    }
    expect(doc.paths['/health'].get.responses['429']).toBeUndefined()
    // Every tag an operation names is described.
    const tags = new Set(doc.tags.map((t: { name: string }) => t.name))
    expect(tags).toContain('admin/orders')
    expect(doc.paths['/admin/orders/{id}'].get.tags).toEqual(['admin/orders'])
  })

  it('serves a readable reference page at /api/docs', async () => {
    const res = await setup.app.request('/api/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    const html = await res.text()
    expect(html).toContain('<code>/api/resources/item/{slug}</code>')
    expect(html).not.toContain('<script')
    // Sections per tag, and tables, not JSON dumps.
    expect(html).toContain('<section id="admin/orders"><h2>admin/orders</h2>')
    expect(html).toContain('<th>Parameter</th>')
    expect(html).toMatch(/<td><code>email<\/code><\/td><td>string<\/td><td>yes<\/td>/)
    expect(html).not.toContain('&quot;responses&quot;')
  })
})
