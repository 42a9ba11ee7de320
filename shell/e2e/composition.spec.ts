import { REMOTE_NAMES, ROUTES } from '@lamplight/routes'
import { examplePath, expect, signInAsAdmin, test } from './fixtures'

test.describe('every route renders inside the chrome, from the remote that owns it', () => {
  for (const route of ROUTES) {
    const path = examplePath(route.path)
    test(`${path} (${route.remote})`, async ({ page, pageErrors }) => {
      if (route.access !== 'public') await signInAsAdmin(page)
      await page.goto(path)
      // Located by element, not role: a page that opens a modal (checkout) rightly hides the
      // chrome from assistive technology while it is open, but the chrome is still there.
      await expect(page.locator('header').first()).toBeVisible()
      await expect(page.locator('nav[aria-label="Main"]')).toBeVisible()
      await expect(page.locator('footer').first()).toBeVisible()
      const area = page.locator(`main [data-remote="${route.remote}"]`)
      await expect(area.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page).toHaveTitle(/Lamplight Puzzle Co\./)
      expect(pageErrors).toEqual([])
    })
  }
})

test('React, the router, the query client and the session are each loaded once, from the shell', async ({
  page,
  pageErrors,
}) => {
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))

  // Visit one page of every remote in one session, navigating client-side.
  await signInAsAdmin(page)
  await page.goto('/')
  await expect(page.locator('main [data-remote="storefront"] h1')).toBeVisible()
  for (const path of ['/resources', '/puzzle-portal', '/admin']) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, path)
    await expect(page.locator('main h1')).toBeVisible()
  }
  await expect(page.locator('main [data-remote="admin-app"] h1')).toBeVisible()

  const shares = await page.evaluate(() => {
    const scopes = (
      window as unknown as {
        __FEDERATION__: {
          __SHARE__: Record<
            string,
            Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>
          >
        }
      }
    ).__FEDERATION__.__SHARE__
    const seen: Record<string, string[]> = {}
    for (const scope of Object.values(scopes)) {
      for (const packages of Object.values(scope)) {
        for (const [name, versions] of Object.entries(packages)) {
          for (const [version, info] of Object.entries(versions)) {
            if (!info.loaded) continue
            seen[name] = [...(seen[name] ?? []), `${version}@${info.from}`]
          }
        }
      }
    }
    return Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, [...new Set(v)]]))
  })
  for (const name of ['react', 'react-dom', 'react-router', '@tanstack/react-query', '@lamplight/session']) {
    expect(shares[name], name).toHaveLength(1)
    expect(shares[name]?.[0], name).toMatch(/@shell$/)
  }

  // No remote downloaded its own fallback copy of a shared singleton.
  for (const remote of REMOTE_NAMES) {
    const manifest = await (await page.request.get(`/apps/${remote}/mf-manifest.json`)).json()
    for (const shared of manifest.shared as { name: string; assets: { js: { sync: string[] } } }[]) {
      for (const asset of shared.assets.js.sync) {
        expect(requested, `${remote} fetched its own ${shared.name}`).not.toContain(
          `/apps/${remote}/${asset}`,
        )
      }
    }
  }
  expect(pageErrors).toEqual([])
})

test('unknown paths show the 404 page inside the chrome', async ({ page }) => {
  for (const path of ['/no-such-page', '/kids-activities-colouring/unicorns', '/checkout/a/b']) {
    const response = await page.goto(path)
    expect(response?.status(), `${path} answers 404`).toBe(404)
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
  }
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('main [data-remote="storefront"] h1')).toBeVisible()
})

test('robots.txt and sitemap.xml are at the root', async ({ request }) => {
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /admin')
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toContain('/resources/teaching-resources</loc>')
  expect((await request.get('/scroll-of-antioch')).status()).toBe(200)
})

test('the API lives under /api on the same port', async ({ request }) => {
  const health = await request.get('/api/health')
  expect(health.ok()).toBe(true)
  expect(await (await request.get('/api/ready')).json()).toMatchObject({ status: 'ready' })
  const missing = await request.get('/api/nope')
  expect(missing.status()).toBe(404)
  expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } })
})
