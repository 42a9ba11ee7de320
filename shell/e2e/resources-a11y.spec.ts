import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, requireSeed, test } from './fixtures'

// axe walks the whole page several times per test: on a loaded machine that alone can take
// longer than the default 30 s, which is a slow machine, not an accessibility failure.
test.describe.configure({ timeout: 90_000 })

/*
 * axe on every screen and state of the resource library, at phone and desktop widths:
 * no serious or critical violations in the library's own area (its dialogs and menus
 * portal inside it). The shell's chrome is scanned by the shell's own tests. Screens that
 * need the seeded library skip, saying so, when it is absent; the not-found and empty
 * states never need it.
 */

async function firstListed(request: APIRequestContext) {
  const response = await request.get('/api/resources?page=1&page_size=100')
  const { data } = (await response.json()) as { data: { slug: string; thumb_url: string | null }[] }
  return data.find((r) => r.thumb_url) ?? data[0] ?? null
}

async function galleryFirst(request: APIRequestContext) {
  const response = await request.get('/api/resources/galleries/noahs-ark')
  const { data } = (await response.json()) as { data: { title: string }[] }
  return data[0] ?? null
}

async function expectNoSeriousViolations(page: Page, what: string, { disableRules = [] as string[] } = {}) {
  const results = await new AxeBuilder({ page })
    .include('main [data-remote="resources-app"]')
    .disableRules(disableRules)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const report = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  )
  expect(report, `${what}: serious or critical axe violations`).toEqual([])
}

/** Chromium reports a 404 answer as a console error; for a not-found screen it is the point. */
function allowNotFoundResponses(pageErrors: string[]) {
  for (let i = pageErrors.length - 1; i >= 0; i--) {
    if (/status of 404/.test(pageErrors[i] ?? '')) pageErrors.splice(i, 1)
  }
}

const heading = (page: Page) => page.locator('main [data-remote="resources-app"] h1')

for (const [label, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test.describe(`resource library, ${label}`, () => {
    test.use({ viewport })

    test('home, search results and a search with no results', async ({ page, request, pageErrors }) => {
      requireSeed(await firstListed(request), 'a published resource')
      await page.goto('/resources')
      await expect(
        page.getByRole('region', { name: 'Browse by Category' }).getByRole('link').first(),
      ).toBeVisible()
      await expectNoSeriousViolations(page, '/resources')
      await page.goto('/resources?q=the')
      await expect(page.getByRole('region', { name: /Results for/ }).getByRole('status')).toContainText(
        'found',
      )
      await expectNoSeriousViolations(page, '/resources?q=the')
      await page.goto('/resources?q=zzqxjv')
      await expect(page.getByText('No resources match your search.')).toBeVisible()
      await expectNoSeriousViolations(page, '/resources?q=zzqxjv')
      expect(pageErrors).toEqual([])
    })

    test('the colouring category, an age chosen, and no matches', async ({ page, request, pageErrors }) => {
      requireSeed(await firstListed(request), 'a published resource')
      await page.goto('/resources/kids-activities-colouring')
      await expect(page.getByRole('region', { name: 'Featured Coloring Collections' })).toBeVisible()
      await expectNoSeriousViolations(page, 'colouring category')
      // The age filter is the browser's own select, its list the browser's (not the page's):
      // what axe can check is the labelled control, with an age chosen.
      const filter = page.getByRole('combobox', { name: 'Filter by age' })
      await filter.selectOption({ index: 1 })
      await expect.poll(() => new URL(page.url()).searchParams.get('age')).not.toBeNull()
      await expect(page.getByRole('status').filter({ hasText: /match/ })).toBeVisible()
      await expectNoSeriousViolations(page, 'age filter chosen')
      await page.goto('/resources/kids-activities-colouring?q=zzqxjv')
      await expect(page.getByText('No resources match your current filters.')).toBeVisible()
      await expectNoSeriousViolations(page, 'category, no matches')
      expect(pageErrors).toEqual([])
    })

    test('resource detail and print view', async ({ page, request, pageErrors }) => {
      const resource = await firstListed(request)
      requireSeed(resource, 'a published resource')
      await page.goto(`/resources/item/${resource?.slug}`)
      await expect(page.getByRole('heading', { name: 'Download Files' })).toBeVisible()
      await expectNoSeriousViolations(page, 'resource detail')
      await page.goto(`/resources/print/${resource?.slug}`)
      await expect(page.getByRole('link', { name: 'Back to Resource' })).toBeVisible()
      await expectNoSeriousViolations(page, 'print view')
      expect(pageErrors).toEqual([])
    })

    test('a gallery and its dialog', async ({ page, request, pageErrors }) => {
      const item = await galleryFirst(request)
      requireSeed(item, 'a colouring gallery page')
      await page.goto('/kids-activities-colouring/noahs-ark-coloring-pages')
      const tile = page.getByRole('button', { name: item?.title, exact: true })
      await expect(tile).toBeVisible()
      await expectNoSeriousViolations(page, 'gallery')
      await tile.click()
      await expect(page.getByRole('dialog', { name: item?.title })).toBeVisible()
      await expectNoSeriousViolations(page, 'gallery dialog')
      expect(pageErrors).toEqual([])
    })

    test('not-found and empty states', async ({ page, pageErrors }) => {
      for (const path of [
        '/resources/no-such-category',
        '/resources/item/no-such-resource',
        '/resources/print/no-such-resource',
      ]) {
        await page.goto(path)
        await expect(heading(page)).toHaveText(/Not Found/)
        await expectNoSeriousViolations(page, path)
      }
      // The gallery's data would arrive in the server-rendered page; render it in the
      // browser so the mocked empty answer is what the page shows.
      await page.setExtraHTTPHeaders({ 'X-Lamplight-Render': 'browser' })
      await page.route('**/api/resources/galleries/faith-coloring', (route) =>
        route.fulfill({ json: { data: [] } }),
      )
      await page.goto('/kids-activities-colouring/faith-coloring-pages')
      await expect(page.getByText('No faith coloring pages found.')).toBeVisible()
      await expectNoSeriousViolations(page, 'empty gallery')
      allowNotFoundResponses(pageErrors)
      expect(pageErrors).toEqual([])
    })
  })
}
