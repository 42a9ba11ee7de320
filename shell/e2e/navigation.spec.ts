import { expect, signUpAs, test, uniqueEmail } from './fixtures'

test('the desktop navigation opens its dropdowns and marks the current page', async ({
  page,
  pageErrors,
}) => {
  await page.goto('/about')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page')

  await nav.getByRole('button', { name: 'Experiences' }).click()
  const experiences = [
    ['All Experiences', '/experiences'],
    ["Pilgrim's Cipher", '/experiences/pilgrims-cipher'],
    ['The Scroll of Antioch', '/scroll-of-antioch'],
    ['Letters to the Lost', '/experiences/letters-to-the-lost'],
    ['Parables Unboxed', '/experiences/parables-unboxed'],
    ["The Disciple's Toolkit", '/experiences/disciples-toolkit'],
    ['Mysteries of the Psalms', '/experiences/mysteries-of-the-psalms'],
  ]
  for (const [name, href] of experiences) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href as string)
  }
  await nav.getByRole('link', { name: 'The Scroll of Antioch' }).click()
  await expect(page).toHaveURL(/\/scroll-of-antioch$/)
  await expect(page.getByRole('heading', { level: 1, name: 'The Scroll of Antioch' })).toBeVisible()

  await nav.getByRole('button', { name: 'Resources' }).click()
  for (const [name, href] of [
    ['All Resources', '/resources'],
    ['Kids Activities & Colouring', '/resources/kids-activities-colouring'],
    ['Teaching Resources', '/resources/teaching-resources'],
    ['Engagement & Reflection', '/resources/engagement-reflection'],
    ['Games & Puzzles', '/resources/games-puzzles'],
    ['Seasonal & Special', '/resources/seasonal-special'],
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href as string)
  }
  await nav.getByRole('link', { name: 'Games & Puzzles' }).click()
  await expect(page).toHaveURL(/\/resources\/games-puzzles$/)
  await expect(nav.getByRole('button', { name: 'Resources' })).toHaveClass(/bg-secondary/)
  expect(pageErrors).toEqual([])
})

// On a desktop the header shows the navigation and not the phone's menu button, on every
// remote's pages. A storefront page once showed both: a remote's build carried its
// standalone harness's global sheet, whose `.inline-flex` beat the shell's `lg:hidden`.
test("at desktop width the phone menu's button is hidden on every remote's pages", async ({
  page,
  pageErrors,
}) => {
  for (const path of ['/', '/experiences', '/faq', '/shop', '/resources', '/resources/teaching-resources']) {
    await page.goto(path)
    await expect(page.getByRole('navigation', { name: 'Main' }), path).toBeVisible()
    await expect(page.getByRole('button', { name: 'Open menu' }), path).toBeHidden()
  }
  expect(pageErrors).toEqual([])
})

test('signed out, the header offers Sign In carrying the way back', async ({ page }) => {
  await page.goto('/faq')
  const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' })
  await expect(signIn).toHaveAttribute('href', '/auth?redirect=%2Ffaq')
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin', exact: true }),
  ).toHaveCount(0)
  await signIn.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible()
  await expect(page).toHaveURL(/\/auth\?redirect=%2Ffaq$/)

  // Never back to a sign-in page: a reset link's token would ride along in the address.
  await page.goto('/auth/reset-password?token=secret-reset-token')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveAttribute(
    'href',
    '/auth',
  )
})

test('the footer has its blocks and links', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  for (const name of ['Experiences', 'Scroll of Antioch', 'About', 'Shop', 'FAQ', 'Contact Us']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible()
  }
  for (const [name, href] of [
    ['Shipping Info', '/shipping'],
    ['Returns', '/returns'],
    ['Privacy Policy', '/privacy'],
  ]) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href as string)
  }
  await expect(footer).toContainText('© 2024')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the bottom drawer lists the links and navigates', async ({ page, pageErrors }) => {
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer).toBeVisible()
    for (const name of [
      'Home',
      'All Experiences',
      "Pilgrim's Cipher",
      'The Scroll of Antioch',
      'About',
      'Shop',
      'FAQ',
      'Contact',
    ]) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await expect(drawer.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0)
    const box = await drawer.boundingBox()
    expect(box && box.y + box.height).toBeGreaterThan(800) // anchored to the bottom of the screen
    await drawer.getByRole('link', { name: 'FAQ', exact: true }).click()
    await expect(page).toHaveURL(/\/faq$/)
    await expect(drawer).toBeHidden()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions')
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(pageErrors).toEqual([])
  })

  // The plans are the last part of a long shop page (about 9 000 px down on a phone).
  test('Monthly Plans in the drawer opens the shop at its plans', async ({ page, pageErrors }) => {
    await page.goto('/faq')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await drawer.getByRole('link', { name: 'Monthly Plans', exact: true }).click()
    await expect(page).toHaveURL(/\/shop#plans$/)
    await expect(drawer).toBeHidden()
    await expect(page.getByRole('heading', { name: 'A new adventure every month' })).toBeInViewport()
    await expect(page.getByRole('button', { name: 'Subscribe to Premium' })).toBeVisible()
    // And from the top of the shop, its own links to its parts.
    await page.goto('/shop')
    await page
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: 'Monthly Plans' })
      .click()
    await expect(page.getByRole('heading', { name: 'A new adventure every month' })).toBeInViewport()
    expect(pageErrors).toEqual([])
  })

  test('signing out from the drawer closes it', async ({ page, pageErrors }) => {
    await page.goto('/')
    const email = uniqueEmail('drawer')
    await signUpAs(page, email)
    await page.goto('/faq')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await drawer.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page.getByText('Signed out successfully.')).toBeVisible()
    await expect(drawer).toBeHidden()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible()
    expect(pageErrors).toEqual([])
  })

  // Issue 40: Shop was the 17th entry, below the fold, and the header had no account entry.
  test('the drawer leads with Shop, Experiences and Resources on the first screen; the header shows the account', async ({
    page,
    pageErrors,
  }) => {
    await page.goto('/faq')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
      'href',
      '/auth?redirect=%2Ffaq',
    )
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    const nav = drawer.getByRole('navigation', { name: 'Mobile' })
    await expect(nav.getByRole('link').first()).toHaveText('Shop')
    await expect(nav.getByRole('link').nth(1)).toHaveText('All Experiences')
    await expect(nav.getByRole('link').nth(2)).toHaveText('All Resources')
    // On the first screen, without scrolling the drawer: the account action and the three.
    for (const link of [
      drawer.getByRole('link', { name: 'Sign In' }),
      nav.getByRole('link', { name: 'Shop', exact: true }),
      nav.getByRole('link', { name: 'All Experiences', exact: true }),
      nav.getByRole('link', { name: 'All Resources', exact: true }),
    ]) {
      await expect(link).toBeInViewport({ ratio: 1 })
    }
    await page.screenshot({ path: 'test-results/phone-drawer-signed-out.png' })
    await nav.getByRole('link', { name: 'Shop', exact: true }).click()
    await expect(page).toHaveURL(/\/shop$/)

    const email = uniqueEmail('header')
    await signUpAs(page, email)
    await page.goto('/shop')
    await expect(header.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0)
    await header.getByRole('link', { name: 'My account', exact: true }).click()
    await expect(page).toHaveURL(/\/account$/)
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible()
    await page.screenshot({ path: 'test-results/phone-header-signed-in.png' })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(pageErrors).toEqual([])
  })
})

// A server-rendered page links its remote's stylesheets in the head; moving client-side to
// another remote's page leaves them there, as the browser's own loader leaves every
// stylesheet it has loaded (its CSS chunks are never unloaded), and coming back needs no new
// download. What must not happen: the browser's loader linking or fetching a server-linked
// sheet a second time (a second <link> is parsed again and moves the remote's rules later
// in the cascade). It did, until the server's links carried the loader's name for them (data-href).
test("a remote's server-linked stylesheets are adopted by the browser's loader, not linked or fetched again, and stay after navigating away", async ({
  page,
  pageErrors,
}) => {
  await page.goto('/')
  await expect(page.locator('main [data-remote="storefront"] h1')).toBeVisible()
  const serverLinked = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
      .map((link) => new URL(link.href).pathname)
      .filter((href) => href.startsWith('/apps/storefront/')),
  )
  expect(serverLinked.length).toBeGreaterThan(0)

  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('button', { name: 'Resources' }).click()
  await nav.getByRole('link', { name: 'All Resources' }).click()
  await expect(page.locator('main [data-remote="resources-app"] h1')).toHaveText('Free Resources')
  await nav.getByRole('link', { name: 'Home' }).click()
  await expect(page.locator('main [data-remote="storefront"] h1')).toBeVisible()
  await page.waitForLoadState('networkidle')

  const sheets = await page.evaluate(() => {
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
      (link) => new URL(link.href).pathname,
    )
    const fetched = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.css'))
    return { links, fetched }
  })
  const twice = (list: string[]) => list.filter((x, i) => list.indexOf(x) !== i)
  // Each stylesheet fetched once; the server-linked ones still there, and linked once: the browser's loader
  // adopted them (data-href) rather than adding its own <link> for the same file.
  expect(twice(sheets.fetched)).toEqual([])
  for (const href of serverLinked) expect(sheets.links.filter((link) => link === href)).toHaveLength(1)
  expect(pageErrors).toEqual([])
})
