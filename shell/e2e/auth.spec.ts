import {
  ADMIN_EMAIL,
  expect,
  holdBack,
  mailedLink,
  signInAsAdmin,
  signUpAs,
  test,
  uniqueEmail,
} from './fixtures'

test('signing up signs the visitor in, with their email in the header', async ({ page, pageErrors }) => {
  const email = uniqueEmail('newcomer')
  await page.goto('/auth')
  await page.getByRole('tab', { name: 'Sign Up' }).click()
  await page.getByLabel('Full name').fill('Priscilla Tentmaker')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('tents and letters 1')
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page.getByText('Welcome to Lamplight Puzzle Co.!')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  const header = page.getByRole('banner')
  await expect(header.getByText(email)).toBeVisible()
  await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible()
  // Customers do not see the Admin link.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin', exact: true }),
  ).toHaveCount(0)
  expect(pageErrors).toEqual([])
})

// On a slow phone the server-rendered form shows long before React owns it (or a password
// manager fills it then): what it holds when React takes over is what signs in.
test('a sign-in typed before the page hydrated signs in with what was typed', async ({
  page,
  pageErrors,
}) => {
  const email = uniqueEmail('early')
  await signUpAs(page, email, 'typed early 1')
  await page.context().clearCookies()
  const release = await holdBack(page, '**/static/js/**')
  // The frame's own goto: the fixture's waits for hydration, which is held back.
  await page.mainFrame().goto('/auth', { waitUntil: 'commit' })
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('typed early 1')
  release()
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('banner').getByText(email)).toBeVisible()
  expect(pageErrors).toEqual([])
})

test('a form the browser sends itself (scripts off) puts no field in the address', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  await page.goto('/auth')
  await page.getByLabel('Email').fill('someone@example.com')
  await page.getByLabel('Password').fill('never in a URL 1')
  await page.getByLabel('Password').press('Enter')
  await page.waitForLoadState('load')
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/auth')
  expect(page.url()).not.toContain('never')
  expect(page.url()).not.toContain('someone')

  await page.goto('/contact')
  await page.getByLabel('Name').first().fill('Lydia')
  await page.getByLabel('Name').first().press('Enter')
  await page.waitForLoadState('load')
  expect(page.url()).not.toContain('Lydia')
  await context.close()
})

test('empty and malformed input is caught beside the fields, and the service message is shown', async ({
  page,
}) => {
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Enter your email address')).toBeVisible()
  await expect(page.getByText('Enter your password')).toBeVisible()
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Enter a valid email address')).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('Email').fill(uniqueEmail('nobody'))
  await page.getByLabel('Password').fill('whatever it is')
  await page.getByRole('button', { name: 'Sign In' }).click()
  // At the form, and in the toast with the service's words.
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible()
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible()
})

test('a protected path bounces to /auth and comes back after signing in', async ({ page, browser }) => {
  const email = uniqueEmail('returning')
  // Create the account in another browser, so this one is signed out.
  const other = await browser.newPage({ extraHTTPHeaders: { 'X-Forwarded-For': '10.250.0.1' } })
  await other.goto('/')
  await signUpAs(other, email, 'returning pass 1')
  await other.close()

  await page.goto('/puzzle/scroll-of-antioch')
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fpuzzle%2Fscroll-of-antioch$/)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('returning pass 1')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Welcome back!')).toBeVisible()
  // Back at the puzzle, whose server says this account has not bought the box: only the
  // puzzle page says so, and it sends them on to the box's page.
  await expect(page.getByText('You need to purchase this experience first')).toBeVisible()
  await expect(page).toHaveURL(/\/scroll-of-antioch$/)

  // Already signed in, /auth sends them straight on.
  await page.goto('/auth?redirect=%2Ffaq')
  await expect(page).toHaveURL(/\/faq$/)
})

test('signing out says so and puts Sign In back in the header', async ({ page }) => {
  await page.goto('/')
  await signUpAs(page, uniqueEmail('leaving'))
  await page.goto('/about')
  const header = page.getByRole('banner')
  await header.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page.getByText('Signed out successfully.')).toBeVisible()
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible()
})

test('a customer who opens an admin page is turned away', async ({ page }) => {
  await page.goto('/')
  await signUpAs(page, uniqueEmail('curious'))
  await page.goto('/admin/orders')
  await expect(page.getByText('Access Denied')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
})

test('admins see the Admin link, on desktop and in the phone drawer', async ({ page }) => {
  await page.goto('/')
  await signInAsAdmin(page)
  await page.goto('/about')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(page.getByRole('banner').getByText(ADMIN_EMAIL)).toBeVisible()
  await nav.getByRole('link', { name: 'Admin', exact: true }).click()
  await expect(page.locator('main [data-remote="admin-app"] h1')).toHaveText('Admin Dashboard')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(
    page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Admin', exact: true }),
  ).toBeVisible()
})

test('a forgotten password is reset through the emailed link', async ({ page, browser }) => {
  const email = uniqueEmail('forgetful')
  await page.goto('/')
  await signUpAs(page, email, 'old password 1')
  await page.request.post('/api/auth/sign-out', { data: {}, headers: { Origin: new URL(page.url()).origin } })

  await page.goto('/auth')
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${email}`)

  const link = await mailedLink(browser, email, 'Reset your Lamplight')
  expect(link).toContain('/api/auth/reset-password/')

  await page.goto(link)
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/)
  await page.getByLabel('New password', { exact: true }).fill('new password 2')
  await page.getByLabel('Repeat the new password').fill('new password 2')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page.getByText('Your password has been changed. Please sign in.')).toBeVisible()
  await expect(page).toHaveURL(/\/auth$/)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('new password 2')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('banner').getByText(email)).toBeVisible()
})
