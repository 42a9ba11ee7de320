import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { orderNumber } from '@lamplight/contracts'
import type { Browser, Locator, Page } from '@playwright/test'
import { ADMIN_EMAIL, expect, signInAsAdmin, signUpAs, test, uniqueEmail, VIEWPORTS } from './fixtures'
import { buyInTestMode, ORIGIN } from './test-mode-orders'

const PRODUCT = 'scroll-of-antioch'

/** A customer of their own, signed up in a context of their own; answers their id. */
async function newCustomer(browser: Browser, email: string, name: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signUpAs(page, email, 'e2e password 1', name)
  const session = await (await page.request.get('/api/auth/get-session')).json()
  return { context, page, id: session.user.id as string }
}

/** A paid order of the box bought through the test-mode payment page, with a shipping address. */
async function buyBox(page: Page, email: string, lastName: string) {
  const sessionId = await buyInTestMode(
    page.request,
    {
      email,
      firstName: 'Phoebe',
      lastName,
      address: '1 Cenchreae Road',
      city: 'Atlanta',
      state: 'GA',
      zipCode: '30301',
      country: 'US',
    },
    { fromSubnet: '10.251' },
  )
  const done = await page.request.post('/api/checkout/success', {
    headers: { Origin: ORIGIN },
    data: { sessionId },
  })
  expect(done.status(), await done.text()).toBe(200)
  const orderId = ((await done.json()) as { data: { order_id: string } }).data.order_id
  return { orderId, sessionId }
}

/** The order number the buyer is shown on their confirmation page. */
async function numberTheBuyerSaw(page: Page, sessionId: string) {
  await page.goto(`/checkout?session_id=${encodeURIComponent(sessionId)}`)
  const number = page.locator('dt', { hasText: 'Order number' }).locator('xpath=following-sibling::dd[1]')
  await expect(number).toBeVisible()
  return (await number.innerText()).trim()
}

/** The order number a row of the admin's orders table shows. */
async function numberFromList(table: Locator, row: number) {
  return (await table.getByRole('row').nth(row).getByRole('link').first().innerText()).trim()
}

/**
 * Two clicks in the same turn of the page, before React can render the button busy: the
 * fastest double click (Playwright's own dblclick leaves the page time to render between).
 */
async function clickTwiceAtOnce(button: Locator) {
  await button.evaluate((element: HTMLElement) => {
    element.click()
    element.click()
  })
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click()
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true')
}

async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible()
}

/** Nothing on the page is wider than the screen (a table may scroll inside its own box). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(1)
}

function rowWith(table: Locator, text: string) {
  return table.getByRole('row').filter({ hasText: text })
}

for (const viewport of VIEWPORTS) {
  test.describe(`admin console on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('the dashboard tabs: customers, purchases, puzzle content, progress, resources, messages, audit log', async ({
      page,
      browser,
    }) => {
      test.setTimeout(150_000)
      const email = uniqueEmail(`tabs-${viewport.name}`)
      const customer = await newCustomer(browser, email, `Lydia ${viewport.name}`)
      const contact = await customer.page.request.post('/api/contact', {
        headers: { Origin: ORIGIN },
        data: {
          name: `Lydia ${viewport.name}`,
          email,
          subject: 'Lost box',
          message: `Where is my box? ${email}`,
        },
      })
      expect(contact.status(), await contact.text()).toBeLessThan(300)

      await signInAsAdmin(page)
      await page.goto('/admin')
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
      await expect(page).toHaveTitle(/Admin Dashboard/)
      await expect(page.getByText('Revenue this month')).toBeVisible()
      await expect(page.getByRole('link', { name: 'View Orders' })).toBeVisible()
      await page.screenshot({ path: `test-results/admin-dashboard-${viewport.name}.png`, fullPage: true })

      // Customers: search, grant (confirm, toast), a second grant changes nothing, role change.
      const customers = page.getByRole('table', { name: 'Customers' })
      await page.getByRole('searchbox', { name: 'Search customers' }).fill(email)
      await expect(customers.getByRole('row')).toHaveCount(2)
      const row = rowWith(customers, email)
      await row.getByRole('button', { name: 'Grant access' }).click()
      const grant = page.getByRole('dialog', { name: 'Grant access' })
      await expect(grant.getByText(email)).toBeVisible()
      await page.screenshot({ path: `test-results/admin-grant-${viewport.name}.png` })
      // A double click on the confirm button grants once: one request, one toast.
      const grants: string[] = []
      page.on('request', (request) => {
        if (request.method() === 'POST' && /\/api\/admin\/customers\/[^/]+\/grant$/.test(request.url()))
          grants.push(request.url())
      })
      await clickTwiceAtOnce(grant.getByRole('button', { name: 'Grant access' }))
      await expectToast(page, 'Access granted successfully')
      await expect(grant).toBeHidden()
      expect(grants).toHaveLength(1)
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'already had access' })).toHaveCount(
        0,
      )
      await expect(row.getByRole('cell').nth(4)).toHaveText('1')
      await row.getByRole('button', { name: 'Grant access' }).click()
      await page
        .getByRole('dialog', { name: 'Grant access' })
        .getByRole('button', { name: 'Grant access' })
        .click()
      await expectToast(page, 'They already had access; nothing changed.')
      await expect(row.getByRole('cell').nth(4)).toHaveText('1')

      // Admin is never one click: the dialog says what it gives, and Cancel changes nothing.
      await row.getByRole('combobox', { name: `Role of ${email}` }).click()
      await page.getByRole('option', { name: 'Admin' }).click()
      const makeAdmin = page.getByRole('dialog', { name: 'Make this person an admin?' })
      await expect(makeAdmin).toContainText(email)
      await expect(makeAdmin).toContainText('including making more admins')
      await page.screenshot({ path: `test-results/admin-make-admin-${viewport.name}.png` })
      await makeAdmin.getByRole('button', { name: 'Cancel' }).click()
      await expect(makeAdmin).toBeHidden()
      await expect(row.getByRole('combobox', { name: `Role of ${email}` })).toHaveText('Customer')
      // The signed-in admin's own role cannot be changed here.
      await page.getByRole('searchbox', { name: 'Search customers' }).fill(ADMIN_EMAIL)
      await expect(
        rowWith(customers, ADMIN_EMAIL).getByRole('combobox', { name: `Role of ${ADMIN_EMAIL}` }),
      ).toBeDisabled()
      await page.getByRole('searchbox', { name: 'Search customers' }).fill(email)
      await expect(customers.getByRole('row')).toHaveCount(2)

      await row.getByRole('combobox', { name: `Role of ${email}` }).click()
      await page.getByRole('option', { name: 'Editor' }).click()
      await expectToast(page, `${email} is now editor`)
      await expect(row.getByRole('combobox', { name: `Role of ${email}` })).toHaveText('Editor')
      await page.screenshot({ path: `test-results/admin-customers-${viewport.name}.png`, fullPage: true })

      // Purchases: the grant, with customer and product.
      await openTab(page, 'Purchases')
      const purchases = page.getByRole('table', { name: 'Purchases' })
      // Newest first: the orders test, running beside this one, may have pushed it to a later page.
      const purchase = rowWith(purchases, email).first()
      const purchasePages = page.getByRole('navigation', { name: 'Purchase pages' })
      for (let turn = 0; turn < 6; turn++) {
        await expect(purchases.getByRole('row').nth(1)).toBeVisible()
        await expect(purchases).not.toHaveAttribute('aria-busy', 'true')
        if (await purchase.isVisible()) break
        await purchasePages.getByRole('button', { name: /Next/ }).click()
      }
      await expect(purchase).toBeVisible()
      await expect(purchase).toContainText('The Scroll of Antioch')

      // Puzzle content: the edit form saves (the same words back: other tests play these steps).
      await openTab(page, 'Puzzle Content')
      await page.getByRole('button', { name: /^Edit step 1 of The Scroll of Antioch/ }).click()
      const editor = page.getByRole('dialog')
      await expect(editor.getByLabel('Title')).not.toHaveValue('')
      await page.screenshot({ path: `test-results/admin-puzzle-edit-${viewport.name}.png` })
      await editor.getByRole('button', { name: 'Save changes' }).click()
      await expectToast(page, 'Content updated successfully')
      await expect(editor).toBeHidden()

      // User progress: the customer opens the puzzle (a record at step 1), the admin resets it.
      const opened = await customer.page.request.get(`/api/puzzles/${PRODUCT}`)
      expect(opened.status(), await opened.text()).toBe(200)
      await openTab(page, 'User Progress')
      const progress = page.getByRole('table', { name: 'User progress' })
      const playerRow = rowWith(progress, email)
      await expect(playerRow).toBeVisible()
      await expect(playerRow).toContainText('In progress')
      await page.screenshot({ path: `test-results/admin-progress-${viewport.name}.png`, fullPage: true })
      await playerRow.getByRole('button', { name: /^Reset progress of/ }).click()
      const reset = page.getByRole('dialog', { name: 'Reset puzzle progress' })
      await expect(reset).toContainText(email)
      await reset.getByRole('button', { name: 'Reset progress' }).click()
      await expectToast(page, 'Progress reset successfully!')
      await expect(playerRow).toHaveCount(0)

      // Messages: the customer's message, marked handled.
      await openTab(page, 'Messages')
      const messages = page.getByRole('table', { name: /messages/i })
      const message = rowWith(messages, email)
      await expect(message).toBeVisible()
      await message.getByRole('button', { name: /^Mark handled/ }).click()
      await expectToast(page, 'Marked as handled')
      await expect(message.getByRole('button', { name: /^Handled/ })).toHaveAttribute('aria-pressed', 'true')

      // Audit log: the role change, by the admin, with before and after.
      await openTab(page, 'Audit log')
      const audit = page.getByRole('table', { name: 'Audit log' })
      const roleChange = audit.getByRole('row').filter({ hasText: 'User role changed' }).first()
      await expect(roleChange).toBeVisible()
      await expect(roleChange).toContainText(ADMIN_EMAIL)
      await expect(roleChange).toContainText('customer')
      await expect(roleChange).toContainText('editor')
      await expect(audit.getByRole('row').filter({ hasText: 'User progress reset' }).first()).toBeVisible()
      await expect(audit.getByRole('row').filter({ hasText: 'Message handled' }).first()).toBeVisible()
      await page.screenshot({ path: `test-results/admin-audit-${viewport.name}.png`, fullPage: true })
      await expectNoSidewaysScroll(page)
      await customer.context.close()
    })

    test('the resources tab: publish, unpublish and delete with confirmation', async ({ page }) => {
      // The seeded library is what the other browser tests read: this test answers the
      // list and the writes itself (the API tests cover the server side of them).
      const resource = {
        id: '11111111-2222-4333-8444-555555555555',
        slug: 'e2e-draft-sheet',
        title: 'E2E Draft Sheet',
        category: { name: 'Games & Puzzles', slug: 'games-puzzles' },
        published: false,
        is_featured: false,
        downloads: 3,
        created_at: '2026-01-02T00:00:00.000Z',
      }
      let rows = [resource]
      await page.route('**/api/admin/resources?*', (route) =>
        route.fulfill({ json: { data: rows, total: rows.length } }),
      )
      await page.route('**/api/admin/resources', (route) =>
        route.fulfill({ json: { data: rows, total: rows.length } }),
      )
      await page.route(`**/api/admin/resources/${resource.id}/published`, async (route) => {
        const { published } = route.request().postDataJSON() as { published: boolean }
        rows = rows.map((r) => ({ ...r, published }))
        await route.fulfill({ json: { data: rows[0] } })
      })
      await page.route(`**/api/admin/resources/${resource.id}`, async (route) => {
        expect(route.request().method()).toBe('DELETE')
        rows = []
        await route.fulfill({ json: { data: { id: resource.id } } })
      })
      await signInAsAdmin(page)
      await page.goto('/admin?tab=resources')
      const table = page.getByRole('table', { name: /resources/i })
      const row = rowWith(table, resource.title)
      await expect(row).toContainText('Draft')
      await expect(page.getByRole('link', { name: `Edit ${resource.title}` })).toHaveAttribute(
        'href',
        `/admin/resources/${resource.id}/edit`,
      )
      await row.getByRole('button', { name: `Publish ${resource.title}` }).click()
      await expectToast(page, 'Resource published successfully')
      await expect(row).toContainText('Published')
      await row.getByRole('button', { name: `Unpublish ${resource.title}` }).click()
      await expectToast(page, 'Resource unpublished successfully')
      await expect(row).toContainText('Draft')
      await page.screenshot({ path: `test-results/admin-resources-${viewport.name}.png`, fullPage: true })

      await row.getByRole('button', { name: `Delete ${resource.title}` }).click()
      const confirm = page.getByRole('dialog')
      await expect(confirm).toContainText(resource.title)
      await confirm.getByRole('button', { name: 'Cancel' }).click()
      await expect(row).toBeVisible()
      await row.getByRole('button', { name: `Delete ${resource.title}` }).click()
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Delete/ })
        .click()
      await expectToast(page, 'Resource deleted successfully')
      await expect(page.getByText('No resources found')).toBeVisible()
    })

    test('orders: filters in the URL, pages, export, detail with Mark shipped and Refund', async ({
      page,
      browser,
    }) => {
      test.setTimeout(150_000)
      const tag = `orders-${viewport.name}-${Date.now().toString(36)}`
      const buyer = await browser.newContext()
      const buyerPage = await buyer.newPage()
      // 27 orders under one search word: two pages of 25.
      const bought: { orderId: string; sessionId: string }[] = []
      for (let i = 0; i < 27; i++) bought.push(await buyBox(buyerPage, `${tag}-${i}@e2e.test`, `Junia${tag}`))
      const ids = bought.map((order) => order.orderId)
      // The number the last buyer was shown: what they would quote to support.
      const quoted = await numberTheBuyerSaw(buyerPage, bought[26]!.sessionId)
      expect(quoted).toMatch(/^[A-Z0-9_]{8}$/)
      await buyer.close()

      await signInAsAdmin(page)
      await page.goto('/admin/orders')
      await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
      await expect(page).toHaveTitle(/Orders/)
      const table = page.getByRole('table', { name: 'Orders' })

      await page.getByRole('searchbox', { name: 'Search' }).fill(tag)
      await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`))
      await expect(table.getByRole('row')).toHaveCount(26)
      const pages = page.getByRole('navigation', { name: 'Order pages' })
      await pages.getByRole('button', { name: 'Page 2', exact: true }).click()
      await expect(page).toHaveURL(/[?&]page=2/)
      await expect(table.getByRole('row')).toHaveCount(3)

      // The number the buyer quotes finds their order, in any case; the list shows that number.
      for (const typed of [quoted, quoted.toLowerCase()]) {
        await page.goto(`/admin/orders?q=${encodeURIComponent(typed)}`)
        await expect(table.getByRole('row')).toHaveCount(2)
        await expect(table.getByRole('link', { name: `Order ${quoted}` })).toBeVisible()
        await expect(table.getByRole('row').nth(1)).toContainText(`${tag}-26@e2e.test`)
      }
      await page.screenshot({ path: `test-results/admin-orders-by-number-${viewport.name}.png` })
      // ... and so does the address with that number (or the buyer's whole session id) in it.
      await page.goto(`/admin/orders/${quoted.toLowerCase()}`)
      await expect(page).toHaveURL(`/admin/orders/${ids[26]}`)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(quoted)
      await page.goto(`/admin/orders/${bought[26]!.sessionId}`)
      await expect(page).toHaveURL(`/admin/orders/${ids[26]}`)
      await page.goto('/admin/orders/NOSUCHNO')
      await expect(page.getByRole('heading', { level: 1, name: 'Order Not Found' })).toBeVisible()

      // The URL holds the filters: a reload (or a shared link) shows the same list.
      await page.goto(`/admin/orders?q=${tag}&status=refunded`)
      await expect(page.getByText('No orders found')).toBeVisible()
      await page.goto(`/admin/orders?q=${tag}&status=completed&sort=customer_email&dir=asc`)
      await expect(table.getByRole('row')).toHaveCount(26)
      await expect(table.getByRole('row').nth(1)).toContainText(`${tag}-0@e2e.test`)
      await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('completed')
      await page.screenshot({ path: `test-results/admin-orders-${viewport.name}.png`, fullPage: true })
      await expectNoSidewaysScroll(page)

      // Export: the same filters, saved as orders-YYYY-MM-DD.csv.
      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: 'Export CSV' }).click()
      const file = await download
      expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/)
      const csv = readFileSync((await file.path())!, 'utf8')
      const lines = csv.trim().split(/\r?\n/)
      expect(lines[0]).toBe(
        'order_id,order_number,created_at,updated_at,customer_name,customer_email,customer_created_at,product_title,product_sku,product_id,amount_cents,status,stripe_session_id,amount,lines,fulfilment_status,ship_to_name,ship_to_address,ship_to_city,ship_to_state,ship_to_postal_code,ship_to_country,shipped_at,carrier,tracking_number',
      )
      expect(lines).toHaveLength(28)
      expect(lines[1]).toContain(`${tag}-0@e2e.test`)

      // Detail: shipped with a tracking number, then refunded after a confirmation.
      const first = ids[0]!
      const firstNumber = await numberFromList(table, 1)
      await table.getByRole('link', { name: `Order ${firstNumber}` }).click()
      await expect(page).toHaveURL(`/admin/orders/${first}`)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(firstNumber)
      // The whole id stays on the page, for support.
      await expect(page.getByText(first, { exact: true })).toBeVisible()
      await expect(page.getByText('1 Cenchreae Road')).toBeVisible()
      await page.getByRole('button', { name: 'Ship', exact: true }).click()
      const ship = page.getByRole('dialog')
      await ship.getByLabel('Tracking number').fill('1Z 999 AA1')
      await ship.getByRole('button', { name: /Mark shipped/ }).click()
      await expectToast(page, /shipped/i)
      await expect(page.getByText('1Z 999 AA1').first()).toBeVisible()
      await page.getByRole('button', { name: 'Refund' }).click()
      const refund = page.getByRole('dialog')
      await expect(refund).toBeVisible()
      // A double click refunds once: one request, and no "already refunded" failure beside the success.
      const refunds: string[] = []
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/refund')) refunds.push(request.url())
      })
      await clickTwiceAtOnce(refund.getByRole('button', { name: /Refund/ }))
      await expectToast(page, 'Order refunded')
      await expect(refund).toBeHidden()
      expect(refunds).toHaveLength(1)
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to refund' })).toHaveCount(0)
      await expect(page.getByText('Refunded').first()).toBeVisible()
      await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0)
      await page.screenshot({ path: `test-results/admin-order-detail-${viewport.name}.png`, fullPage: true })
      await expectNoSidewaysScroll(page)

      await page.goto('/admin/orders/00000000-0000-4000-8000-000000000000')
      await expect(page.getByRole('heading', { level: 1, name: 'Order Not Found' })).toBeVisible()
      await expect(page).toHaveTitle(/Order Not Found/)
      await expect(page.getByRole('link', { name: 'Back to orders' })).toBeVisible()
      await page.screenshot({ path: `test-results/admin-order-not-found-${viewport.name}.png` })
    })

    test('a customer opening /admin is told Access Denied and sent home', async ({ page }) => {
      await signUpAs(page, uniqueEmail('nosy'))
      await page.goto('/admin/orders')
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Access Denied' })).toBeVisible()
      await expect(page).toHaveURL(`${ORIGIN}/`)
      const denied = await page.request.get('/api/admin/orders')
      expect(denied.status()).toBe(403)
    })
  })
}

test.describe('the standalone console', () => {
  let server: ChildProcess | undefined
  test.afterEach(() => {
    server?.kill('SIGTERM')
    server = undefined
  })

  test('runs on its own origin and an admin signs in there', async ({ page }) => {
    test.setTimeout(300_000)
    const port = process.env.E2E_CONSOLE_PORT
    test.skip(!port, 'run through e2e/run.mjs')
    const repo = path.resolve(fileURLToPath(new URL('../..', import.meta.url)))
    server = spawn('node', ['admin-app/scripts/console.mjs'], {
      cwd: repo,
      env: { ...process.env, PORT: port, HOST: '127.0.0.1', PUBLIC_API_URL: ORIGIN },
      stdio: 'inherit',
    })
    const consoleUrl = `http://localhost:${port}`
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${consoleUrl}/runtime-config.js`)).status
          } catch {
            return 0
          }
        },
        { timeout: 240_000, intervals: [1_000] },
      )
      .toBe(200)

    const dataDir = process.env.E2E_DATA_DIR!
    const credentials = readFileSync(path.join(dataDir, 'admin-credentials.txt'), 'utf8')
    const password = /^password: (.+)$/m.exec(credentials)![1]!.trim()

    await page.goto(`${consoleUrl}/admin`)
    await expect(page.getByRole('heading', { name: 'Admin console' })).toBeVisible()
    await page.getByLabel('Email').fill(ADMIN_EMAIL)
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible()
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Customers' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Orders' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible()
    expect(new URL(page.url()).origin).toBe(consoleUrl)
    await page.screenshot({ path: 'test-results/admin-console-orders.png', fullPage: true })
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page.getByRole('heading', { name: 'Admin console' })).toBeVisible()
  })
})

// Issue 40: what a new shop owner tripped over in the console.
test.describe('at desktop width, the owner', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('reads the audit log as who did what to which order, with the id a click away; one empty state', async ({
    page,
    browser,
  }) => {
    const buyer = await browser.newContext()
    const { orderId, sessionId } = await buyBox(await buyer.newPage(), uniqueEmail('audited'), 'Audited')
    await buyer.close()
    await signInAsAdmin(page)
    const ship = await page.request.post(`/api/admin/orders/${orderId}/ship`, {
      headers: { Origin: ORIGIN },
      data: { trackingNumber: '1Z-AUDIT-40' },
    })
    expect(ship.status(), await ship.text()).toBe(200)

    await page.goto('/admin?tab=audit')
    const audit = page.getByRole('table', { name: 'Audit log' })
    const number = orderNumber(sessionId, orderId)
    const row = audit.getByRole('row').filter({ hasText: `Order #${number}` })
    await expect(row).toHaveCount(1)
    await expect(row).toContainText('Order shipped')
    await expect(row).toContainText(ADMIN_EMAIL)
    const subject = row.getByRole('link', { name: `Order #${number} · The Scroll of Antioch` })
    await expect(subject).toHaveAttribute('href', `/admin/orders/${orderId}`)
    // The id is there for support, but not in the way.
    await expect(row.getByText(orderId)).toBeHidden()
    await row.getByText('Id', { exact: true }).click()
    await expect(row.getByText(orderId)).toBeVisible()
    await page.screenshot({ path: 'test-results/admin-audit-subjects-desktop.png' })
    await subject.click()
    await expect(page).toHaveURL(`/admin/orders/${orderId}`)

    // Nothing recorded: the table says so once, and no pager says it again.
    await page.route('**/api/admin/audit?**', (route) => route.fulfill({ json: { data: [], total: 0 } }))
    await page.goto('/admin?tab=audit')
    await expect(page.getByText('No changes recorded yet')).toHaveCount(1)
    await expect(page.getByText('Nothing to show')).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Audit log pages' })).toHaveCount(0)
  })

  test('finds Deployments on a page of its own for developers, not among the dashboard tabs', async ({
    page,
    pageErrors,
  }) => {
    await signInAsAdmin(page)
    await page.goto('/admin')
    await expect(page.getByRole('tab')).toHaveText([
      'Customers',
      'Purchases',
      'Puzzle Content',
      'User Progress',
      'Resources',
      'Messages',
      'Audit log',
    ])
    await page.getByRole('link', { name: 'Deployments (developers)' }).click()
    await expect(page).toHaveURL(/\/admin\/deployments$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Deployments' })).toBeVisible()
    await expect(page).toHaveTitle(/Deployments/)
    await expect(page.getByRole('row').filter({ hasText: 'Storefront' })).toBeVisible()
    await page.screenshot({ path: 'test-results/admin-deployments-page-desktop.png' })
    // An old link to the tab lands on the page.
    await page.goto('/admin?tab=deployments')
    await expect(page).toHaveURL(/\/admin\/deployments$/)
    await page.getByRole('link', { name: 'Back to the dashboard' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
    expect(pageErrors).toEqual([])
  })
})

test.describe('on a phone, the owner', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('sorts the orders with a control of its own (the headers are hidden there), and sees the whole date fields', async ({
    page,
    browser,
  }) => {
    const tag = `sort-${Date.now().toString(36)}`
    const buyer = await browser.newContext()
    const buyerPage = await buyer.newPage()
    for (const name of ['b', 'a', 'c']) await buyBox(buyerPage, `${tag}-${name}@e2e.test`, `Sort${tag}`)
    await buyer.close()
    await signInAsAdmin(page)
    await page.goto(`/admin/orders?q=${tag}`)
    const table = page.getByRole('table', { name: 'Orders' })
    await expect(table.getByRole('row')).toHaveCount(4)
    // The headers (and their sort buttons) are there for screen readers only: a pixel wide.
    const header = await table.getByRole('rowgroup').first().boundingBox()
    expect(header?.width).toBeLessThanOrEqual(1)

    const sort = page.getByRole('combobox', { name: 'Sort by' })
    await expect(sort).toBeVisible()
    await expect(sort).toHaveValue('created_at:desc')
    await sort.selectOption({ label: 'Customer, ascending' })
    await expect(page).toHaveURL(/[?&]sort=customer_email&dir=asc/)
    await expect(table.getByRole('row').nth(1)).toContainText(`${tag}-a@e2e.test`)
    await sort.selectOption({ label: 'Customer, descending' })
    await expect(table.getByRole('row').nth(1)).toContainText(`${tag}-c@e2e.test`)

    // The date fields show their whole value and calendar button: nothing inside them is cut off.
    for (const name of ['From', 'To']) {
      const field = page.getByLabel(name, { exact: true })
      await field.fill('2026-01-15')
      const fits = await field.evaluate((el) => el.scrollWidth <= el.clientWidth)
      expect(fits, `${name} shows all of itself`).toBe(true)
      const box = await field.boundingBox()
      expect(box?.width).toBeGreaterThanOrEqual(200)
    }
    await page.getByLabel('From', { exact: true }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: 'test-results/admin-orders-sort-phone.png' })
  })
})
