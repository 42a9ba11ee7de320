import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import { expect, signInAsAdmin, test, VIEWPORTS } from './fixtures'
import { buyInTestMode, ORIGIN } from './test-mode-orders'

/**
 * Issue 35, "done when", in Chromium at a phone's and a desktop's width: an admin selects
 * three paid orders in the fulfilment queue, downloads their packing slips (one PDF, three
 * pages) and looks at the pick list, ships them with USPS tracking numbers; each buyer's mail
 * names the order by the number their confirmation page showed and links to USPS tracking; a
 * guest finds their order by email and number. Screenshots in test-results, axe on each screen.
 */
/** A guest's paid order of the Scroll through the test-mode payment page, with an address. */
function buyBox(page: Page, email: string) {
  return buyInTestMode(
    page.request,
    {
      email,
      firstName: 'Phoebe',
      lastName: 'Cenchreae',
      address: '1 Harbour Road',
      // Canada: the queue filtered to it holds this test's orders, not every other spec's.
      city: 'Ottawa',
      state: 'ON',
      zipCode: 'K1A 0B1',
      country: 'CA',
    },
    { fromSubnet: '10.252' },
  )
}

/** The number the buyer's confirmation page shows. */
async function numberOnConfirmation(page: Page, sessionId: string) {
  await page.goto(`/checkout?session_id=${encodeURIComponent(sessionId)}`)
  const number = page.locator('dt', { hasText: 'Order number' }).locator('xpath=following-sibling::dd[1]')
  await expect(number).toBeVisible()
  return (await number.innerText()).trim()
}

type Mail = { to: string; subject: string; text: string; html: string }
async function mailsTo(admin: Page, email: string): Promise<Mail[]> {
  const res = await admin.request.get('/api/dev/mail', { headers: { Accept: 'application/json' } })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: Mail[] }).data.filter((m) => m.to === email)
}

async function axeFindings(page: Page, area: string) {
  const axe = await new AxeBuilder({ page })
    .include(`main [data-remote="${area}"]`)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(1)
}

for (const viewport of VIEWPORTS) {
  test.describe(`fulfilment on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('queue, packing slips, pick list, ship with USPS, the mails, and a guest finding the order', async ({
      page,
      browser,
    }) => {
      test.setTimeout(240_000)
      const tag = `ful-${viewport.name}-${Date.now().toString(36)}`
      const buyer = await browser.newContext()
      const buyerPage = await buyer.newPage()
      const orders: { email: string; number: string }[] = []
      for (let i = 0; i < 3; i++) {
        const email = `${tag}-${i}@e2e.test`
        const sessionId = await buyBox(buyerPage, email)
        orders.push({ email, number: await numberOnConfirmation(buyerPage, sessionId) })
      }
      await buyer.close()

      await signInAsAdmin(page)
      await page.goto('/admin/fulfilment')
      await expect(page.getByRole('heading', { level: 1, name: 'Fulfilment' })).toBeVisible()
      await page.getByLabel('Country').selectOption('CA')
      await expect(page).toHaveURL(/[?&]country=CA/)
      const queue = page.getByRole('list', { name: 'Orders to ship' })
      for (const o of orders) {
        const card = queue.locator(`[data-order="${o.number}"]`)
        await expect(card).toBeVisible()
        await expect(card).toContainText('1 Harbour Road')
        await expect(card).toContainText('The Scroll of Antioch')
        await card.getByRole('checkbox', { name: `Select order ${o.number}` }).check()
      }
      await expect(page.getByRole('toolbar', { name: 'Selected orders' })).toContainText('3 selected')
      await page.screenshot({ path: `test-results/fulfilment-queue-${viewport.name}.png`, fullPage: true })
      expect(await axeFindings(page, 'admin-app')).toEqual([])
      await expectNoSidewaysScroll(page)

      // Packing slips: one PDF, a page per order, each naming its order.
      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: 'Packing slips' }).click()
      const file = await download
      expect(file.suggestedFilename()).toMatch(/^packing-slips-\d{4}-\d{2}-\d{2}\.pdf$/)
      const bytes = readFileSync((await file.path())!)
      const pdf = await PDFDocument.load(bytes)
      expect(pdf.getPageCount()).toBe(3)
      // Look at the pages: Chromium's own viewer, screenshotted.
      const viewer = await browser.newPage({ viewport: { width: 900, height: 1100 } })
      await viewer.goto(`data:application/pdf;base64,${bytes.toString('base64')}`).catch(() => undefined)
      await viewer.waitForTimeout(1500)
      await viewer.screenshot({ path: `test-results/fulfilment-packing-slips-${viewport.name}.png` })
      await viewer.close()

      // Pick list: 3 of the Scroll (at least: other tests' orders are not selected).
      await page.getByRole('button', { name: 'Pick list' }).click()
      const pick = page.getByRole('dialog')
      await expect(pick.getByRole('table', { name: 'Pick list' })).toContainText('The Scroll of Antioch')
      await expect(pick.getByRole('row').nth(1).getByRole('cell').last()).toHaveText('3')
      await page.screenshot({ path: `test-results/fulfilment-pick-list-${viewport.name}.png` })
      await page.keyboard.press('Escape')

      // Ship all three with USPS, one tracking number each.
      await page.getByRole('button', { name: 'Ship selected' }).click()
      const ship = page.getByRole('dialog')
      const tracking = orders.map((_, i) => `9400 1000 0000 0000 ${Date.now() % 10_000} ${i}`)
      for (const [i, o] of orders.entries()) {
        const row = ship.getByRole('listitem').filter({ hasText: o.number })
        await expect(row.getByLabel('Carrier')).toHaveValue('USPS')
        await row.getByLabel('Tracking number').fill(tracking[i]!)
      }
      await page.screenshot({ path: `test-results/fulfilment-ship-${viewport.name}.png` })
      await ship.getByRole('button', { name: 'Mark shipped' }).click()
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: '3 orders shipped' })).toBeVisible()
      await expect(ship).toBeHidden()
      for (const o of orders) await expect(queue.locator(`[data-order="${o.number}"]`)).toHaveCount(0)

      // Each buyer: one shipped mail, the same number as their confirmation, a USPS tracking link.
      for (const [i, o] of orders.entries()) {
        const mails = (await mailsTo(page, o.email)).filter((m) => m.subject.includes('has shipped'))
        expect(mails.map((m) => m.subject)).toEqual([
          `Your Lamplight Puzzle Co. order ${o.number} has shipped`,
        ])
        const link = `https://tools.usps.com/go/TrackConfirmAction?tLabels=${tracking[i]!.replace(/ /g, '')}`
        expect(mails[0]!.text).toContain(link)
        expect(mails[0]!.text).toContain(`${ORIGIN}/orders/lookup`)
        const confirmation = (await mailsTo(page, o.email)).find((m) =>
          m.subject.startsWith('Order confirmed'),
        )
        expect(confirmation?.subject).toContain(o.number)
      }

      // The orders list says shipped, and finds an order by the start of its number.
      await page.goto(`/admin/orders?q=${orders[0]!.number.slice(0, 5).toLowerCase()}`)
      await expect(page.getByRole('table', { name: 'Orders' })).toContainText('Shipped')
      await page.screenshot({ path: `test-results/fulfilment-orders-${viewport.name}.png`, fullPage: true })

      // A guest finds their order by email and number.
      const guest = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } })
      const guestPage = await guest.newPage()
      await guestPage.goto('/orders/lookup')
      await guestPage.getByLabel('Email').fill(orders[1]!.email)
      await guestPage.getByLabel('Order number').fill(orders[1]!.number.toLowerCase())
      await guestPage.getByRole('button', { name: 'Email me a link' }).click()
      await expect(guestPage.getByRole('status')).toContainText('If an order with this number was placed')
      expect(await axeFindings(guestPage, 'storefront')).toEqual([])
      await guestPage.screenshot({ path: `test-results/fulfilment-lookup-${viewport.name}.png` })
      const statusMail = (await mailsTo(page, orders[1]!.email)).find((m) =>
        m.text.includes('You asked to see your order'),
      )
      const statusLink = statusMail?.text.match(/https?:\/\/\S+\/orders\/status\?token=\S+/)?.[0]
      expect(statusLink).toBeTruthy()
      await guestPage.goto(new URL(statusLink!).pathname + new URL(statusLink!).search)
      await expect(
        guestPage.getByRole('heading', { level: 1, name: `Order ${orders[1]!.number}` }),
      ).toBeVisible()
      await expect(guestPage.getByText('Shipped', { exact: true })).toBeVisible()
      await expect(guestPage.getByRole('link', { name: /Track 9400/ })).toHaveAttribute(
        'href',
        /tools\.usps\.com/,
      )
      await expect(guestPage.getByText('1 Harbour Road')).toBeVisible()
      expect(await axeFindings(guestPage, 'storefront')).toEqual([])
      await expectNoSidewaysScroll(guestPage)
      await guestPage.screenshot({
        path: `test-results/fulfilment-status-${viewport.name}.png`,
        fullPage: true,
      })
      await guest.close()
    })
  })
}
