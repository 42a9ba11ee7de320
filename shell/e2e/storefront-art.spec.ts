import type { Page } from '@playwright/test'
import { expect, firstLoadScripts, test } from './fixtures'

/**
 * The storefront's drawings (storefront/src/art/, decision 021) come as images named by the
 * remote's stylesheet, not as React's inline SVG: in the server's HTML as empty boxes that
 * paint without JavaScript, and never in a script the page downloads.
 */
// The boxes' cards show their pictures from the catalogue (issue 31): the drawings left are
// the hero's, the lamp's and the sales page's (a box without a picture shows the puzzle box).
const PAGES = [
  { path: '/', art: ['puzzle-box', 'lamp'] },
  { path: '/scroll-of-antioch', art: ['scroll'] },
  { path: '/about', art: ['lamp', 'letters'] },
]

/** What only the drawings' markup holds: their gradient and clip ids, and the seal's lamp. */
const DRAWING_MARKERS =
  /box-glow|scroll-glow|cipher-glow|letters-glow|parables-glow|toolkit-net|psalms-glow|lamp-glow|M-9 2C-9 -1/

/** Each drawing's box on the page: its name, size and the image its background names. */
async function drawingsOn(page: Page) {
  return page.locator('main [data-art]').evaluateAll((boxes) =>
    boxes.map((box) => {
      const { width, height } = box.getBoundingClientRect()
      const image = /^url\("(.*)"\)$/.exec(getComputedStyle(box).backgroundImage)?.[1] ?? ''
      return {
        name: box.getAttribute('data-art') ?? '',
        hidden: box.getAttribute('aria-hidden'),
        sized: box.classList.contains('size-full'),
        width,
        height,
        image,
      }
    }),
  )
}

/** The SVG text behind a background image: a data URL's own, or the file as the site serves it. */
async function svgBehind(page: Page, image: string): Promise<string> {
  if (image.startsWith('data:image/svg+xml,')) return decodeURIComponent(image.slice(image.indexOf(',') + 1))
  const response = await page.request.get(image)
  expect(response.status(), image).toBe(200)
  expect(response.headers()['content-type'], image).toContain('image/svg+xml')
  return response.text()
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const { path, art } of PAGES) {
    test(`${path} arrives with its drawings, painted from the stylesheet`, async ({ page }) => {
      await page.goto(path)
      const drawings = await drawingsOn(page)
      expect(new Set(drawings.map((d) => d.name))).toEqual(new Set(art))
      expect(
        await page.locator('main svg').evaluateAll((svgs) => svgs.map((s) => s.outerHTML).join('')),
      ).not.toMatch(DRAWING_MARKERS)
      for (const drawing of drawings) {
        expect(drawing.hidden, drawing.name).toBe('true') // decorative, as before
        const svg = await svgBehind(page, drawing.image)
        const viewBox = /viewBox=["']0 0 (\d+) (\d+)["']/.exec(svg)
        expect(viewBox, `${drawing.name}: ${drawing.image.slice(0, 80)}`).not.toBeNull()
        // The box has the drawing's shape before the image arrives (no layout shift), unless
        // the page sizes it (the shop's fixed-ratio cards) or hides it (the home page's lamp
        // on a narrow screen).
        if (drawing.width > 0 && !drawing.sized) {
          const ratio = Number(viewBox![1]) / Number(viewBox![2])
          expect(drawing.height, drawing.name).toBeCloseTo(drawing.width / ratio, 0)
        }
      }
    })
  }
})

for (const { path } of PAGES) {
  test(`no script of the first load of ${path} carries the drawings`, async ({ page }) => {
    const loaded = await firstLoadScripts(page, path)
    expect(loaded.some((s) => s.url.startsWith('/apps/storefront/'))).toBe(true)
    expect(loaded.filter((s) => DRAWING_MARKERS.test(s.text)).map((s) => s.url)).toEqual([])
  })
}

test('a page opened in the browser shows its drawings too', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('main').getByRole('link', { name: 'Our Story' }).click()
  await expect(page.locator('main h1')).toHaveText('About Us')
  const drawings = await drawingsOn(page)
  expect(drawings.map((d) => d.name).sort()).toEqual(['lamp', 'letters'])
  for (const drawing of drawings) expect(await svgBehind(page, drawing.image)).toContain('<svg')
})
