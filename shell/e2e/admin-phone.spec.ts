import type { Page } from '@playwright/test'
import { expect, signInAsAdmin, test } from './fixtures'
import { buyInTestMode } from './test-mode-orders'

// The owner's console on a phone: what a thumb taps is 44 px, the dashboard's page links sit
// in even columns, and the charts' axis labels are whole.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

/**
 * Every control of the page's main area a thumb could tap (links, buttons, fields, tabs, a
 * checkbox's label) that is shown and less than 44 px tall or wide, as "what WxH".
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const controls = main.querySelectorAll(
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=tab], label:has(input[type=checkbox])',
    )
    const small: string[] = []
    for (const el of controls) {
      const box = el.getBoundingClientRect()
      if (!box.width || !box.height) continue
      // A checkbox inside its label: the label is the target.
      if (el.matches('input[type=checkbox]') && el.closest('label')) continue
      // Within a part hidden to the eye (the stacked tables' screen-reader headers).
      let hidden = false
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        const p = parent.getBoundingClientRect()
        if (p.width <= 1 || p.height <= 1) hidden = true
      }
      if (hidden) continue
      if (box.height < 44 || box.width < 44) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)
        small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`)
      }
    }
    return small
  })
}

test('the dashboard: page links in even columns, and every control a thumb can tap', async ({
  page,
  pageErrors,
}) => {
  await page.goto('/')
  await signInAsAdmin(page)
  await page.goto('/admin')
  const links = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link')
  await expect(links.first()).toBeVisible()
  const boxes = await links.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()))
  expect(boxes.length).toBeGreaterThanOrEqual(8)
  // Two columns of one width, each row's two links of one height: no ragged rows.
  expect(new Set(boxes.map((b) => Math.round(b.width))).size).toBe(1)
  expect(new Set(boxes.map((b) => Math.round(b.x))).size).toBe(2)
  for (let i = 0; i + 1 < boxes.length; i += 2) expect(boxes[i]?.height).toBe(boxes[i + 1]?.height)
  // The tabs wrap onto rows of their own, inside their list: nothing below is covered.
  const tabList = page.getByRole('tablist', { name: 'Dashboard sections' })
  const list = await tabList.boundingBox()
  const lastTab = await tabList.getByRole('tab').last().boundingBox()
  expect((lastTab?.y ?? 0) + (lastTab?.height ?? 0)).toBeLessThanOrEqual(
    (list?.y ?? 0) + (list?.height ?? 0) + 1,
  )
  for (const tab of ['customers', 'purchases', 'resources']) {
    await page.goto(`/admin?tab=${tab}`)
    await expect(page.getByRole('tab', { selected: true })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await smallTargets(page), `the ${tab} tab`).toEqual([])
  }
  await page.screenshot({ path: 'test-results/admin-dashboard-phone.png', fullPage: true })
  expect(pageErrors).toEqual([])
})

test('the orders, an order, the products, fulfilment and discounts: every control a thumb can tap', async ({
  page,
  pageErrors,
}) => {
  await buyInTestMode(
    page.request,
    {
      email: `thumb-${Date.now().toString(36)}@e2e.test`,
      firstName: 'Phoebe',
      lastName: 'Thumb',
      address: '1 Cenchreae Road',
      city: 'Atlanta',
      state: 'GA',
      zipCode: '30301',
      country: 'US',
    },
    { fromSubnet: '10.252' },
  )
  await page.goto('/')
  await signInAsAdmin(page)
  await page.goto('/admin/orders')
  const table = page.getByRole('table', { name: 'Orders' })
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  expect(await smallTargets(page), 'the orders').toEqual([])
  await table.getByRole('row').nth(1).getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/order/i)
  await page.waitForLoadState('networkidle')
  expect(await smallTargets(page), 'an order').toEqual([])
  for (const path of ['/admin/products', '/admin/fulfilment', '/admin/discounts']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await smallTargets(page), path).toEqual([])
  }
  expect(pageErrors).toEqual([])
})

test("Insights: the charts' axis labels are whole, inside their charts", async ({ page, pageErrors }) => {
  await buyInTestMode(
    page.request,
    {
      email: `axis-${Date.now().toString(36)}@e2e.test`,
      firstName: 'Lydia',
      lastName: 'Axis',
      address: '1 River Road',
      city: 'Philippi',
      state: 'GA',
      zipCode: '30301',
      country: 'US',
    },
    { collectShipping: false, fromSubnet: '10.252' },
  )
  await page.goto('/')
  await signInAsAdmin(page)
  await page.goto('/admin/insights')
  for (const name of ['Revenue per day', 'Top products']) {
    const chart = page.getByRole('region', { name })
    const label = chart.locator('.recharts-label').first()
    await expect(label).toBeVisible({ timeout: 30_000 })
    const labels = await chart.locator('.recharts-label').evaluateAll((els) =>
      els.map((el) => {
        const svg = el.closest('svg')?.getBoundingClientRect()
        const box = el.getBoundingClientRect()
        return {
          text: el.textContent,
          inside: !!svg && box.top >= svg.top && box.bottom <= svg.bottom && box.left >= svg.left,
        }
      }),
    )
    // Revenue: its value and period axes; Top products: its value axis (the names are the other).
    expect(labels.length, name).toBeGreaterThanOrEqual(name === 'Top products' ? 1 : 2)
    for (const { text, inside } of labels) expect(inside, `${name}: "${text}" is whole`).toBe(true)
  }
  // Money on an axis reads short, the minus sign first ($750, $1.2K, -$250).
  const ticks = await page
    .getByRole('region', { name: 'Revenue per day' })
    .locator('.recharts-yAxis .recharts-cartesian-axis-tick-value')
    .allTextContents()
  for (const tick of ticks) expect(tick).toMatch(/^-?\$\d+(\.\d)?K?$/)
  expect(await smallTargets(page)).toEqual([])
  expect(pageErrors).toEqual([])
})
