import { formatFileSize } from '@lamplight/contracts'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, holdBack, requireSeed, test } from './fixtures'

/*
 * The free resource library (resources-app), screen by screen and state by state.
 *
 * Screens with data read it through the API first and skip, saying so, when the
 * database has no resource library (the seed is absent). States that the seeded library
 * cannot show (an empty category, an empty gallery, a failing download, a slow image) are
 * produced by answering that one request in the browser.
 */

type Tag = { name: string }
type Resource = {
  id: string
  slug: string
  title: string
  description: string
  category: { name: string; slug: string }
  downloads: number
  thumb_url: string | null
  age_range: string | null
  scripture_ref: string | null
  tags: Tag[]
}
type ResourceFile = {
  id: string
  filename: string
  mime_type: string
  size_bytes: number
  pages: number | null
  url: string
  download_url: string
}
type ResourceDetail = Resource & { files: ResourceFile[] }
type Category = { id: string; name: string; slug: string; description: string; resourceCount: number }
type CategoryDetail = Omit<Category, 'resourceCount'> & { age_ranges: string[] }
type GalleryItem = {
  id: string
  slug: string
  title: string
  thumbnail: string
  file_url: string
  download_url: string
  filename: string
  mime_type: string
}

const GALLERIES = [
  {
    key: 'bible-verses',
    path: '/kids-activities-colouring/bible-verses',
    heading: 'Bible Verses Colouring Pages',
    empty: 'No Bible verses colouring pages found.',
  },
  {
    key: 'faith-coloring',
    path: '/kids-activities-colouring/faith-coloring-pages',
    heading: 'Faith Coloring Pages',
    empty: 'No faith coloring pages found.',
  },
  {
    key: 'noahs-ark',
    path: '/kids-activities-colouring/noahs-ark-coloring-pages',
    heading: "Noah's Ark Coloring Pages",
    empty: "No Noah's Ark coloring pages found.",
  },
] as const
const GALLERY_PREFIXES = ['bible-verses-', 'faith-coloring-', 'noahs-ark-']

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path)
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true)
  return (await response.json()) as T
}

const categoriesOf = async (request: APIRequestContext) =>
  (await getJson<{ data: Category[] }>(request, '/api/resources/categories')).data

const listOf = async (request: APIRequestContext, query: string) =>
  (await getJson<{ data: Resource[]; has_more: boolean }>(request, `/api/resources?${query}&page_size=100`))
    .data

const detailOf = async (request: APIRequestContext, slug: string) =>
  (await getJson<{ data: ResourceDetail }>(request, `/api/resources/item/${slug}`)).data

const galleryOf = async (request: APIRequestContext, key: string) =>
  (await getJson<{ data: GalleryItem[] }>(request, `/api/resources/galleries/${key}`)).data

/**
 * A listed resource with a thumbnail and an image file (a colouring page), preferring one with
 * a PDF too; the seed must have one.
 */
async function seededPrintableResource(request: APIRequestContext): Promise<ResourceDetail> {
  let fallback: ResourceDetail | null = null
  for (const resource of await listOf(request, 'page=1')) {
    if (!resource.thumb_url) continue
    const detail = await detailOf(request, resource.slug)
    const hasImage = detail.files.some((f) => f.mime_type.startsWith('image/'))
    const hasPdf = detail.files.some((f) => f.mime_type === 'application/pdf')
    if (hasImage && hasPdf) return detail
    if (hasImage) fallback ??= detail
  }
  requireSeed(fallback, 'a printable resource (an image and a PDF)')
  return fallback
}

/** A category whose listing offers at least one age range, with its resources; the seed must have one. */
async function seededCategoryWithAges(request: APIRequestContext) {
  for (const category of await categoriesOf(request)) {
    const detail = (
      await getJson<{ data: CategoryDetail }>(request, `/api/resources/categories/${category.slug}`)
    ).data
    if (!detail.age_ranges.length) continue
    return { category: detail, resources: await listOf(request, `category=${category.slug}&page=1`) }
  }
  throw new Error(
    'Seed data missing: a category whose resources have age ranges. The seed (api/seed) is broken or did not run.',
  )
}

/** Opens the page of a category whose resources have age ranges (`seededCategoryWithAges`). */
async function openCategoryWithAges(page: Page, request: APIRequestContext) {
  const found = await seededCategoryWithAges(request)
  await page.goto(`/resources/${found.category.slug}`)
  return { ...found, area: main(page) }
}

/** Chromium reports a 404 answer as a console error; for a not-found screen it is the point. */
function allowNotFoundResponses(pageErrors: string[]) {
  for (let i = pageErrors.length - 1; i >= 0; i--) {
    if (/Failed to load resource: the server responded with a status of 404/.test(pageErrors[i] ?? ''))
      pageErrors.splice(i, 1)
  }
}

/** Replaces one API answer with a JSON body. */
async function answer(page: Page, pattern: string | RegExp, body: unknown, status = 200) {
  await page.route(pattern, (route) => route.fulfill({ status, json: body }))
}

/**
 * Opens `path` through the site's own router, from /resources, as a link in the page would.
 * For pages whose data only the browser's (mocked) requests know: the server renders the real
 * data, and a slug it does not know is an honest 404 there, with no request left to mock.
 */
async function openInBrowser(page: Page, path: string) {
  await page.goto('/resources')
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await expect(page).toHaveURL(new RegExp(`${path}$`))
}

/**
 * Print windows are real popups, but printing is stubbed: `print()` records the call and
 * reports `afterprint` at once, as a person closing the dialog would. `image` steers the
 * picture the print window asks for: `held` waits for `__releaseImage()`, `missing`
 * points it at a file that does not exist (Playwright's request routing does not reach
 * a popup that is written into before it has loaded anything).
 */
async function stubPrinting(
  page: Page,
  {
    blockPopups = false,
    image = 'as-is',
  }: { blockPopups?: boolean; image?: 'as-is' | 'held' | 'missing' } = {},
) {
  await page.addInitScript(
    ({ block, mode }: { block: boolean; mode: string }) => {
      type Popup = Window & { HTMLImageElement: typeof HTMLImageElement }
      const w = window as unknown as {
        __prints: string[]
        __releaseImage?: () => void
        open: typeof window.open
      }
      w.__prints = []
      const open = window.open.bind(window)
      w.open = (...args: Parameters<typeof window.open>) => {
        w.__prints.push(`open ${args[2] ?? ''}`)
        if (block) return null
        const popup = open(...args) as Popup | null
        if (!popup) return popup
        popup.print = () => {
          // What was on the page when it printed.
          const shown = popup.document.querySelector('img, iframe') as HTMLImageElement | null
          w.__prints.push(`print ${new URL(shown?.src ?? '', location.href).pathname}`)
          popup.dispatchEvent(new Event('afterprint'))
        }
        if (mode !== 'as-is') {
          const proto = popup.HTMLImageElement.prototype
          const src = Object.getOwnPropertyDescriptor(proto, 'src') as PropertyDescriptor
          Object.defineProperty(proto, 'src', {
            configurable: true,
            get() {
              return src.get?.call(this)
            },
            set(value: string) {
              if (mode === 'missing')
                src.set?.call(
                  this,
                  new URL('/api/files/00000000-0000-4000-8000-000000000000', location.href).href,
                )
              else w.__releaseImage = () => src.set?.call(this, value)
            },
          })
        }
        return popup
      }
    },
    { block: blockPopups, mode: image },
  )
}

const printLog = (page: Page) => page.evaluate(() => (window as unknown as { __prints: string[] }).__prints)

const query = (page: Page, name: string) => new URL(page.url()).searchParams.get(name)

/** An image that has really loaded (a broken one is `complete` too). */
async function expectLoaded(image: ReturnType<Page['locator']>) {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
}

const main = (page: Page) => page.locator('main [data-remote="resources-app"]')

test.describe('Resources home', () => {
  test('search box, featured resources and categories with their counts', async ({
    page,
    request,
    pageErrors,
  }) => {
    const categories = await categoriesOf(request)
    requireSeed(categories.length > 0, 'a resource category')
    const featured = (await getJson<{ data: Resource[] }>(request, '/api/resources/featured')).data

    await page.goto('/resources')
    await expect(main(page).getByRole('heading', { level: 1, name: 'Free Resources' })).toBeVisible()
    await expect(page).toHaveTitle('Free Resources | Lamplight Puzzle Co.')
    await expect(page.getByRole('searchbox', { name: 'Search all resources' })).toBeVisible()

    if (featured.length) {
      const section = page.getByRole('region', { name: 'Featured Resources' })
      expect(featured.length).toBeLessThanOrEqual(6)
      await expect(section.getByRole('link', { name: 'View & Download' })).toHaveCount(featured.length)
      const first = featured[0] as Resource
      await expect(section.getByRole('heading', { name: first.title })).toBeVisible()
      await expect(section.getByRole('link', { name: 'View & Download' }).first()).toHaveAttribute(
        'href',
        `/resources/item/${first.slug}`,
      )
    }

    const browse = page.getByRole('region', { name: 'Browse by Category' })
    await expect(browse.getByRole('link')).toHaveCount(categories.length)
    for (const category of categories) {
      const link = browse.getByRole('link', { name: category.name, exact: true })
      await expect(link).toHaveAttribute('href', `/resources/${category.slug}`)
      const count = `${category.resourceCount} ${category.resourceCount === 1 ? 'resource' : 'resources'}`
      await expect(
        browse
          .getByRole('listitem')
          .filter({ has: page.getByRole('link', { name: category.name, exact: true }) }),
      ).toContainText(count)
    }
    const first = categories[0] as Category
    await browse.getByRole('link', { name: first.name, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/resources/${first.slug}$`))
    await expect(main(page).getByRole('heading', { level: 1, name: first.name })).toBeVisible()
    expect(pageErrors).toEqual([])
  })

  test('searching takes the person to results from every category', async ({ page, request, pageErrors }) => {
    const all = await listOf(request, 'page=1')
    requireSeed(all.length > 0, 'a published resource')
    // A word from a title; the API's own search decides what matches.
    const word = ((all[0] as Resource).title.split(/\s+/).find((w) => w.length >= 4) ?? 'the').toLowerCase()
    const expected = await listOf(request, `q=${encodeURIComponent(word)}&page=1`)

    await page.goto('/resources')
    await page.getByRole('searchbox', { name: 'Search all resources' }).fill(word)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(`/resources?q=${encodeURIComponent(word)}`)
    const results = page.getByRole('region', { name: `Results for “${word}”` })
    const collections = (
      await getJson<{ data: unknown[] }>(request, `/api/resources/collections?q=${encodeURIComponent(word)}`)
    ).data
    const resourcesFound = `${expected.length} ${expected.length === 1 ? 'resource' : 'resources'}`
    await expect(results.getByRole('status')).toHaveText(
      collections.length
        ? `${collections.length} colouring ${collections.length === 1 ? 'collection' : 'collections'} and ${resourcesFound} found`
        : `${resourcesFound} found in all categories`,
    )
    await expect(results.getByRole('link', { name: 'View & Download' })).toHaveCount(expected.length)
    for (const resource of expected.slice(0, 6))
      await expect(results.getByRole('heading', { name: resource.title, exact: true })).toBeVisible()

    await results.getByRole('button', { name: 'Clear search' }).click()
    await expect(page).toHaveURL(/\/resources$/)
    await expect(page.getByRole('searchbox', { name: 'Search all resources' })).toHaveValue('')
    expect(pageErrors).toEqual([])
  })

  // On a slow phone the server-rendered field shows long before React owns it. What was
  // typed meanwhile must stay in the field and be what a search then looks for.
  test('a search typed before the page has hydrated is kept and searched for', async ({
    page,
    pageErrors,
  }) => {
    const release = await holdBack(page, '**/static/js/**')
    // The frame's own goto, not waiting for the page's (deferred) scripts: the fixture's
    // page.goto waits for hydration, which is held back.
    await page.mainFrame().goto('/resources', { waitUntil: 'commit' })
    const box = page.getByRole('searchbox', { name: 'Search all resources' })
    await box.fill('prayer')
    release()
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
    await expect(box).toHaveValue('prayer')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL('/resources?q=prayer')

    // A category's search box too: what was typed becomes the filter in the URL.
    await page.mainFrame().goto('/resources/teaching-resources', { waitUntil: 'commit' })
    const categoryBox = page.getByRole('searchbox').first()
    await categoryBox.fill('prayer')
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
    await expect(categoryBox).toHaveValue('prayer')
    await expect(page).toHaveURL(/\/resources\/teaching-resources\?(.*&)?q=prayer/)
    expect(pageErrors).toEqual([])
  })

  test('a search that finds nothing says so', async ({ page, pageErrors }) => {
    await page.goto('/resources?q=zzqxjv')
    await expect(page.getByText('No resources match your search.')).toBeVisible()
    await expect(page.getByRole('searchbox', { name: 'Search all resources' })).toHaveValue('zzqxjv')
    expect(pageErrors).toEqual([])
  })
})

test.describe('Category page', () => {
  test('shows Loading resources... while the category loads', async ({ page, pageErrors }) => {
    // Mocks the browser's API calls: the page must be rendered in the browser, not on the server.
    await page.setExtraHTTPHeaders({ 'X-Lamplight-Render': 'browser' })
    const release = await holdBack(page, '**/api/resources/categories/*')
    await page.goto('/resources/teaching-resources')
    await expect(page.getByRole('status').filter({ hasText: 'Loading resources...' })).toBeVisible()
    release()
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible()
    allowNotFoundResponses(pageErrors)
    expect(pageErrors).toEqual([])
  })

  test('an unknown category shows Category Not Found and the way back', async ({ page, pageErrors }) => {
    await page.goto('/resources/no-such-category')
    await expect(main(page).getByRole('heading', { level: 1, name: 'Category Not Found' })).toBeVisible()
    await expect(page).toHaveTitle('Category Not Found | Lamplight Puzzle Co.')
    await main(page).getByRole('link', { name: 'Back to Resources' }).click()
    await expect(page).toHaveURL(/\/resources$/)
    await expect(main(page).getByRole('heading', { level: 1, name: 'Free Resources' })).toBeVisible()
    allowNotFoundResponses(pageErrors)
    expect(pageErrors).toEqual([])
  })

  test('name, description, search, age filter and result cards; no gallery pages', async ({
    page,
    request,
    pageErrors,
  }) => {
    const { category, resources, area } = await openCategoryWithAges(page, request)
    await expect(area.getByRole('heading', { level: 1, name: category.name })).toBeVisible()
    await expect(page).toHaveTitle(`${category.name} | Lamplight Puzzle Co.`)
    if (category.description) await expect(area.getByText(category.description)).toBeVisible()
    await expect(area.getByRole('link', { name: 'All Resources' })).toHaveAttribute('href', '/resources')
    await expect(area.getByRole('searchbox')).toHaveAttribute('placeholder', 'Search resources...')

    // The browser's own select (a phone's own picker), showing All Ages (no filter).
    const filter = area.getByRole('combobox', { name: 'Filter by age' })
    await expect(filter).toHaveJSProperty('tagName', 'SELECT')
    await expect(filter).toHaveValue('')
    await expect(filter.locator('option:checked')).toHaveText('All Ages')
    // All Ages (no filter) first, then each age range present, youngest first, once each:
    // a stored "All Ages" is not offered again (decision 011).
    const lead = (age: string) => Number(/^\d+/.exec(age)?.[0] ?? Number.POSITIVE_INFINITY)
    const expected = category.age_ranges
      .filter((age) => !/^all ages?$/i.test(age.trim()))
      .sort((a, b) => lead(a) - lead(b) || a.localeCompare(b))
    await expect(filter.getByRole('option')).toHaveText(['All Ages', ...expected.map((age) => `Ages ${age}`)])

    const cards = area
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'View & Download' }) })
    await expect(cards).toHaveCount(resources.length)
    const first = resources[0] as Resource
    const card = cards.filter({ has: page.getByRole('heading', { name: first.title, exact: true }) })
    await expect(card.getByRole('link', { name: 'View & Download' })).toHaveAttribute(
      'href',
      `/resources/item/${first.slug}`,
    )
    await expect(card).toContainText(`${first.downloads} download`)
    if (first.age_range) await expect(card).toContainText(first.age_range)
    if (first.scripture_ref) await expect(card).toContainText(first.scripture_ref)
    for (const tag of first.tags) await expect(card).toContainText(tag.name)
    if (first.thumb_url) {
      // A WebP srcset the API makes from the thumbnail, and its shape reserved before it loads.
      const img = card.locator('img')
      await expect(img).toHaveAttribute('src', `${first.thumb_url}&w=400`)
      await expect(img).toHaveAttribute('srcset', /w=240 240w, .*w=600 600w$/)
      await expect(img).toHaveAttribute('width', '600')
      const thumb = await page.request.get(`${first.thumb_url}&w=240`)
      expect(thumb.headers()['content-type']).toBe('image/webp')
    }
    // Titles are clamped to two lines, descriptions to three.
    await expect(card.getByRole('heading', { name: first.title })).toHaveCSS('-webkit-line-clamp', '2')
    if (first.description)
      await expect(card.getByText(first.description)).toHaveCSS('-webkit-line-clamp', '3')

    const links = await area
      .getByRole('link', { name: 'View & Download' })
      .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''))
    for (const href of links)
      expect(GALLERY_PREFIXES.some((p) => href.startsWith(`/resources/item/${p}`))).toBe(false)

    await card.getByRole('link', { name: 'View & Download' }).click()
    await expect(page).toHaveURL(new RegExp(`/resources/item/${first.slug}$`))
    await expect(main(page).getByRole('heading', { level: 1, name: first.title })).toBeVisible()
    expect(pageErrors).toEqual([])
  })

  test('the colouring category shows its picture and the three collections, never the gallery pages', async ({
    page,
    request,
    pageErrors,
  }) => {
    const categories = await categoriesOf(request)
    requireSeed(
      categories.some((c) => c.slug === 'kids-activities-colouring'),
      'the category kids-activities-colouring',
    )

    await page.goto('/resources/kids-activities-colouring')
    const area = main(page)
    await expect(area.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(area.getByRole('img', { name: /rainbow over Noah's ark/ })).toBeVisible()
    const block = area.getByRole('region', { name: 'Featured Coloring Collections' })
    const links = block.getByRole('link', { name: 'View Collection' })
    await expect(links).toHaveCount(3)
    for (const [i, gallery] of GALLERIES.entries())
      await expect(links.nth(i)).toHaveAttribute('href', gallery.path)
    for (const name of ['Bible Verses', 'Faith Coloring Pages', "Noah's Ark"])
      await expect(block.getByRole('heading', { name, exact: true })).toBeVisible()

    const hrefs = await area
      .getByRole('link', { name: 'View & Download' })
      .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''))
    for (const href of hrefs)
      expect(GALLERY_PREFIXES.some((p) => href.startsWith(`/resources/item/${p}`))).toBe(false)

    await links.nth(2).click()
    await expect(page).toHaveURL(/\/kids-activities-colouring\/noahs-ark-coloring-pages$/)
    await expect(
      main(page).getByRole('heading', { level: 1, name: "Noah's Ark Coloring Pages" }),
    ).toBeVisible()
    expect(pageErrors).toEqual([])
  })

  test('age filter plus search live in the URL, survive a reload, and Clear Filters resets both', async ({
    page,
    request,
    pageErrors,
  }) => {
    const { category, resources, area } = await openCategoryWithAges(page, request)
    const cards = area.getByRole('link', { name: 'View & Download' })
    await expect(cards).toHaveCount(resources.length)
    await expect(area.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0)

    // Age filter by keyboard: focus the closed select and arrow down past All Ages (Chromium
    // on Linux and Windows changes the choice at once, as a person there would see).
    const filter = area.getByRole('combobox', { name: 'Filter by age' })
    await filter.focus()
    await page.keyboard.press('ArrowDown')
    const chosen = filter.locator('option:checked')
    await expect(chosen).not.toHaveText('All Ages')
    const label = ((await chosen.textContent()) ?? '').trim()
    const age = label.replace(/^Ages /, '')
    expect(category.age_ranges).toContain(age)
    await expect(filter).toHaveValue(age)
    await expect.poll(() => query(page, 'age')).toBe(age)
    // "Suitable for": the API decides which overlapping and all-ages resources that is.
    const ofAge = await listOf(request, `category=${category.slug}&age=${encodeURIComponent(age)}&page=1`)
    expect(ofAge.length).toBeGreaterThanOrEqual(resources.filter((r) => r.age_range === age).length)
    await expect(cards).toHaveCount(ofAge.length)

    // Then a word from the title of one of them.
    const target = ofAge[0] as Resource
    const word = (target.title.split(/\s+/).find((w) => w.length >= 4) ?? target.title).toLowerCase()
    const both = await listOf(
      request,
      `category=${category.slug}&age=${encodeURIComponent(age)}&q=${encodeURIComponent(word)}&page=1`,
    )
    await area.getByRole('searchbox').fill(word)
    await expect.poll(() => query(page, 'q')).toBe(word)
    await expect(cards).toHaveCount(both.length)
    await expect(area.getByRole('heading', { name: target.title, exact: true })).toBeVisible()

    // A shared or reloaded link shows the same filtered page.
    await page.reload()
    await expect(area.getByRole('searchbox')).toHaveValue(word)
    await expect(area.getByRole('combobox', { name: 'Filter by age' })).toHaveValue(age)
    await expect(filter.locator('option:checked')).toHaveText(label)
    await expect(cards).toHaveCount(both.length)

    // Nothing matches: the message, and Clear Filters resets search and age together.
    await area.getByRole('searchbox').fill('zzqxjv')
    await expect(area.getByText('No resources match your current filters.')).toBeVisible()
    await area.getByRole('button', { name: 'Clear Filters' }).click()
    await expect(page).toHaveURL(new RegExp(`/resources/${category.slug}$`))
    await expect(area.getByRole('searchbox')).toHaveValue('')
    await expect(area.getByRole('combobox', { name: 'Filter by age' })).toHaveValue('')
    await expect(filter.locator('option:checked')).toHaveText('All Ages')
    await expect(cards).toHaveCount(resources.length)
    await expect(area.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0)
    expect(pageErrors).toEqual([])
  })

  test('a category with nothing in it yet, and no ages to filter by', async ({ page, pageErrors }) => {
    await answer(page, '**/api/resources/categories/quiet-corner', {
      data: {
        id: 'c',
        name: 'Quiet Corner',
        slug: 'quiet-corner',
        description: 'Coming soon.',
        age_ranges: [],
      },
    })
    await answer(page, /\/api\/resources\?category=quiet-corner/, {
      data: [],
      has_more: false,
      page: 1,
      page_size: 60,
    })
    await openInBrowser(page, '/resources/quiet-corner')
    const area = main(page)
    await expect(area.getByRole('heading', { level: 1, name: 'Quiet Corner' })).toBeVisible()
    await expect(area.getByText('No resources found in this category yet.')).toBeVisible()
    await expect(area.getByRole('combobox', { name: 'Filter by age' })).toHaveCount(0)
    await expect(area.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0)

    // Searching an empty category still tells the truth about it, and offers the reset.
    await area.getByRole('searchbox').fill('lamb')
    await expect(page).toHaveURL(/\?q=lamb$/)
    await expect(area.getByText('No resources found in this category yet.')).toBeVisible()
    await area.getByRole('button', { name: 'Clear Filters' }).click()
    await expect(page).toHaveURL(/\/resources\/quiet-corner$/)
    expect(pageErrors).toEqual([])
  })

  test('a failing listing is only logged: the page shows its empty state', async ({ page, pageErrors }) => {
    await answer(page, '**/api/resources/categories/quiet-corner', {
      data: { id: 'c', name: 'Quiet Corner', slug: 'quiet-corner', description: '', age_ranges: [] },
    })
    await answer(
      page,
      /\/api\/resources\?category=quiet-corner/,
      { error: { code: 'internal_error', message: 'Something went wrong' } },
      500,
    )
    await openInBrowser(page, '/resources/quiet-corner')
    await expect(main(page).getByText('No resources found in this category yet.')).toBeVisible()
    // Chromium's own line for the 500; our code only warned.
    expect(pageErrors.every((e) => /status of 500/.test(e))).toBe(true)
    pageErrors.length = 0
  })
})

test.describe('Resource detail', () => {
  test('breadcrumb, badges, preview, downloads and the files with their sizes and pages', async ({
    page,
    request,
    pageErrors,
  }) => {
    const r = await seededPrintableResource(request)

    await page.goto(`/resources/item/${r.slug}`)
    const area = main(page)
    await expect(area.getByRole('heading', { level: 1, name: r.title })).toBeVisible()
    await expect(page).toHaveTitle(`${r.title} | Lamplight Puzzle Co.`)

    const crumbs = area.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(crumbs.getByRole('link', { name: 'Resources' })).toHaveAttribute('href', '/resources')
    await expect(crumbs.getByRole('link', { name: r.category.name })).toHaveAttribute(
      'href',
      `/resources/${r.category.slug}`,
    )
    await expect(crumbs.getByText(r.title)).toHaveAttribute('aria-current', 'page')
    if (r.age_range) await expect(area.getByRole('list', { name: 'Details' })).toContainText(r.age_range)
    if (r.scripture_ref)
      await expect(area.getByRole('list', { name: 'Details' })).toContainText(r.scripture_ref)

    await expect(area.getByRole('img', { name: `Preview of ${r.title}` })).toBeVisible()
    await expect(area.getByRole('link', { name: 'Print View' })).toHaveAttribute(
      'href',
      `/resources/print/${r.slug}`,
    )
    // Another test may download this file meanwhile: the count is at least what the API said.
    const shown = Number((await area.getByTestId('download-count').innerText()).replace(/,/g, ''))
    expect(shown).toBeGreaterThanOrEqual(r.downloads)

    const files = area
      .getByRole('heading', { name: 'Download Files' })
      .locator('xpath=ancestor::*[@data-slot="card"]')
    await expect(files.getByRole('listitem')).toHaveCount(r.files.length)
    for (const file of r.files) {
      const row = files.getByRole('listitem').filter({ hasText: file.filename })
      await expect(row).toContainText(formatFileSize(file.size_bytes))
      if (file.pages) await expect(row).toContainText(`${file.pages} page`)
      const kind = file.mime_type.startsWith('image/')
        ? 'Image'
        : file.mime_type === 'application/pdf'
          ? 'PDF'
          : 'File'
      await expect(row.getByText(kind, { exact: true })).toBeAttached()
      await expect(row.getByRole('button', { name: `Download ${file.filename}` })).toBeVisible()
      await expect(row.getByRole('button', { name: `Print ${file.filename}` })).toHaveCount(
        kind === 'File' ? 0 : 1,
      )
    }

    await crumbs.getByRole('link', { name: r.category.name }).click()
    await expect(page).toHaveURL(new RegExp(`/resources/${r.category.slug}$`))
    expect(pageErrors).toEqual([])
  })

  // Issue 40: on a phone the Download buttons sat about two screens below the preview.
  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } })

    test('the files and their Download buttons come first, on the first screen, above the preview', async ({
      page,
      request,
      pageErrors,
    }) => {
      const resource = await seededPrintableResource(request)
      await page.goto(`/resources/item/${resource.slug}`)
      const area = main(page)
      const download = area.getByRole('button', { name: `Download ${resource.files[0]?.filename}` })
      await expect(download).toBeInViewport({ ratio: 1 })
      const preview = area.getByRole('img', { name: `Preview of ${resource.title}` })
      await expect(preview).toBeVisible()
      const [button, picture] = [await download.boundingBox(), await preview.boundingBox()]
      expect(button && picture && button.y < picture.y).toBe(true)
      await page.screenshot({ path: 'test-results/resource-detail-phone.png' })
      expect(pageErrors).toEqual([])
    })
  })

  test('Download saves the file and counts it; Print opens the print window', async ({
    page,
    request,
    pageErrors,
  }) => {
    const r = await seededPrintableResource(request)
    const image = r.files.find((f) => f.mime_type.startsWith('image/')) as ResourceFile
    await stubPrinting(page)

    await page.goto(`/resources/item/${r.slug}`)
    const area = main(page)
    const before = Number((await area.getByTestId('download-count').textContent())?.replace(/,/g, ''))
    const downloading = page.waitForEvent('download')
    await area.getByRole('button', { name: `Download ${image.filename}` }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(image.filename)
    await expect(area.getByTestId('download-count')).toHaveText((before + 1).toLocaleString('en-US'))

    const opening = page.waitForEvent('popup')
    await area.getByRole('button', { name: `Print ${image.filename}` }).click()
    const popup = await opening
    await popup.waitForEvent('close')
    expect(await printLog(page)).toEqual(['open width=800,height=600', `print ${image.url}`])
    expect(pageErrors).toEqual([])
  })

  test('a missing or unpublished resource shows Resource Not Found', async ({ page, pageErrors }) => {
    await page.goto('/resources/item/no-such-resource')
    await expect(main(page).getByRole('heading', { level: 1, name: 'Resource Not Found' })).toBeVisible()
    await main(page).getByRole('link', { name: 'Back to Resources' }).click()
    await expect(page).toHaveURL(/\/resources$/)
    allowNotFoundResponses(pageErrors)
    expect(pageErrors).toEqual([])
  })

  test('Loading resource..., then a resource with no thumbnail and no files', async ({
    page,
    pageErrors,
  }) => {
    const release = await holdBack(page, '**/api/resources/item/bare-page', (route) =>
      route.fulfill({
        json: {
          data: {
            id: 'r',
            slug: 'bare-page',
            title: 'Bare Page',
            description: 'Files are on their way.',
            category_id: 'c',
            category: { name: 'Teaching Resources', slug: 'teaching-resources' },
            downloads: 3,
            published: true,
            is_featured: false,
            thumb_url: null,
            age_range: null,
            scripture_ref: null,
            tags: [],
            created_at: '2026-01-01T00:00:00.000Z',
            files: [],
          },
        },
      }),
    )
    await openInBrowser(page, '/resources/item/bare-page')
    await expect(page.getByRole('status').filter({ hasText: 'Loading resource...' })).toBeVisible()
    release()
    const area = main(page)
    await expect(area.getByRole('heading', { level: 1, name: 'Bare Page' })).toBeVisible()
    await expect(area.getByText('No files available')).toBeVisible()
    await expect(area.getByRole('heading', { name: 'Preview' })).toHaveCount(0)
    await expect(area.getByRole('link', { name: 'Print View' })).toHaveCount(0)
    await expect(area.getByTestId('download-count')).toHaveText('3')
    expect(pageErrors).toEqual([])
  })
})

test.describe('Print view', () => {
  test('top bar, title, description and every file; letter pages; the bar stays off the paper', async ({
    page,
    request,
    pageErrors,
  }) => {
    const r = await seededPrintableResource(request)
    await stubPrinting(page)

    await page.goto(`/resources/print/${r.slug}`)
    const area = main(page)
    await expect(area.getByRole('heading', { level: 1, name: r.title })).toBeVisible()
    await expect(area.getByRole('link', { name: 'Back to Resource' })).toHaveAttribute(
      'href',
      `/resources/item/${r.slug}`,
    )
    for (const file of r.files) {
      const figure = area.getByRole('figure').filter({ hasText: file.filename })
      if (file.mime_type.startsWith('image/')) await expectLoaded(figure.getByRole('img'))
      if (file.mime_type === 'application/pdf') {
        await expect(figure.locator('iframe')).toHaveAttribute('src', file.url)
        // Chromium's PDF viewer opens it, although every file is sent sandboxed (CSP `sandbox`):
        // a frame the viewer may not run in shows Chromium's error page instead.
        await expect
          .poll(() => page.frames().some((f) => f.url().startsWith('chrome-extension://')))
          .toBe(true)
        expect(page.frames().some((f) => f.url().startsWith('chrome-error://'))).toBe(false)
      }
      if (file.pages) await expect(figure).toContainText(`${file.pages} page`)
    }

    const pageRule = await page.evaluate(() =>
      [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .some(
          (rule) =>
            rule instanceof CSSPageRule && /size: letter/.test(rule.cssText) && /0\.5in/.test(rule.cssText),
        ),
    )
    expect(pageRule).toBe(true)

    const downloading = page.waitForEvent('download')
    await area.getByRole('button', { name: 'Download' }).click()
    expect((await downloading).suggestedFilename()).toBe(r.files[0]?.filename)

    await page.evaluate(() => {
      window.print = () => (window as unknown as { __prints: string[] }).__prints.push('page print')
    })
    await area.getByRole('button', { name: 'Print' }).click()
    expect(await printLog(page)).toEqual(['page print'])

    await page.emulateMedia({ media: 'print' })
    await expect(area.getByRole('link', { name: 'Back to Resource' })).toBeHidden()
    await expect(area.getByRole('button', { name: 'Print' })).toBeHidden()
    await expect(page.locator('header').first()).toBeHidden()
    await expect(area.getByRole('heading', { level: 1, name: r.title })).toBeVisible()
    expect(pageErrors).toEqual([])
  })

  test('an unknown resource shows Resource Not Found', async ({ page, pageErrors }) => {
    await page.goto('/resources/print/no-such-resource')
    await expect(main(page).getByRole('heading', { level: 1, name: 'Resource Not Found' })).toBeVisible()
    allowNotFoundResponses(pageErrors)
    expect(pageErrors).toEqual([])
  })
})

test.describe('Colouring galleries', () => {
  for (const gallery of GALLERIES) {
    test(`${gallery.heading}: heading, intro, back link and its pages`, async ({
      page,
      request,
      pageErrors,
    }) => {
      const items = await galleryOf(request, gallery.key)
      requireSeed(items.length > 0, `a page in the ${gallery.key} gallery`)
      await page.goto(gallery.path)
      const area = main(page)
      await expect(area.getByRole('heading', { level: 1, name: gallery.heading })).toBeVisible()
      await expect(page).toHaveTitle(`${gallery.heading} | Lamplight Puzzle Co.`)
      await expect(area.getByRole('link', { name: /Back to Kids Activities/ })).toHaveAttribute(
        'href',
        '/resources/kids-activities-colouring',
      )
      const tiles = area.getByRole('button', { name: /.+/ }).and(area.locator('[aria-haspopup="dialog"]'))
      await expect(tiles).toHaveCount(items.length)
      await expect(tiles).toHaveText(items.map((i) => i.title))
      expect(pageErrors).toEqual([])
    })

    test(`${gallery.heading}: empty`, async ({ page, pageErrors }) => {
      // Mocks the browser's API calls: the page must be rendered in the browser, not on the server.
      await page.setExtraHTTPHeaders({ 'X-Lamplight-Render': 'browser' })
      await answer(page, `**/api/resources/galleries/${gallery.key}`, { data: [] })
      await page.goto(gallery.path)
      await expect(main(page).getByRole('heading', { level: 1, name: gallery.heading })).toBeVisible()
      await expect(main(page).getByText(gallery.empty)).toBeVisible()
      expect(pageErrors).toEqual([])
    })
  }

  test('the keyboard path: Tab to a tile, Enter opens it, Escape closes and returns focus; Space too', async ({
    page,
    request,
    pageErrors,
  }) => {
    const items = await galleryOf(request, 'noahs-ark')
    requireSeed(items.length >= 2, 'two pages in the noahs-ark gallery')
    const [first, second] = items as [GalleryItem, GalleryItem]
    await page.goto('/kids-activities-colouring/noahs-ark-coloring-pages')
    const area = main(page)
    const firstTile = area.getByRole('button', { name: first.title, exact: true })
    await expect(firstTile).toBeVisible()

    // From the back link, the next stop is the first tile.
    await area.getByRole('link', { name: /Back to Kids Activities/ }).focus()
    await page.keyboard.press('Tab')
    await expect(firstTile).toBeFocused()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: first.title })
    await expect(dialog).toBeVisible()
    await expectLoaded(dialog.getByRole('img', { name: first.title }))
    await expect(dialog.getByRole('button', { name: 'Download' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Print' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(firstTile).toBeFocused()

    await page.keyboard.press('Tab')
    const secondTile = area.getByRole('button', { name: second.title, exact: true })
    await expect(secondTile).toBeFocused()
    await page.keyboard.press(' ')
    const other = page.getByRole('dialog', { name: second.title })
    await expect(other).toBeVisible()
    // Tab stays inside the dialog; its Close button closes it too.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab')
    await expect(other.locator(':focus')).toHaveCount(1)
    await other.getByRole('button', { name: 'Close' }).click()
    await expect(other).toBeHidden()
    await expect(secondTile).toBeFocused()
    expect(pageErrors).toEqual([])
  })
})

test.describe('Printing and downloading from a gallery', () => {
  async function openFirstPage(page: Page, request: APIRequestContext) {
    const items = await galleryOf(request, 'noahs-ark')
    requireSeed(items.length > 0, 'a page in the noahs-ark gallery')
    const item = items[0] as GalleryItem
    await page.goto('/kids-activities-colouring/noahs-ark-coloring-pages')
    await main(page).getByRole('button', { name: item.title, exact: true }).click()
    const dialog = page.getByRole('dialog', { name: item.title })
    await expect(dialog).toBeVisible()
    return { item, dialog }
  }

  test('the print window shows Loading image for printing..., prints 500 ms after the image loads, then closes', async ({
    page,
    request,
    pageErrors,
  }) => {
    // Mocks the browser's API calls: the page must be rendered in the browser, not on the server.
    await page.setExtraHTTPHeaders({ 'X-Lamplight-Render': 'browser' })
    await stubPrinting(page, { image: 'held' })
    const { item, dialog } = await openFirstPage(page, request)
    const opening = page.waitForEvent('popup')
    await dialog.getByRole('button', { name: 'Print' }).click()
    const popup = await opening
    await expect(popup.getByText('Loading image for printing...')).toBeVisible()
    expect(await printLog(page)).toEqual(['open width=800,height=600'])
    const released = Date.now()
    await page.evaluate(() => (window as unknown as { __releaseImage: () => void }).__releaseImage())
    await popup.waitForEvent('close')
    expect(Date.now() - released).toBeGreaterThanOrEqual(450)
    expect(await printLog(page)).toEqual(['open width=800,height=600', `print ${item.file_url}`])
    expect(pageErrors).toEqual([])
  })

  test('an image that cannot load says so in the print window', async ({ page, request, pageErrors }) => {
    await stubPrinting(page, { image: 'missing' })
    const { dialog } = await openFirstPage(page, request)
    const opening = page.waitForEvent('popup')
    await dialog.getByRole('button', { name: 'Print' }).click()
    const popup = await opening
    await expect(popup.getByText('Error loading image. Please try downloading instead.')).toBeVisible()
    expect(await printLog(page)).toEqual(['open width=800,height=600'])
    await popup.close()
    expect(pageErrors).toEqual([])
  })

  test('a blocked popup shows Print Failed', async ({ page, request, pageErrors }) => {
    await stubPrinting(page, { blockPopups: true })
    const { dialog } = await openFirstPage(page, request)
    await dialog.getByRole('button', { name: 'Print' }).click()
    const toast = page.getByRole('listitem').filter({ hasText: 'Print Failed' })
    await expect(toast).toBeVisible()
    await expect(toast).toContainText(
      'Unable to open print window. Please check your popup blocker settings.',
    )
    expect(pageErrors).toEqual([])
  })

  test('a failed download shows Download Failed', async ({ page, request, pageErrors }) => {
    const { item, dialog } = await openFirstPage(page, request)
    await page.route(`**${item.download_url}`, (route) => route.fulfill({ status: 500, body: 'broken' }))
    await dialog.getByRole('button', { name: 'Download' }).click()
    const toast = page.getByRole('listitem').filter({ hasText: 'Download Failed' })
    await expect(toast).toBeVisible()
    await expect(toast).toContainText('There was an error downloading the file. Please try again.')
    expect(pageErrors.every((e) => /status of 500/.test(e))).toBe(true)
    pageErrors.length = 0
  })
})

for (const [label, viewport] of [
  ['a phone', { width: 390, height: 844 }],
  ['a desktop', { width: 1280, height: 800 }],
] as const) {
  test(`on ${label}, a parent finds, views, downloads and prints a colouring page`, async ({
    page,
    request,
    pageErrors,
  }) => {
    const items = await galleryOf(request, 'noahs-ark')
    requireSeed(items.length > 0, 'a page in the noahs-ark gallery')
    const item = items[0] as GalleryItem
    await page.setViewportSize(viewport)
    await stubPrinting(page)

    await page.goto('/resources')
    const browse = page.getByRole('region', { name: 'Browse by Category' })
    await browse.getByRole('link', { name: 'Kids Activities & Colouring' }).click()
    await expect(page).toHaveURL(/\/resources\/kids-activities-colouring$/)
    await main(page)
      .getByRole('region', { name: 'Featured Coloring Collections' })
      .getByRole('link', { name: 'View Collection' })
      .nth(2)
      .click()
    const tile = main(page).getByRole('button', { name: item.title, exact: true })
    await tile.click()
    const dialog = page.getByRole('dialog', { name: item.title })
    await expectLoaded(dialog.getByRole('img', { name: item.title }))
    const box = await dialog.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true)

    const downloading = page.waitForEvent('download')
    await dialog.getByRole('button', { name: 'Download' }).click()
    expect((await downloading).suggestedFilename()).toBe(item.filename)

    const opening = page.waitForEvent('popup')
    await dialog.getByRole('button', { name: 'Print' }).click()
    const popup = await opening
    await popup.waitForEvent('close')
    expect(await printLog(page)).toEqual(['open width=800,height=600', `print ${item.file_url}`])

    await page.keyboard.press('Escape')
    await expect(tile).toBeFocused()
    // The page never scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(pageErrors).toEqual([])
  })
}
