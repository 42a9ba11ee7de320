import { describe, expect, it } from 'vitest'
import { matchRoute, REMOTE_NAMES, ROUTES, routesOf } from '.'

describe('matchRoute', () => {
  it.each([
    ['/', 'storefront', '/'],
    ['/checkout', 'storefront', '/checkout'],
    ['/checkout/scroll-of-antioch', 'storefront', '/checkout/:productSlug'],
    ['/experiences/pilgrims-cipher', 'storefront', '/experiences/:productSlug'],
    ['/resources', 'resources-app', '/resources'],
    ['/resources/item/noah', 'resources-app', '/resources/item/:slug'],
    ['/resources/teaching-resources', 'resources-app', '/resources/:categorySlug'],
    ['/kids-activities-colouring/bible-verses', 'resources-app', '/kids-activities-colouring/bible-verses'],
    ['/puzzle/scroll-of-antioch', 'puzzle-app', '/puzzle/:productSlug'],
    ['/admin/resources/new', 'admin-app', '/admin/resources/new'],
    ['/admin/resources/abc/edit', 'admin-app', '/admin/resources/:id/edit'],
    ['/about/', 'storefront', '/about'],
  ])('%s belongs to %s', (pathname, remote, path) => {
    const match = matchRoute(pathname)
    expect(match?.route.remote).toBe(remote)
    expect(match?.route.path).toBe(path)
  })

  it('prefers a static segment over a parameter', () => {
    expect(matchRoute('/admin/orders')?.route.path).toBe('/admin/orders')
    expect(matchRoute('/resources/item')?.route.path).toBe('/resources/:categorySlug')
  })

  it('decodes parameters and tolerates bad escapes', () => {
    expect(matchRoute('/resources/item/a%20b')?.params).toEqual({ slug: 'a b' })
    expect(matchRoute('/resources/item/%E0%A4%A')?.params).toEqual({ slug: '%E0%A4%A' })
  })

  it('returns null for paths nobody owns', () => {
    expect(matchRoute('/nope')).toBeNull()
    expect(matchRoute('/kids-activities-colouring/unknown')).toBeNull()
    expect(matchRoute('/checkout/a/b')).toBeNull()
    expect(matchRoute('/auth')).toBeNull()
  })

  it('gives every remote at least one route and guards puzzle and admin paths', () => {
    for (const name of REMOTE_NAMES) expect(routesOf(name).length).toBeGreaterThan(0)
    const guarded = ROUTES.filter((r) => r.access !== 'public').map((r) => r.path)
    expect(guarded).toContain('/puzzle/:productSlug')
    expect(guarded).not.toContain('/puzzle-portal/:productSlug') // a visitor with a box's code plays too
    // Every admin page is guarded (a count here broke each time a page was added).
    const admin = ROUTES.filter((r) => r.path.startsWith('/admin')).map((r) => r.path)
    expect(admin.length).toBeGreaterThan(0)
    expect(guarded.filter((p) => p.startsWith('/admin'))).toEqual(admin)
  })
})
