import { addBillingMonths } from '@lamplight/contracts'
import { expect, fillPlanAddress, signUpAs, test, uniqueEmail } from './fixtures'

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a customer subscribes, refreshes to Active, and cancels in the portal (${viewport.width} px)`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(viewport)
    await page.goto('/')
    await signUpAs(page, uniqueEmail('subscriber'))
    await page.goto('/shop')

    const card = page.getByRole('region', { name: 'Your subscription' })
    await expect(card).toContainText('Not Subscribed')
    await expect(card.getByRole('button', { name: 'Manage Subscription' })).toHaveCount(0)

    // Subscribe: the TEST MODE plan page opens in a new tab.
    const planTab = context.waitForEvent('page')
    await page.getByRole('button', { name: 'Subscribe to Premium' }).click()
    const plan = await planTab
    await plan.setViewportSize(viewport)
    await plan.waitForURL(/\/api\/payments\/test-billing\/checkout\/cs_test_/)
    await expect(plan.getByText('TEST MODE')).toBeVisible()
    await expect(plan.locator('main')).toContainText('Premium')
    await plan.screenshot({
      path: `test-results/subscription-plan-page-${viewport.width}.png`,
      fullPage: true,
    })
    await fillPlanAddress(plan)
    const paying = new Date()
    await plan.getByRole('button', { name: 'Pay $29.99 / month' }).click()
    await plan.waitForURL(/\/shop\?subscription=started/)
    const paid = new Date()
    await plan.close()

    // Refresh: Active, the tier and the renewal date.
    await page.bringToFront()
    await card.getByRole('button', { name: 'Refresh' }).click()
    await expect(page.getByText('Subscription Updated')).toBeVisible()
    await expect(page.getByText('Your subscription status has been refreshed.')).toBeVisible()
    await expect(card).toContainText('Active')
    await expect(card).toContainText('Premium plan')
    // A month after the payment (UTC): paid across midnight, either day's.
    const renewals = [paying, paid].map((at) =>
      addBillingMonths(at, 1).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
    )
    await expect(card).toContainText(new RegExp(`Renews on (${renewals.join('|')})`))
    await expect(page.getByRole('button', { name: 'Your current plan' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Switch to Family' })).toBeVisible()
    await page.getByRole('button', { name: 'Switch to Family' }).scrollIntoViewIfNeeded()
    await page.screenshot({ path: `test-results/subscription-plans-${viewport.width}.png` })
    await card.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `test-results/subscription-active-${viewport.width}.png` })

    // Manage Subscription: the TEST MODE portal; cancel at period end.
    const portalTab = context.waitForEvent('page')
    await card.getByRole('button', { name: 'Manage Subscription' }).click()
    const portal = await portalTab
    await portal.setViewportSize(viewport)
    await portal.waitForURL(/\/api\/payments\/test-billing\/portal$/)
    await expect(portal.getByText('TEST MODE')).toBeVisible()
    await expect(portal.locator('main')).toContainText('Premium')
    await portal.getByRole('button', { name: 'Cancel at period end' }).click()
    await expect(portal.getByRole('button', { name: 'Resume subscription' })).toBeVisible()
    await portal.screenshot({
      path: `test-results/subscription-portal-${viewport.width}.png`,
      fullPage: true,
    })
    await portal.close()

    await page.bringToFront()
    await card.getByRole('button', { name: 'Refresh' }).click()
    await expect(card).toContainText('Cancelled: ends on')

    // My account shows the plan too.
    await page.goto('/account')
    const mine = page.getByRole('region', { name: 'My subscription' })
    await expect(mine).toContainText('Premium')
    await expect(mine).toContainText('Cancelled, active until the end date')
    await expect(mine.getByRole('button', { name: 'Manage Subscription' })).toBeVisible()
    await page.screenshot({ path: `test-results/subscription-account-${viewport.width}.png`, fullPage: true })
  })
}
