import type { Page } from '@playwright/test'
import { expectNoSeriousViolations } from './axe'
import { expect, layoutShifts, signInAsAdmin, test, watchLayoutShifts } from './fixtures'

// A page per product (issue 31): /experiences/:slug, from the catalogue, server-rendered with
// its Product JSON-LD; a draft or unknown slug is a 404. axe walks the page several times.
test.describe.configure({ timeout: 90_000 })

const ORIGIN = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:3000').origin
const area = (page: Page) => page.locator('main [data-remote="storefront"]')

const jsonLd = async (page: Page) =>
  JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? 'null')

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('a coming-soon box: its picture without a layout shift, no Add to Cart, a way to be told; axe', async ({
      page,
      pageErrors,
    }) => {
      await watchLayoutShifts(page)
      await page.goto('/experiences/pilgrims-cipher')
      const main = area(page)
      await expect(main.getByRole('heading', { level: 1 })).toHaveText("Pilgrim's Cipher")
      await expect(page).toHaveTitle("Pilgrim's Cipher | Lamplight Puzzle Co.")
      const picture = main.getByRole('img', { name: /cipher wheel/ })
      await expect(picture).toHaveAttribute('width', /\d+/)
      await expect(picture).toHaveAttribute('height', /\d+/)
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0)
      // The picture fills the width it was given at its own aspect ratio.
      const box = await picture.boundingBox()
      expect(box!.width).toBeGreaterThan(viewport.width / 3)
      const [w, h] = [
        Number(await picture.getAttribute('width')),
        Number(await picture.getAttribute('height')),
      ]
      expect(Math.abs(box!.height - (box!.width * h) / w)).toBeLessThan(2)
      await expect(main).toContainText('$29.99')
      await expect(main.getByText('Coming Soon', { exact: true })).toBeVisible()
      await expect(main.getByRole('button', { name: /add to cart/i })).toHaveCount(0)
      await page.waitForLoadState('networkidle')
      const { total, shifts } = await layoutShifts(page)
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.02)

      const notify = main.getByRole('region', { name: "Tell me when it's ready" })
      await notify.getByRole('button', { name: "Email me when it's ready" }).click()
      await notify.getByLabel('Your email').fill(`ruth-${viewport.width}@example.com`)
      await notify.getByRole('button', { name: "Tell me when it's ready" }).click()
      await expect(notify.getByText(/we sent a link to ruth-/)).toBeVisible()
      await expectNoSeriousViolations(page, `/experiences/pilgrims-cipher at ${viewport.width}`)
      expect(pageErrors).toEqual([])
    })
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the page arrives whole: heading, picture, price, Product JSON-LD and Open Graph image', async ({
    page,
  }) => {
    const response = await page.goto('/experiences/letters-to-the-lost')
    expect(response?.status()).toBe(200)
    await expect(page.locator('main h1')).toHaveText('Letters to the Lost')
    await expect(page.locator('main')).toContainText('$34.99')
    const picture = page.locator('main img[alt="Sealed letters tied with twine"]')
    await expect(picture).toHaveAttribute('srcset', /\?w=400 400w/)
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    const data = await jsonLd(page)
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Letters to the Lost',
      brand: { '@type': 'Brand', name: 'Lamplight Puzzle Co.' },
      offers: { price: '34.99', priceCurrency: 'USD', availability: 'https://schema.org/PreOrder' },
    })
    expect(data.sku).toBeTruthy()
    expect(data.image[0]).toMatch(/^https?:\/\/[^/]+\/api\/products\/letters-to-the-lost\/images\//)
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content')
    expect(ogImage).toBe(data.image[0])
    expect((await page.request.get(new URL(ogImage!).pathname)).headers()['content-type']).toBe('image/webp')
  })

  test("the Scroll's generic page names /scroll-of-antioch as canonical", async ({ page }) => {
    await page.goto('/experiences/scroll-of-antioch')
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/scroll-of-antioch$/)
    await expect(page.locator('link[rel="canonical"]')).not.toHaveAttribute('href', /experiences/)
  })

  test('an unknown slug answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/experiences/no-such-box')
    expect(response?.status()).toBe(404)
    await expect(page.locator('main h1')).toHaveText('Experience Not Found')
  })
})

test('an admin publishes a draft: 404 while a draft, then on its page, /experiences and /shop at once', async ({
  page,
}) => {
  await signInAsAdmin(page)
  const slug = `lamp-of-zion-${Date.now().toString(36)}`
  const created = await page.request.post('/api/admin/products', {
    headers: { Origin: ORIGIN },
    data: {
      name: 'Lamp of Zion',
      slug,
      tagline: 'Oil, wicks and a watchful night.',
      description: 'Ten lamps, five ready.',
      category: 'devotional',
      price_cents: 3333,
      compare_at_cents: null,
      status: 'draft',
      stock: 3,
      low_stock_threshold: 1,
      featured: false,
      featured_order: 0,
      facts: { duration: '2 hours' },
      sku: `LPC-${slug}`,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { data } = (await created.json()) as { data: Record<string, unknown> & { id: string } }
  const visitor = await page.context().browser()!.newPage()
  expect((await visitor.request.get(`/experiences/${slug}`)).status()).toBe(404)

  const published = await page.request.put(`/api/admin/products/${data.id}`, {
    headers: { Origin: ORIGIN },
    data: { ...data, status: 'on_sale', images: undefined, id: undefined, updated_at: undefined },
  })
  expect(published.status(), await published.text()).toBe(200)
  const started = Date.now()
  const response = await visitor.goto(`/experiences/${slug}`)
  expect(response?.status()).toBe(200)
  expect(Date.now() - started).toBeLessThan(5_000)
  await expect(area(visitor).getByRole('heading', { level: 1 })).toHaveText('Lamp of Zion')
  await expect(area(visitor).getByRole('button', { name: /add to cart/i })).toBeEnabled()
  await visitor.goto('/experiences')
  await expect(visitor.locator(`article#${slug}`)).toContainText('$33.33')
  await visitor.goto('/shop?category=devotional')
  await expect(
    visitor.getByRole('region', { name: 'All Experiences' }).getByRole('heading', { name: 'Lamp of Zion' }),
  ).toBeVisible()
  await visitor.close()
})
