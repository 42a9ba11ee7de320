import { readFileSync } from 'node:fs'
import path from 'node:path'
import { type Browser, test as base, expect, type Page, type Route } from '@playwright/test'

type Fixtures = {
  /** Console errors and uncaught exceptions of the page; checked empty after each test unless cleared. */
  pageErrors: string[]
}

let counter = 0

const hydrating = new WeakSet<Page>()

/**
 * Makes `page.goto` wait for the page to hydrate (see the `page` fixture). The fixture's page
 * has it, and so has every page of a context a test opens itself (the `browser` fixture), so
 * nothing types into a server-rendered form before React owns it.
 */
export function gotoWaitsForHydration(page: Page): Page {
  if (hydrating.has(page)) return page
  hydrating.add(page)
  const goto = page.goto.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    await page
      .waitForFunction(
        () =>
          !document.getElementById('lamplight-state') ||
          document.documentElement.hasAttribute('data-hydrated'),
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => undefined)
    return response
  }
  return page
}

const patchedBrowsers = new WeakSet<Browser>()

export const test = base.extend<Fixtures>({
  // `browser.newContext()` and `browser.newPage()` (which opens its context through it) give
  // pages whose `goto` waits for hydration too, as the `page` fixture's does; a context without
  // JavaScript is left alone (nothing hydrates there).
  browser: [
    async ({ browser }, use) => {
      if (!patchedBrowsers.has(browser)) {
        patchedBrowsers.add(browser)
        const newContext = browser.newContext.bind(browser)
        browser.newContext = async (options) => {
          const context = await newContext(options)
          if (options?.javaScriptEnabled !== false) context.on('page', (page) => gotoWaitsForHydration(page))
          return context
        }
      }
      await use(browser)
    },
    { scope: 'worker' },
  ],
  // Every test is its own visitor, from its own address (the e2e server trusts X-Forwarded-For).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    counter += 1
    await use({
      'X-Forwarded-For': `10.${testInfo.workerIndex % 250}.${Math.floor(counter / 250) % 250}.${counter % 250}`,
    })
  },
  // A server-rendered page shows its buttons and fields before React owns them, and a click
  // or a typed value before then is lost. Every `goto` waits for the page to say it has
  // hydrated (src/hydration); a page whose area cannot hydrate (a dead remote) is let through
  // after a while, for its test to check what it shows. Without JavaScript nothing hydrates:
  // the page is used as it arrives (waiting there cost every such test 10 s).
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : gotoWaitsForHydration(page))
  },
  pageErrors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`)
    })
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
    await use(errors)
    expect(errors, 'the page logged errors').toEqual([])
  },
})

export { examplePath } from '@lamplight/routes'
export { expect }

/**
 * Seed data a browser test needs (the site runs on the seeded database, api/seed): a test
 * fails, saying what is missing, when it is not there. It never skips: a broken seed would turn
 * every test that needs it green.
 */
export function requireSeed(present: unknown, missing: string): asserts present {
  if (!present)
    throw new Error(`Seed data missing: ${missing}. The seed (api/seed) is broken or did not run.`)
}

/**
 * Holds back the page's requests to `url` until the returned `release()` is called; then each
 * is answered by `answer` (by default, passed on to the server).
 */
export async function holdBack(
  page: Page,
  url: string,
  answer: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(url, async (route) => {
    await held
    await answer(route)
  })
  return release
}

/** The widths every screen is tried at: a desktop's and a phone's. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]

export const ADMIN_EMAIL = 'admin@e2e.test'

/** A fresh address for a test's account. */
export function uniqueEmail(prefix = 'visitor'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`
}

const ORIGIN = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:3000').origin

/**
 * Creates an account through the API and leaves this page's browser signed in with it
 * (the cookie lands in the page's context). ADMIN_EMAIL becomes an admin.
 */
export async function signUpAs(page: Page, email: string, password = 'e2e password 1', name = 'E2E Visitor') {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password, name },
    headers: { Origin: ORIGIN },
  })
  expect(response.status(), await response.text()).toBe(200)
}

async function signIn(page: Page, email: string, password: string) {
  return page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { Origin: ORIGIN },
  })
}

/**
 * Signs this page's browser in as the e2e admin: the account the server seeded, with the
 * password it wrote to $DATA_DIR/admin-credentials.txt (run.mjs hands the folder over).
 */
export async function signInAsAdmin(page: Page) {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests through e2e/run.mjs')
  const credentials = readFileSync(path.join(dataDir, 'admin-credentials.txt'), 'utf8')
  const password = /^password: (.+)$/m.exec(credentials)?.[1]?.trim()
  if (!password) throw new Error('no password in admin-credentials.txt')
  const res = await signIn(page, ADMIN_EMAIL, password)
  expect(res.status(), await res.text()).toBe(200)
}

/**
 * The first link of the newest mail to `email` whose text has `subject`, read from the outbox
 * page as an admin (the way a developer, or support, would), in a page of its own.
 */
export async function mailedLink(browser: Browser, email: string, subject: string): Promise<string> {
  const adminPage = await browser.newPage({ extraHTTPHeaders: { 'X-Forwarded-For': '10.250.0.2' } })
  try {
    await adminPage.goto('/')
    await signInAsAdmin(adminPage)
    // The mail is written just after the request that sends it answers: the outbox page is
    // read again until it is there (read once, a late mail was waited for until the test's
    // timeout, since the page never changes by itself).
    const mail = adminPage.locator('article', { hasText: email }).filter({ hasText: subject }).first()
    await expect
      .poll(
        async () => {
          await adminPage.goto('/api/dev/mail')
          return mail.count()
        },
        { timeout: 30_000, message: `the mail "${subject}" to ${email} is in the outbox` },
      )
      .toBeGreaterThan(0)
    const link = await mail.getByRole('link').first().getAttribute('href')
    if (!link) throw new Error(`no link in the mail "${subject}" to ${email}`)
    return link
  } finally {
    await adminPage.close()
  }
}

/**
 * Every script the first load of a storefront page receives, whoever asked for it (the
 * shell, a remote, a preload), by path with its text: the responses as they arrive, and any
 * the page's resource timing lists that no response event reported, fetched again.
 */
export async function firstLoadScripts(page: Page, path: string): Promise<{ url: string; text: string }[]> {
  const scripts = new Map<string, Promise<string>>()
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok())
      scripts.set(response.url(), response.text())
  })
  await page.goto(path)
  await expect(page.locator('main [data-remote="storefront"] h1')).toBeVisible()
  await page.waitForLoadState('networkidle')
  const timed = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((url) => /\.m?js(?:[?#]|$)/.test(url)),
  )
  const fetchAgain = (url: string) => page.request.get(url).then((r) => r.text())
  for (const url of timed) if (!scripts.has(url)) scripts.set(url, fetchAgain(url))
  return Promise.all(
    [...scripts].map(async ([url, text]) => ({ url: new URL(url).pathname, text: await text })),
  )
}

type Shift = { value: number; sources: string[] }

/**
 * Records the page's layout shifts (not those right after input, as CLS counts them) from
 * its first byte on: call before `goto`, read with `layoutShifts`.
 */
export async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = []
    Object.assign(window, { __layoutShifts: shifts })
    type LayoutShift = PerformanceEntry & {
      value: number
      hadRecentInput: boolean
      sources?: { node?: Node | null }[]
    }
    const describe = (node: Node | null | undefined) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${[...node.classList].slice(0, 4).join('.')}`
        : String(node?.nodeName ?? 'gone')
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[])
        if (!entry.hadRecentInput)
          shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => describe(s.node)) })
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** The layout shifts recorded so far, and their sum (the page's CLS while it was one window). */
export async function layoutShifts(page: Page): Promise<{ total: number; shifts: Shift[] }> {
  const shifts = await page.evaluate(
    () => (window as unknown as { __layoutShifts?: Shift[] }).__layoutShifts ?? [],
  )
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts }
}

/** The TEST MODE plan page asks where the boxes go (issue 34): a valid address, typed in. */
export async function fillPlanAddress(plan: Page, lastName = 'Moab') {
  await plan.getByLabel('First name').fill('Ruth')
  await plan.getByLabel('Last name').fill(lastName)
  await plan.getByLabel('Street address').fill('12 Gleaning Lane')
  await plan.getByLabel('City').fill('Bethlehem')
  await plan.getByLabel('State / province').selectOption('PA')
  await plan.getByLabel('ZIP / postal code').fill('18015')
}

/** "2026-12" as the admin's screens name it: "December 2026". */
export const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })

/**
 * On /admin/subscribers (signed in as the admin): sets `month`'s box to the first box offered
 * and runs that month's test renewal. Answers the box's id and name.
 */
export async function setBoxAndRenew(
  admin: Page,
  month: string,
): Promise<{ boxId: string; boxName: string }> {
  await admin.goto('/admin/subscribers')
  await expect(admin.getByRole('heading', { name: 'Subscribers', level: 1 })).toBeVisible()
  await admin.getByLabel('Month', { exact: true }).fill(month)
  const select = admin.getByLabel('Box', { exact: true })
  const option = select.locator('option').nth(1)
  const boxId = (await option.getAttribute('value'))!
  const boxName = ((await option.textContent()) ?? '').replace(/ \(\d+ in stock\)$/, '').trim()
  await select.selectOption(boxId)
  await admin.getByRole('button', { name: 'Set box' }).click()
  await expect(admin.getByText(`${monthName(month)}: ${boxName}`)).toBeVisible()
  await admin.getByLabel('Renew up to').fill(month)
  await admin.getByRole('button', { name: `Run ${monthName(month)} renewal` }).click()
  // The run renews every due subscription and gift on the site, which late in a suite is many.
  await expect(admin.getByText(`${monthName(month)} renewals run`)).toBeVisible({ timeout: 30_000 })
  return { boxId, boxName }
}
