import { expect, mailedLink, signUpAs, test, uniqueEmail } from './fixtures'

const PHONE = { width: 390, height: 844 }

// Decision 038: the confirmation link confirms the address only with the password chosen at
// sign-up, and never signs a browser in by itself.
test('a confirmation link opened on another device asks for the password, then signs in', async ({
  page,
  browser,
  baseURL,
  pageErrors,
}) => {
  const email = uniqueEmail('confirm')
  await signUpAs(page, email, 'chosen at sign-up 1')
  await page.goto('/account')
  const security = page.getByRole('region', { name: 'Sign-in and security' })
  await expect(security.getByText('Not confirmed yet')).toBeVisible()
  await security.getByRole('button', { name: 'Send me a confirmation link' }).click()
  await expect(security.getByText(`We sent a link to ${email}`)).toBeVisible()
  const link = await mailedLink(browser, email, 'Confirm your email')
  expect(new URL(link).pathname).toBe('/auth/verify-email')

  // The phone: no session there.
  const phone = await browser.newContext({ baseURL, viewport: PHONE })
  const other = await phone.newPage()
  await other.goto(link)
  await expect(other.getByRole('heading', { name: 'Confirm your email' })).toBeVisible()
  await expect(other.getByText(email)).toBeVisible()
  await expect(other.getByRole('banner').getByText(email)).toHaveCount(0)
  await other.screenshot({ path: test.info().outputPath('confirm-email-390.png'), fullPage: true })
  await other.getByLabel('Password').fill('not the one 1')
  await other.getByRole('button', { name: 'Confirm and sign in' }).click()
  await expect(other.getByText('That is not the password this account was created with.')).toBeVisible()
  await expect(other.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
  await other.getByLabel('Password').fill('chosen at sign-up 1')
  await other.getByRole('button', { name: 'Confirm and sign in' }).click()
  await expect(other).toHaveURL(/\/account$/)
  await expect(
    other.getByRole('region', { name: 'Sign-in and security' }).getByText('Confirmed'),
  ).toBeVisible()
  await phone.close()
  expect(pageErrors).toEqual([])
})

test('a confirmation link in the browser signed in to the account confirms with one click', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('oneclick')
  await signUpAs(page, email, 'one click pass 1')
  await page.goto('/account')
  await page.getByRole('button', { name: 'Send me a confirmation link' }).click()
  await expect(page.getByText(`We sent a link to ${email}`)).toBeVisible()
  await page.goto(await mailedLink(browser, email, 'Confirm your email'))
  await expect(page.getByLabel('Password')).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('confirm-email-signed-in-1280.png') })
  await page.getByRole('button', { name: 'Confirm my email' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(
    page.getByRole('region', { name: 'Sign-in and security' }).getByText('Confirmed'),
  ).toBeVisible()
})

test('changing the password signs the other browsers out; sign out everywhere signs out this one too', async ({
  page,
  browser,
  baseURL,
  pageErrors,
}) => {
  await page.setViewportSize(PHONE)
  const email = uniqueEmail('password')
  await signUpAs(page, email, 'first password 1')
  const laptop = await browser.newContext({ baseURL })
  const elsewhere = await laptop.newPage()
  const signIn = await elsewhere.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'first password 1' },
    headers: { Origin: baseURL!, 'X-Forwarded-For': '10.250.7.7' },
  })
  expect(signIn.status()).toBe(200)
  const sessionThere = async () =>
    (await (await elsewhere.request.get('/api/auth/get-session')).json()) as { user?: unknown } | null

  await page.goto('/account')
  const security = page.getByRole('region', { name: 'Sign-in and security' })
  await security.getByLabel('Current password').fill('wrong one here')
  await security.getByLabel('New password', { exact: true }).fill('second password 2')
  await security.getByLabel('Repeat the new password').fill('second password 2')
  await security.getByRole('button', { name: 'Change password' }).click()
  await expect(security.getByText('That is not your current password.')).toBeVisible()
  expect(await sessionThere()).not.toBeNull()

  await security.getByLabel('Current password').fill('first password 1')
  await security.getByRole('button', { name: 'Change password' }).click()
  await expect(security.getByText('Your password has been changed.')).toBeVisible()
  await security.screenshot({ path: test.info().outputPath('account-security-390.png') })
  expect(await sessionThere()).toBeNull()
  // This browser keeps a (new) session.
  expect(
    ((await (await page.request.get('/api/auth/get-session')).json()) as { user?: unknown } | null)?.user,
  ).toBeTruthy()

  await security.getByRole('button', { name: 'Sign out everywhere' }).click()
  // Signed out here too: the account page sends the visitor to Sign In (and back after it).
  await expect(page).toHaveURL(/\/auth(\?redirect=%2Faccount)?$/)
  await page.goto('/account')
  await expect(page).toHaveURL(/\/auth\?redirect=/)
  await laptop.close()
  // The one error the browser logs is the refused wrong password (400), on purpose.
  expect(pageErrors.filter((error) => !error.includes('status of 400'))).toEqual([])
  pageErrors.length = 0
})
