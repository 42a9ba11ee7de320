import { expect, test } from './fixtures'

// Public pages arrive rendered (docs/decisions/016): readable without JavaScript, then
// hydrated by the browser with no mismatch.

const PAGES = [
  { path: '/', heading: /./, title: /Lamplight Puzzle Co\./ },
  { path: '/about', heading: 'About Us', title: 'About Us | Lamplight Puzzle Co.' },
  { path: '/resources', heading: 'Free Resources', title: /Resources \| Lamplight Puzzle Co\./ },
  { path: '/scroll-of-antioch', heading: /Scroll of Antioch/, title: /Scroll of Antioch/ },
  { path: '/auth', heading: /./, title: /Lamplight Puzzle Co\./ },
]

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const { path, heading, title } of PAGES) {
    test(`${path} shows its content and title`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(page).toHaveTitle(title)
      // One title, in the head (React hoists the page's metadata there).
      expect(await page.evaluate(() => document.querySelectorAll('title').length)).toBe(1)
      expect(await page.evaluate(() => document.head.querySelectorAll('title').length)).toBe(1)
      await expect(page.getByRole('banner')).toBeVisible()
      await expect(page.getByRole('contentinfo')).toBeVisible()
      await expect(page.locator('main h1').first()).toHaveText(heading)
      // The remote's area is in the HTML, not its loading placeholder.
      await expect(page.locator('main [data-remote-loading]')).toHaveCount(0)
    })
  }

  test('a path no route owns answers 404 with the 404 page', async ({ page }) => {
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
  })
})

test('the server-rendered pages hydrate without a mismatch', async ({ page, pageErrors }) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (/hydrat|did not match|recoverable|Switched to client rendering/i.test(message.text()))
      warnings.push(message.text())
  })
  for (const { path, heading } of PAGES) {
    await page.goto(path)
    await expect(page.locator('main h1').first()).toHaveText(heading)
    // Hydrated: the header's menu button responds to a click only once React runs.
    await page.waitForFunction(() => {
      const root = document.getElementById('root')
      return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')))
    })
    await page.waitForLoadState('networkidle')
  }
  expect(warnings).toEqual([])
  expect(pageErrors).toEqual([])
})
