import type { Locator, Page } from '@playwright/test'
import { expect, requireSeed, signInAsAdmin, signUpAs, test, uniqueEmail } from './fixtures'

const ORIGIN = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:3000').origin
const area = (page: Page) => page.locator('main [data-remote="storefront"]')
const description = (page: Page) => page.locator('meta[name="description"]')

async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(area(page).getByRole('heading', { level: 1 })).toBeVisible()
}

const PAGES = [
  { path: '/', h1: 'Open the box. Discover the Story.', title: 'Story-driven Christian puzzle boxes' },
  { path: '/experiences', h1: 'Our Experiences', title: 'Experiences' },
  { path: '/about', h1: 'About Us', title: 'About Us' },
  { path: '/faq', h1: 'Frequently Asked Questions', title: 'Frequently Asked Questions' },
  { path: '/contact', h1: 'Contact Us', title: 'Contact Us' },
  { path: '/scroll-of-antioch', h1: 'The Scroll of Antioch', title: 'The Scroll of Antioch' },
] as const

test.describe('every storefront page', () => {
  test('has one h1, its own document title and its own meta description', async ({ page, pageErrors }) => {
    const descriptions = new Set<string>()
    for (const { path, h1, title } of PAGES) {
      await open(page, path)
      await expect(area(page).getByRole('heading', { level: 1 })).toHaveText(h1)
      await expect(page.locator('main h1')).toHaveCount(1)
      await expect(page).toHaveTitle(`${title} | Lamplight Puzzle Co.`)
      const content = await description(page).getAttribute('content')
      expect(content?.length, path).toBeGreaterThan(60)
      descriptions.add(content!)
    }
    expect(descriptions.size).toBe(PAGES.length)
    // Product 404s while the catalogue is unseeded are not page errors.
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !/status of 404/.test(e)))
  })

  test('keeps its title when reached by client-side navigation', async ({ page, pageErrors }) => {
    await open(page, '/')
    await area(page).getByRole('link', { name: 'Our Story' }).click()
    await expect(area(page).getByRole('heading', { level: 1 })).toHaveText('About Us')
    await expect(page).toHaveTitle('About Us | Lamplight Puzzle Co.')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click()
    await expect(page).toHaveTitle('Frequently Asked Questions | Lamplight Puzzle Co.')
    await expect(description(page)).toHaveAttribute('content', /30-day/)
    expect(pageErrors).toEqual([])
  })

  for (const width of [360, 390, 768, 1024, 1440]) {
    test(`fits a ${width} px wide screen without scrolling sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      for (const { path } of PAGES) {
        await open(page, path)
        await page.waitForLoadState('networkidle')
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0)
      }
    })
  }
})

test.describe('home', () => {
  test('leads to the experiences, our story and the shop', async ({ page, pageErrors }) => {
    await open(page, '/')
    const main = area(page)
    await expect(main.getByRole('link', { name: 'Explore Experiences' })).toHaveAttribute(
      'href',
      '/experiences',
    )
    await expect(main.getByRole('link', { name: 'Our Story' })).toHaveAttribute('href', '/about')

    const featured = main.getByRole('region', { name: 'Where will your first mystery begin?' })
    await expect(featured.getByRole('article')).toHaveCount(3)
    await expect(featured.getByRole('article').first()).toContainText('The Scroll of Antioch')
    await expect(
      main.getByRole('region', { name: 'More than a game night' }).getByRole('listitem'),
    ).toHaveCount(4)
    await expect(main.getByRole('link', { name: 'Visit the Shop' })).toHaveAttribute('href', '/shop')

    await main.getByRole('link', { name: 'Explore Experiences' }).click()
    await expect(page).toHaveURL(/\/experiences$/)
    await expect(area(page).getByRole('heading', { level: 1 })).toHaveText('Our Experiences')
    expect(pageErrors).toEqual([])
  })
})

test.describe('experiences', () => {
  // The seeded catalogue (api/seed/content/catalogue.ts); other specs may add boxes.
  const CARDS = [
    ['scroll-of-antioch', 'The Scroll of Antioch', '$49.99', 'History', '/scroll-of-antioch'],
    ['pilgrims-cipher', "Pilgrim's Cipher", '$29.99', 'Mystery', '/experiences/pilgrims-cipher'],
    [
      'letters-to-the-lost',
      'Letters to the Lost',
      '$34.99',
      'Devotional',
      '/experiences/letters-to-the-lost',
    ],
    ['parables-unboxed', 'Parables Unboxed', '$22.99', 'Devotional', '/experiences/parables-unboxed'],
    ['disciples-toolkit', "The Disciple's Toolkit", '$27.99', 'History', '/experiences/disciples-toolkit'],
    [
      'mysteries-of-the-psalms',
      'Mysteries of the Psalms',
      '$31.99',
      'Mystery',
      '/experiences/mysteries-of-the-psalms',
    ],
  ] as const

  test("shows the catalogue's boxes with picture, price, category, availability and their links", async ({
    page,
    pageErrors,
  }) => {
    await open(page, '/experiences')
    await expect(area(page).getByRole('article').first()).toContainText('The Scroll of Antioch') // featured first
    for (const [slug, title, price, category, href] of CARDS) {
      const card = page.locator(`article#${slug}`)
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(title)
      await expect(card).toContainText(price)
      await expect(card).toContainText(category)
      const picture = card.getByRole('img')
      await expect(picture).toHaveAttribute('alt', /.{6,}/)
      await picture.scrollIntoViewIfNeeded()
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0)
      await expect(card.getByRole('link', { name: /learn more/i })).toHaveAttribute('href', href)
      if (slug === 'scroll-of-antioch') {
        // Into the cart (issue 32): a button, no longer a link to checkout.
        await expect(card.getByRole('button', { name: /^add to cart/i })).toBeEnabled()
      } else {
        await expect(card.getByRole('button', { name: /add to cart/i })).toHaveCount(0)
        await expect(card.getByText('Coming Soon', { exact: true })).toBeVisible()
        await expect(card.getByRole('link', { name: /tell me when it's ready/i })).toHaveAttribute(
          'href',
          `${href}#notify`,
        )
      }
    }
    await expect(
      page.locator('article#scroll-of-antioch').getByText('Featured', { exact: true }),
    ).toBeVisible()

    const hint = area(page).getByRole('complementary', { name: 'New to Lamplight?' })
    await expect(hint).toContainText('The Scroll of Antioch')
    await expect(hint.getByRole('link', { name: 'Start here' })).toHaveAttribute('href', '/scroll-of-antioch')
    const steps = area(page).getByRole('region', { name: 'Three steps to your first mystery' })
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText(['Choose', 'Receive', 'Begin'])

    await page
      .locator('article#letters-to-the-lost')
      .getByRole('link', { name: /learn more/i })
      .click()
    await expect(page).toHaveURL(/\/experiences\/letters-to-the-lost$/)
    await expect(area(page).getByRole('heading', { level: 1 })).toHaveText('Letters to the Lost')
    await page.goBack()
    // Add to Cart fills the cart and opens it beside the page (issue 32).
    await page
      .locator('article#scroll-of-antioch')
      .getByRole('button', { name: /^add to cart/i })
      .click()
    const drawer = page.getByRole('dialog', { name: 'Your cart' })
    await expect(drawer.getByRole('link', { name: 'The Scroll of Antioch' })).toBeVisible()
    await expect(page.getByTestId('header-cart')).toHaveAttribute('aria-label', 'Cart, 1 item')
    expect(pageErrors).toEqual([])
  })

  test('the navigation’s links open each box’s page; a card named in the hash is scrolled to', async ({
    page,
    pageErrors,
  }) => {
    await open(page, '/about')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Experiences' }).click()
    await nav.getByRole('link', { name: 'Mysteries of the Psalms' }).click()
    await expect(page).toHaveURL(/\/experiences\/mysteries-of-the-psalms$/)
    await expect(area(page).getByRole('heading', { level: 1 })).toHaveText('Mysteries of the Psalms')

    await nav.getByRole('button', { name: 'Experiences' }).click()
    await nav.getByRole('link', { name: 'The Scroll of Antioch' }).click()
    await expect(page).toHaveURL(/\/scroll-of-antioch$/)

    for (const slug of ['disciples-toolkit', 'parables-unboxed', 'letters-to-the-lost']) {
      await page.goto(`/experiences#${slug}`)
      await expectCardInView(page.locator(`article#${slug}`))
    }
    expect(pageErrors).toEqual([])
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

    test('the drawer’s experience links open the box’s page', async ({ page, pageErrors }) => {
      await open(page, '/')
      await page.getByRole('button', { name: 'Open menu' }).click()
      await page
        .getByRole('dialog', { name: 'Menu' })
        .getByRole('link', { name: "The Disciple's Toolkit" })
        .click()
      await expect(page).toHaveURL(/\/experiences\/disciples-toolkit$/)
      await expect(area(page).getByRole('heading', { level: 1 })).toHaveText("The Disciple's Toolkit")
      expect(pageErrors).toEqual([])
    })
  })
})

/** The card's heading is on screen and not hidden under the sticky header. */
async function expectCardInView(card: Locator) {
  const heading = card.getByRole('heading', { level: 2 })
  await expect(heading).toBeInViewport()
  await expect
    .poll(async () => (await card.boundingBox())?.y ?? -1, { message: 'the card starts below the header' })
    .toBeGreaterThanOrEqual(60)
}

test.describe('about', () => {
  test('tells our story, mission, process, foundation and values, and links onward', async ({
    page,
    pageErrors,
  }) => {
    await open(page, '/about')
    const main = area(page)
    for (const name of [
      'A shoebox, a padlock and a Bible study',
      'Our mission',
      'How a Lamplight box is made',
      'Our Christian foundation',
      'What guides every box',
    ]) {
      await expect(main.getByRole('heading', { level: 2, name })).toBeVisible()
    }
    await expect(main.locator('blockquote')).toContainText('It is the glory of God to conceal a thing')
    await expect(main.locator('figcaption')).toContainText('Proverbs 25:2')
    await expect(
      main
        .getByRole('heading', { level: 3 })
        .filter({ hasText: /^(Christ-Centered|Beautifully Crafted|Tactile Truth)$/ }),
    ).toHaveCount(3)
    await expect(main.getByRole('link', { name: 'Explore Experiences' })).toHaveAttribute(
      'href',
      '/experiences',
    )
    await main.getByRole('link', { name: 'Contact Us' }).click()
    await expect(page).toHaveURL(/\/contact$/)
    expect(pageErrors).toEqual([])
  })
})

test.describe('faq', () => {
  test('opens one of twelve answers at a time, and closes it again', async ({ page, pageErrors }) => {
    await open(page, '/faq')
    const questions = area(page).getByRole('region', { name: 'Questions and answers' }).getByRole('button')
    await expect(questions).toHaveCount(12)
    await expect(area(page).locator('[aria-expanded="true"]')).toHaveCount(0)

    const first = questions.nth(0)
    const second = questions.nth(1)
    await first.click()
    await expect(first).toHaveAttribute('aria-expanded', 'true')
    await expect(area(page).getByRole('region', { name: 'How long does an experience take?' })).toContainText(
      '2-4 hours',
    )
    await second.click()
    await expect(second).toHaveAttribute('aria-expanded', 'true')
    await expect(first).toHaveAttribute('aria-expanded', 'false')
    await expect(area(page).locator('[aria-expanded="true"]')).toHaveCount(1)
    await second.click()
    await expect(area(page).locator('[aria-expanded="true"]')).toHaveCount(0)
    expect(pageErrors).toEqual([])
  })

  test('states the facts, points to contact and shows three info cards', async ({ page }) => {
    await open(page, '/faq')
    const facts: [string, RegExp][] = [
      ['How long does an experience take?', /2-4 hours/],
      ['What ages are the experiences designed for?', /ages 13\+/],
      ['What if I am not satisfied with my experience?', /30 days/],
      ['Do you offer pricing for churches, schools and groups?', /10 or more/],
      ['How often do you release new experiences?', /monthly/],
      ['How much does shipping cost?', /free .* over \$35 within the US/],
      ['How long will my order take to arrive?', /3-5 business days/],
    ]
    for (const [question, fact] of facts) {
      await area(page).getByRole('button', { name: question }).click()
      await expect(area(page).getByRole('region', { name: question })).toContainText(fact)
    }
    const still = area(page).getByRole('complementary', { name: 'Still have questions?' })
    await expect(still.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact')
    const cards = area(page)
      .getByRole('region', { name: 'Shipping, returns and bulk orders' })
      .getByRole('listitem')
    await expect(cards).toHaveCount(3)
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText(['Shipping', 'Returns', 'Bulk orders'])
    await cards.getByRole('link', { name: 'Request a group quote' }).click()
    await expect(page).toHaveURL(/\/contact\?subject=/)
    await expect(page.getByLabel('Subject')).toHaveValue('Bulk order for a group')
  })
})

test.describe('contact', () => {
  test('shows our details, social buttons and a way to the FAQ', async ({ page, pageErrors }) => {
    await open(page, '/contact')
    const main = area(page)
    await expect(main).toContainText('within 24 hours')
    await expect(main).toContainText('Mon-Fri 9am-5pm EST')
    // No social profile is configured here (PUBLIC_*_URL): no dead social buttons either.
    for (const name of ['Facebook', 'Instagram', 'YouTube']) {
      await expect(main.getByRole('button', { name })).toHaveCount(0)
      await expect(main.getByRole('link', { name })).toHaveCount(0)
    }
    await expect(main.getByRole('link', { name: 'Read the FAQ' })).toHaveAttribute('href', '/faq')
    expect(pageErrors).toEqual([])
  })

  test('checks the contact form before sending, then stores the message for the admins', async ({
    page,
    pageErrors,
  }) => {
    await open(page, '/contact')
    const form = page.getByRole('form', { name: 'Send us a message' })
    await form.getByRole('button', { name: 'Send Message' }).click()
    for (const message of [
      'Please tell us your name.',
      'Please enter your email address.',
      'Please add a subject.',
      'Please write your message.',
    ]) {
      await expect(form.getByText(message)).toBeVisible()
    }
    await expect(form.getByLabel('Name')).toBeFocused()

    const subject = `Order for our youth group ${Date.now()}`
    await form.getByLabel('Name').fill('Lydia of Thyatira')
    await form.getByLabel('Email').fill('lydia-at-example')
    await form.getByLabel('Subject').fill(subject)
    await form.getByLabel('Message').fill('Could we order twelve boxes for a retreat in May?')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(form.getByText(/Please enter a valid email address/)).toBeVisible()
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')

    await form.getByLabel('Email').fill('lydia@example.com')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(form.getByText(/Thank you, Lydia of Thyatira!/)).toBeVisible()
    for (const name of ['Name', 'Email', 'Subject', 'Message'])
      await expect(form.getByLabel(name)).toHaveValue('')

    await signInAsAdmin(page)
    const inbox = await (await page.request.get('/api/admin/messages')).json()
    expect(inbox.data.find((m: { subject: string | null }) => m.subject === subject)).toMatchObject({
      kind: 'contact',
      name: 'Lydia of Thyatira',
      email: 'lydia@example.com',
      subject,
      message: 'Could we order twelve boxes for a retreat in May?',
    })
    expect(pageErrors).toEqual([])
  })

  test('sends a prayer request with only the request, and keeps it private to admins', async ({
    page,
    pageErrors,
  }) => {
    await open(page, '/contact')
    const form = page.getByRole('form', { name: 'Share a prayer request' })
    await form.getByRole('button', { name: 'Send Prayer Request' }).click()
    await expect(form.getByText('Please share what we can pray for.')).toBeVisible()
    await form.getByLabel(/^Email/).fill('not an email')
    const request = `Please pray for my grandmother's recovery (${Date.now()}).`
    await form.getByLabel('Your prayer request').fill(request)
    await form.getByRole('button', { name: 'Send Prayer Request' }).click()
    await expect(form.getByText(/Please enter a valid email address/)).toBeVisible()
    await form.getByLabel(/^Email/).fill('')
    await form.getByRole('button', { name: 'Send Prayer Request' }).click()
    await expect(form.getByText(/we are praying with you/)).toBeVisible()
    await expect(form.getByLabel('Your prayer request')).toHaveValue('')

    // A customer may not read the inbox; an admin sees the request, newest first.
    await signUpAs(page, uniqueEmail('curious'))
    expect((await page.request.get('/api/admin/messages')).status()).toBe(403)
    await page.request.post('/api/auth/sign-out', { data: {}, headers: { Origin: ORIGIN } })
    await signInAsAdmin(page)
    const inbox = await (await page.request.get('/api/admin/messages')).json()
    expect(inbox.data.find((m: { request?: string }) => m.request === request)).toMatchObject({
      kind: 'prayer',
      name: null,
      email: null,
    })
    expect(pageErrors).toEqual([])
  })

  test('keeps what was typed, with a clear message, when the server refuses', async ({
    page,
    pageErrors,
  }) => {
    await open(page, '/contact')
    // Use up this visitor's allowance for the contact form.
    for (let i = 0; i < 5; i++) {
      const res = await page.request.post('/api/contact', {
        data: { name: 'Ann', email: 'ann@example.com', subject: `Note ${i}`, message: 'Hello' },
        headers: { Origin: ORIGIN },
      })
      expect(res.status()).toBe(201)
    }
    const form = page.getByRole('form', { name: 'Send us a message' })
    await form.getByLabel('Name').fill('Anna the prophetess')
    await form.getByLabel('Email').fill('anna@example.com')
    await form.getByLabel('Subject').fill('One more thing')
    await form.getByLabel('Message').fill('I waited a long time for this.')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(form.getByRole('alert')).toContainText('You have sent several messages in a short time')
    await expect(form.getByLabel('Name')).toHaveValue('Anna the prophetess')
    await expect(form.getByLabel('Message')).toHaveValue('I waited a long time for this.')
    await expect(form.getByText(/Thank you/)).toHaveCount(0)
    // The browser reports the 429 itself.
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !/status of 429/.test(e)))
  })
})

test.describe('the Scroll of Antioch', () => {
  async function productPrice(page: Page): Promise<number | null> {
    const res = await page.request.get('/api/products/scroll-of-antioch')
    if (res.status() === 404) return null
    return ((await res.json()) as { data: { price: number } }).data.price
  }

  test('sells the experience: facts, story and five mysteries', async ({ page }) => {
    await open(page, '/scroll-of-antioch')
    const glance = area(page).getByRole('list', { name: 'At a glance' })
    await expect(glance).toContainText('2-3 hours')
    await expect(glance).toContainText('5 mysteries')
    await expect(glance).toContainText('Beginner friendly')
    const mysteries = area(page).getByRole('region', { name: 'Five mysteries, one message' })
    await expect(mysteries.getByRole('listitem')).toHaveCount(5)
  })

  test('offers a visitor to unlock it for the price from the API', async ({ page }) => {
    const price = await productPrice(page)
    requireSeed(
      price !== null,
      'the product scroll-of-antioch (GET /api/products/scroll-of-antioch answers 404)',
    )
    await open(page, '/scroll-of-antioch')
    const label = `Unlock for $${(price! / 100).toFixed(2)}`
    const unlock = area(page).getByRole('button', { name: label }).first()
    await expect(unlock).toBeEnabled()
    await expect(area(page).getByRole('link', { name: "Enter your box's code" })).toHaveCount(0)
    // A signed-in customer who has not bought it is offered the same.
    await signUpAs(page, uniqueEmail('browsing'))
    await page.reload()
    await expect(area(page).getByRole('button', { name: label }).first()).toBeVisible()
    // It goes into the cart, which opens beside the page with its Checkout.
    await unlock.click()
    const drawer = page.getByRole('dialog', { name: 'Your cart' })
    await expect(drawer.getByRole('link', { name: 'The Scroll of Antioch' })).toBeVisible()
    await drawer.getByRole('link', { name: 'Checkout' }).click()
    await expect(page).toHaveURL(/\/checkout\/cart$/)
  })

  test('sends someone with access on to the puzzle portal', async ({ page }) => {
    requireSeed(
      (await productPrice(page)) !== null,
      'the product scroll-of-antioch (GET /api/products/scroll-of-antioch answers 404)',
    )
    await signInAsAdmin(page)
    await open(page, '/scroll-of-antioch')
    await expect(area(page).getByRole('link', { name: 'Start the online story' }).first()).toHaveAttribute(
      'href',
      '/puzzle/scroll-of-antioch',
    )
    const go = area(page).getByRole('link', { name: "Enter your box's code" }).first()
    await expect(go).toHaveAttribute('href', '/puzzle-portal')
    await expect(area(page).getByRole('button', { name: /^Unlock for/ })).toHaveCount(0)
    await go.click()
    await expect(page).toHaveURL(/\/puzzle-portal$/)
  })

  test('answers access from the API: no for visitors, yes for admins', async ({ page }) => {
    requireSeed(
      (await productPrice(page)) !== null,
      'the product scroll-of-antioch (GET /api/products/scroll-of-antioch answers 404)',
    )
    const anonymous = await page.request.get('/api/products/scroll-of-antioch/access')
    expect(await anonymous.json()).toEqual({ data: { hasAccess: false } })
    await signInAsAdmin(page)
    const admin = await page.request.get('/api/products/scroll-of-antioch/access')
    expect(await admin.json()).toEqual({ data: { hasAccess: true } })
  })

  test('says the experience is unavailable rather than offering a broken button when the product is missing', async ({
    page,
  }) => {
    // Mocks the browser's API calls: the page must be rendered in the browser, not on the server.
    await page.setExtraHTTPHeaders({ 'X-Lamplight-Render': 'browser' })
    await page.route('**/api/products/scroll-of-antioch', (route) =>
      route.fulfill({ status: 404, json: { error: { code: 'not_found', message: 'Not available' } } }),
    )
    await open(page, '/scroll-of-antioch')
    await expect(
      area(page)
        .getByText(/not available to order just now/)
        .first(),
    ).toBeVisible()
    await expect(area(page).getByRole('button', { name: /^Unlock for/ })).toHaveCount(0)
  })
})
