import { expect, fillPlanAddress, signInAsAdmin, signUpAs, test, uniqueEmail } from './fixtures'

// Issue 34 items 3 and 4 (decision 065): from /account a subscriber changes plan with the
// proration stated before confirming, pauses two months (the status says Paused until …),
// and the test clock charges and ships nothing in the paused months.

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
const monthAfter = (month: string) => {
  const [y, m] = month.split('-').map(Number)
  return new Date(Date.UTC(y!, m!, 1)).toISOString().slice(0, 7)
}

test('changes plan with the stated proration, pauses two months, and the clock renews nothing while paused', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  const email = uniqueEmail('self-service')
  await page.goto('/')
  await signUpAs(page, email)
  await page.goto('/shop')
  const planTab = context.waitForEvent('page')
  await page.getByRole('button', { name: 'Subscribe to Basic' }).click()
  const plan = await planTab
  await plan.waitForURL(/\/api\/payments\/test-billing\/checkout\/cs_test_/)
  await fillPlanAddress(plan, 'Selfserve')
  await plan.getByRole('button', { name: 'Pay $19.99 / month' }).click()
  await plan.waitForURL(/\/shop\?subscription=started/)
  await plan.close()

  await page.goto('/account')
  const mine = page.getByRole('region', { name: 'My subscription' })
  await expect(mine).toContainText('$19.99')
  const skipLabel = ((await mine.getByRole('button', { name: /^Skip / }).textContent()) ?? '').replace(
    /^Skip /,
    '',
  )
  const next = new Date(`${skipLabel.trim()} 1 UTC`)
  const first = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`

  // Change plan: the rule and the amounts come from the server before confirming.
  await mine.getByRole('button', { name: 'Change plan' }).click()
  const change = page.getByRole('dialog', { name: 'Change plan' })
  await expect(change.getByRole('radio', { name: /Premium/ })).toBeChecked()
  await expect(change).toContainText(
    /You pay the difference for the rest of this period now: \$\d+\.\d\d \(\d+ of \d+ days left in this period\); from .+ you pay \$29\.99 a month\./,
  )
  const stated = ((await change.getByText(/^You pay the difference/).textContent()) ?? '').trim()
  await page.screenshot({ path: 'test-results/account-change-plan-1280.png' })
  await change.getByRole('button', { name: 'Change to Premium' }).click()
  const changed = page.getByRole('dialog', { name: 'Your plan is now Premium' })
  await expect(changed).toContainText(stated)
  await changed.getByRole('button', { name: 'Done' }).click()
  await expect(mine).toContainText('Premium · $29.99/month')

  // Pause two months.
  await mine.getByRole('button', { name: 'Pause' }).click()
  const pause = page.getByRole('dialog', { name: 'Pause your subscription' })
  await pause.getByRole('radio', { name: /2 months/ }).check()
  await pause.getByRole('button', { name: 'Pause 2 months' }).click()
  await expect(mine.getByText(/^Paused until /)).toBeVisible()
  await expect(mine).toContainText('No boxes and no charges until')
  await expect(mine.getByRole('button', { name: 'Resume now' })).toBeVisible()
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await mine.scrollIntoViewIfNeeded()
    await mine.screenshot({ path: `test-results/account-subscription-paused-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 800 })

  // The admin's test clock through both paused months: nothing charged, nothing shipped.
  const adminContext = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.250.0.65' } })
  const admin = await adminContext.newPage()
  await admin.goto('/')
  await signInAsAdmin(admin)
  await admin.goto('/admin/subscribers')
  for (const month of [first, monthAfter(first)]) {
    await admin.getByLabel('Renew up to').fill(month)
    await admin.getByRole('button', { name: `Run ${monthName(month)} renewal` }).click()
    await expect(admin.getByText(`${monthName(month)} renewals run`).first()).toBeVisible()
  }
  await admin.getByLabel('Search by email or name').fill(email)
  await admin.waitForURL(/[?&]q=/)
  await admin.getByRole('button', { name: new RegExp(email) }).click()
  const detail = admin.getByRole('region', { name: email })
  for (const month of [first, monthAfter(first)])
    await expect(detail.locator('li', { hasText: `${monthName(month)} · Premium` })).toContainText(
      'Paused · $0.00',
    )
  await expect(detail).toContainText('paused')
  await adminContext.close()

  await page.reload()
  const months = mine.getByRole('list').last()
  for (const month of [first, monthAfter(first)])
    await expect(months.locator('li', { hasText: monthName(month) })).toContainText('Paused, not charged')
  // The pause is over: active again, the next payment is the Premium price.
  await expect(mine.getByText(/^Paused until /)).toHaveCount(0)
  await expect(mine).toContainText('$29.99')
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await mine.scrollIntoViewIfNeeded()
    await mine.screenshot({ path: `test-results/account-subscription-after-pause-${width}.png` })
  }
})
