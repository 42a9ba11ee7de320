import { readFileSync } from 'node:fs'
import { expectNoSeriousViolations } from './axe'
import { expect, signInAsAdmin, test, VIEWPORTS } from './fixtures'
import { buyInTestMode } from './test-mode-orders'

// Issue 37: the admin's Insights page, its charts, their tables and CSV, at 1280 and 390 px.
test.describe.configure({ mode: 'serial', timeout: 120_000 })

const EMPTY_SEARCH = `zebra quilts ${Date.now().toString(36)}`
/** The day or days (UTC) the purchase below was made on: two when it was made across midnight. */
const purchaseDays = new Set<string>()
const today = () => new Date().toISOString().slice(0, 10)

test('a visitor searches, downloads and buys: the events the Insights count', async ({ page }) => {
  // A search that finds nothing: counted by its words alone.
  const search = await page.request.get(`/api/resources?q=${encodeURIComponent(EMPTY_SEARCH)}`)
  expect(search.status()).toBe(200)
  expect(((await search.json()) as { data: unknown[] }).data).toEqual([])
  // A download of the first listed resource's first file.
  const list = (await (await page.request.get('/api/resources?page_size=1')).json()) as {
    data: { slug: string }[]
  }
  const slug = list.data[0]?.slug
  expect(slug, 'the seed has a published resource').toBeTruthy()
  const item = (await (await page.request.get(`/api/resources/item/${slug}`)).json()) as {
    data: { files: { download_url: string }[] }
  }
  const file = item.data.files[0]
  expect(file, 'the seeded resource has a file').toBeTruthy()
  expect((await page.request.get(file!.download_url)).status()).toBe(200)
  // A checkout started and paid in test mode.
  purchaseDays.add(today())
  await buyInTestMode(
    page.request,
    {
      email: 'insights-buyer@example.com',
      firstName: 'Lydia',
      lastName: 'Purple',
      address: '1 River Road',
      city: 'Philippi',
      state: 'GA',
      zipCode: '30301',
      country: 'US',
    },
    { collectShipping: false },
  )
  purchaseDays.add(today())
})

for (const viewport of VIEWPORTS) {
  test(`the Insights page shows every chart with its table and CSV (${viewport.name})`, async ({
    page,
    pageErrors,
  }) => {
    await page.setViewportSize(viewport)
    await page.goto('/')
    await signInAsAdmin(page)
    // From the dashboard, as an owner finds it.
    await page.goto('/admin')
    await page.getByRole('link', { name: 'Insights', exact: true }).click()
    await page.getByRole('button', { name: 'Last 7 days' }).click()
    await expect(page).toHaveURL(/\/admin\/insights\?range=7/)
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible()
    for (const title of ['Revenue', 'Subscribers', 'Checkout funnel', 'Library', 'Puzzles'])
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible()
    for (const chart of [
      'Revenue per day',
      'Top products',
      'Active subscribers per plan',
      'From checkout to paid order',
      'Downloads per day',
      'Top categories',
      'Top resources',
      'Searches that found nothing',
      'Players started and finished',
      'Where players are stuck',
    ])
      await expect(page.getByRole('region', { name: chart }), chart).toBeVisible()

    // The purchase above is in the revenue: its figure and its chart's table.
    const revenue = page.getByRole('region', { name: 'Revenue per day' })
    await expect(revenue.getByRole('application')).toBeVisible()
    // Keyboard focus reaches the chart (its points are then stepped through with the arrows).
    await revenue.getByRole('application').focus()
    await page.keyboard.press('ArrowRight')
    await expect(revenue.locator('.recharts-tooltip-wrapper')).toBeVisible()
    await revenue.getByText('Show the data as a table').click()
    // Other specs buy on the same server the same day, so the day's figure is at least this
    // purchase's $49.99, not exactly it: the row of the day it was made holds a non-zero amount
    // (the day it was made, not today: the first test may have run before midnight).
    expect(purchaseDays.size, 'the purchase was made in this run').toBeGreaterThan(0)
    const days = revenue.getByRole('row', { name: new RegExp(`^(${[...purchaseDays].join('|')})`) })
    await expect(days.filter({ hasText: /\$[1-9][\d,]*\.\d\d/ }).first()).toBeVisible()
    await expect(page.getByText('Not recorded yet: Subscription payments (shown')).toBeVisible()

    // The search that found nothing is listed for the editors.
    const searches = page.getByRole('region', { name: 'Searches that found nothing' })
    await searches.getByText('Show the data as a table').click()
    await expect(searches.getByRole('table')).toContainText(EMPTY_SEARCH)

    // Carts are said to be unrecorded, never a zero.
    const funnel = page.getByRole('region', { name: 'From checkout to paid order' })
    await funnel.getByText('Show the data as a table').click()
    await expect(funnel.getByRole('row', { name: /Carts/ })).toContainText('Not recorded yet')

    // Each chart's data as CSV.
    const download = page.waitForEvent('download')
    await revenue.getByRole('button', { name: 'CSV of Revenue per day' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^revenue-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)
    // The screen shows dollars under plain names; the file keeps cents and says so.
    const csv = readFileSync((await file.path())!, 'utf8')
    expect(csv.split('\r\n')[0]).toBe('Day,Order revenue (cents),Refunds (cents),Net (cents),Orders')
    await expect(revenue.getByRole('columnheader', { name: 'Order revenue', exact: true })).toBeVisible()

    // A bad custom range is refused on its field, and nothing else changes.
    await page.getByLabel('From', { exact: true }).fill('2026-06-30')
    await page.getByLabel('To', { exact: true }).fill('2026-06-01')
    await page.getByRole('button', { name: 'Show this period' }).click()
    await expect(page.getByText('The end date is before the start date.')).toBeVisible()
    await expect(page).toHaveURL(/range=7/)

    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: `test-results/insights-${viewport.name}.png`, fullPage: true })
    await expectNoSeriousViolations(page, `/admin/insights (${viewport.name})`)
    expect(pageErrors).toEqual([])
  })
}
