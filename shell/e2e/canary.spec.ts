import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { expect, signInAsAdmin, test } from './fixtures'
import { EYEBROW, patch, publishCopy, publishWithEyebrow } from './storefront-releases'

// Issue 38 / decision 061: a storefront release that throws on /shop goes on canary at 50 %;
// fresh visitors split between it and the active release; its error rate stops it by itself
// within a minute; everyone is on the active release again; a page loaded before a promotion
// keeps working; a release built for another React is refused at registration.
// Run with the e2e thresholds of run.mjs (CANARY_MIN_VIEWS=10, CANARY_ERROR_MARGIN=0.2), in the
// `canary` project, after every other test (playwright.config.ts); alone: `-- canary.spec.ts --no-deps`.

const ORIGIN = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:3000').origin
const PROMOTED = 'Puzzle boxes for curious hearts, promoted'

// Serial: the storefront's registry is shared by every test of this file.
test.describe.configure({ mode: 'serial' })

type Manifest = {
  exposes: { path: string; assets: { js: { sync: string[] } } }[]
  shared: { name: string; requiredVersion?: string }[]
}

/** A release whose `./routes` throws when it is loaded on /shop (and works everywhere else). */
function publishThrowingOnShop(version: string): string {
  const target = publishCopy(version)
  const manifest = JSON.parse(readFileSync(path.join(target, 'mf-manifest.json'), 'utf8')) as Manifest
  const routes = manifest.exposes.find((e) => e.path === './routes')
  const chunks = routes?.assets.js.sync ?? []
  if (chunks.length === 0) throw new Error('the storefront manifest names no chunk for ./routes')
  for (const chunk of chunks)
    patch(
      path.join(target, chunk),
      (text) =>
        `if (location.pathname.startsWith('/shop')) throw new Error('canary e2e: this release breaks the shop');\n${text}`,
    )
  return `/apps/storefront/${version}/mf-manifest.json`
}

/** A release built for React 18: its manifest asks for a React the shell does not provide. */
function publishForReact18(version: string): string {
  const target = publishCopy(version)
  patch(path.join(target, 'mf-manifest.json'), (text) => {
    const manifest = JSON.parse(text) as Manifest
    for (const s of manifest.shared)
      if (s.name === 'react' || s.name === 'react-dom') s.requiredVersion = '^18.2.0'
    return JSON.stringify(manifest)
  })
  return `/apps/storefront/${version}/mf-manifest.json`
}

type Deployment = {
  remote: string
  active: { version: string } | null
  canary: { version: string; share: number } | null
  canaryHistory: { version: string; kind: string; reason: string | null; at: string }[]
}

async function admin(page: Page, method: 'GET' | 'POST', url: string, data?: unknown) {
  const res =
    method === 'GET'
      ? await page.request.get(`/api/admin/deployments${url}`)
      : await page.request.post(`/api/admin/deployments${url}`, {
          data: data ?? {},
          headers: { Origin: ORIGIN },
        })
  return { status: res.status(), body: await res.json() }
}

async function storefront(page: Page): Promise<Deployment> {
  const { body } = await admin(page, 'GET', '')
  return (body.data as Deployment[]).find((d) => d.remote === 'storefront') as Deployment
}

let counter = 0
/**
 * A fresh visitor (no cookies) opens /shop: what they see, once their page has reported its
 * area's health to the beacon.
 */
async function freshVisitorOnShop(browser: Browser): Promise<'canary' | 'stable'> {
  counter += 1
  const context = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': `10.251.${Math.floor(counter / 250)}.${counter % 250}` },
  })
  const page = await context.newPage()
  // What the page reported, once the server took it.
  const reported: string[] = []
  page.on('response', (r) => {
    if (r.url().endsWith('/api/beacon') && r.status() === 202) reported.push(r.request().postData() ?? '')
  })
  const sent = (kind: string) => reported.some((body) => body.includes(`"kind":"${kind}"`))
  try {
    await page.goto('/shop')
    const failure = page.locator('[data-remote-error="storefront"]')
    const shop = page.getByRole('link', { name: 'Purchase Now - $49.99' })
    await expect(failure.or(shop)).toBeVisible({ timeout: 20_000 })
    if (await failure.isVisible()) {
      // Only the area fails: its fallback with Retry, the chrome around it.
      await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible()
      await expect(page.getByRole('banner')).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
      await expect.poll(() => sent('view') && sent('error')).toBe(true)
      return 'canary'
    }
    await expect.poll(() => sent('view')).toBe(true)
    expect(sent('error')).toBe(false)
    return 'stable'
  } finally {
    await context.close()
  }
}

test('a release that breaks /shop, on canary at 50 %: half the fresh visitors get it, then it stops by itself', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  await signInAsAdmin(page)
  const version = `e2e-canary-${Date.now().toString(36)}`
  const registered = await admin(page, 'POST', '/storefront/releases', {
    version,
    manifestUrl: publishThrowingOnShop(version),
  })
  expect(registered.status, JSON.stringify(registered.body)).toBe(201)
  const started = await admin(page, 'POST', '/storefront/canary', { version, share: 50 })
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const startedAt = Date.now()

  // The Deployments page shows it, at both widths.
  await page.goto('/admin/deployments')
  const row = page.getByRole('row').filter({ hasText: 'Storefront' })
  await expect(row.locator('[data-canary="storefront"]')).toContainText(version)
  await expect(row).toContainText('50 % of visitors')
  await page.screenshot({ path: test.info().outputPath('deployments-canary-1280.png'), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await expect(page.getByText('50 % of visitors')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('deployments-canary-390.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })

  // Fresh visitors, one after another, until the canary is stopped (each reports its page view,
  // and the canary's visitors their area's failure).
  const seen: ('canary' | 'stable')[] = []
  let stopped: Deployment | null = null
  let lastVisitorAt = Date.now()
  for (let i = 0; i < 60 && !stopped; i += 1) {
    lastVisitorAt = Date.now()
    seen.push(await freshVisitorOnShop(browser))
    const now = await storefront(page)
    if (!now.canary) stopped = now
  }
  const canaryVisitors = seen.filter((s) => s === 'canary').length
  const stableVisitors = seen.length - canaryVisitors
  test.info().annotations.push({
    type: 'split',
    description: `${canaryVisitors} on the canary, ${stableVisitors} on the active release, of ${seen.length}`,
  })
  // About half: each side has its share of the visitors before the stop.
  expect(canaryVisitors).toBeGreaterThanOrEqual(10)
  expect(stableVisitors).toBeGreaterThanOrEqual(2)
  expect(stopped, 'the canary was stopped by its error rate').not.toBeNull()
  const event = stopped?.canaryHistory[0]
  expect(event).toMatchObject({ version, kind: 'auto_stopped', reason: expect.stringMatching(/error rate/) })
  // Stopped as the failing page views came in: during the visit whose report crossed the margin.
  const stoppedAt = Date.parse(event?.at ?? '')
  expect(stoppedAt).toBeGreaterThan(startedAt)
  expect(stoppedAt - lastVisitorAt).toBeLessThan(60_000)
  expect(stopped?.active?.version).not.toBe(version)

  // Every visitor is on the active release again.
  for (let i = 0; i < 5; i += 1) expect(await freshVisitorOnShop(browser)).toBe('stable')

  // The page says what happened and why; the admins were mailed.
  await page.goto('/admin/deployments')
  await expect(row).toContainText('stopped automatically')
  await expect(row).toContainText(/error rate was \d+\.\d % over \d+ page views, against \d+\.\d %/)
  await expect(row.locator('[data-canary="storefront"]')).toHaveCount(0)
  await page.goto('/api/dev/mail')
  await expect(
    page.locator('article', { hasText: `Canary stopped: storefront ${version}` }).first(),
  ).toBeVisible()
})

test('a page loaded before a promotion keeps working on its release; the next load gets the promoted one', async ({
  page,
  browser,
  pageErrors,
}) => {
  await signInAsAdmin(page)
  const version = `e2e-promoted-${Date.now().toString(36)}`
  expect(
    (
      await admin(page, 'POST', '/storefront/releases', {
        version,
        manifestUrl: publishWithEyebrow(version, PROMOTED),
      })
    ).status,
  ).toBe(201)
  const before = (await storefront(page)).active?.version

  const visitor = await browser.newPage()
  const visitorErrors: string[] = []
  visitor.on('pageerror', (e) => visitorErrors.push(e.message))
  await visitor.goto('/')
  await expect(visitor.getByText(EYEBROW, { exact: true })).toBeVisible()

  try {
    expect((await admin(page, 'POST', '/storefront/canary', { version, share: 1 })).status).toBe(200)
    const promoted = await admin(page, 'POST', '/storefront/canary/promote')
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200)
    expect(promoted.body.data.active.version).toBe(version)

    // The open page goes on with the release it loaded: its chunks are still served.
    await visitor.getByRole('link', { name: 'Explore Experiences' }).click()
    await expect(visitor).toHaveURL(/\/experiences$/)
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(visitor.locator('[data-remote-error]')).toHaveCount(0)
    expect(visitorErrors).toEqual([])
    // Its next page load gets the promoted release.
    await visitor.goto('/')
    await expect(visitor.getByText(PROMOTED, { exact: true })).toBeVisible()
  } finally {
    // Back to what the other tests expect.
    if ((await storefront(page)).active?.version === version) {
      const back = await admin(page, 'POST', '/storefront/rollback')
      expect(back.body.data.active.version).toBe(before)
    }
    await visitor.close()
  }
  expect(pageErrors).toEqual([])
})

test('a release built for another React is refused at registration, with the reason', async ({ page }) => {
  await signInAsAdmin(page)
  const version = `e2e-react18-${Date.now().toString(36)}`
  const res = await admin(page, 'POST', '/storefront/releases', {
    version,
    manifestUrl: publishForReact18(version),
  })
  expect(res.status).toBe(422)
  expect(res.body.error.message).toMatch(/cannot be registered: it does not fit the shell/)
  expect(res.body.error.message).toMatch(/requires react \^18\.2\.0, but the shell provides 19\./)
  const releases = (await admin(page, 'GET', '')).body.data.find((d: Deployment) => d.remote === 'storefront')
    .releases as { version: string }[]
  expect(releases.map((r) => r.version)).not.toContain(version)
})
