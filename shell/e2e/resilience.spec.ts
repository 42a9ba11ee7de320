import { expect, test } from './fixtures'

test('a blocked remote shows its own fallback with Retry while the chrome and other remotes work', async ({
  page,
  pageErrors,
}) => {
  let blocked = true
  await page.route('**/apps/storefront/**', (route) => (blocked ? route.abort() : route.continue()))

  await page.goto('/about')
  const failure = page.locator('[data-remote-error="storefront"]')
  await expect(failure).toBeVisible()
  await expect(failure.getByRole('heading')).toHaveText("This part of the site didn't load")
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()

  // Another remote still works, client-side.
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('button', { name: 'Resources' }).click()
  await nav.getByRole('link', { name: 'All Resources' }).click()
  await expect(page.locator('main [data-remote="resources-app"] h1')).toHaveText('Free Resources')

  // Back on the broken remote: still its fallback; once it is reachable, Retry brings it back.
  await nav.getByRole('link', { name: 'About' }).click()
  await expect(failure).toBeVisible()
  blocked = false
  await failure.getByRole('button', { name: 'Retry' }).click()
  await expect(page.locator('main [data-remote="storefront"] h1')).toHaveText('About Us')
  await expect(failure).toHaveCount(0)

  // The blocked requests themselves were logged by the browser; nothing else was.
  const unexpected = pageErrors.filter(
    (e) => !/storefront|ERR_FAILED|Failed to load resource|RUNTIME-008|remote/i.test(e),
  )
  expect(unexpected).toEqual([])
  pageErrors.length = 0
})

test('a missing remotes configuration leaves the chrome and a retry', async ({ page, pageErrors }) => {
  await page.route('**/remotes.json', (route) => route.fulfill({ status: 404, body: 'Not found' }))
  await page.goto('/shop')
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(
    page.locator('[data-remote-error="storefront"]').getByRole('button', { name: 'Retry' }),
  ).toBeVisible()
  pageErrors.length = 0
})

test('a remote whose manifest never answers shows its failure box with Retry once the deadline has passed', async ({
  page,
  pageErrors,
}) => {
  // The request is held, never answered: no error reaches the browser, only silence.
  let hang = true
  await page.route(/\/apps\/storefront\/mf-manifest\.json/, (route) => (hang ? undefined : route.continue()))
  await page.goto('/resources')
  await expect(page.locator('main [data-remote="resources-app"] h1')).toHaveText('Free Resources')

  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'About' }).click()
  const loading = page.locator('[data-remote-loading="storefront"]')
  const failure = page.locator('[data-remote-error="storefront"]')
  await expect(loading).toBeVisible()
  // The browser's deadline for a remote is 12 s (REMOTE_LOAD_DEADLINE_MS): the spinner gives way to the failure box.
  await expect(failure).toBeVisible({ timeout: 20_000 })
  await expect(loading).toHaveCount(0)
  await expect(failure.getByRole('heading')).toHaveText("This part of the site didn't load")
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()

  // Answered again: Retry loads it.
  hang = false
  await failure.getByRole('button', { name: 'Retry' }).click()
  await expect(page.locator('main [data-remote="storefront"] h1')).toHaveText('About Us')

  const unexpected = pageErrors.filter((e) => !/storefront|remote|did not answer/i.test(e))
  expect(unexpected).toEqual([])
  pageErrors.length = 0
})
