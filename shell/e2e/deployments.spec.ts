import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { expect, signInAsAdmin, test } from './fixtures'

// Issue 15 / decision 012: a release of one remote is switched and rolled back at run time,
// from the admin console, and the next page load follows; no rebuild, no restart.

const REPO = fileURLToPath(new URL('../..', import.meta.url))
const ORIGIN = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:3000').origin
const EYEBROW = 'Puzzle boxes for curious hearts'
const RELEASE_B = 'Puzzle boxes for curious hearts, release B'

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) yield* files(full)
    else yield full
  }
}

/** Publishes a copy of the built storefront whose home page differs, as `npm run release` would. */
function publishReleaseB(version: string): string {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests through e2e/run.mjs')
  const target = path.join(dataDir, 'releases', 'storefront', version)
  cpSync(path.join(REPO, 'storefront', 'dist'), target, { recursive: true })
  let patched = 0
  for (const file of files(path.join(target, 'static', 'js'))) {
    const text = readFileSync(file, 'utf8')
    if (!text.includes(EYEBROW)) continue
    writeFileSync(file, text.replaceAll(EYEBROW, RELEASE_B))
    patched += 1
  }
  if (!patched) throw new Error('the storefront build no longer has the home page eyebrow this test patches')
  return `/apps/storefront/${version}/mf-manifest.json`
}

async function register(page: Page, version: string, manifestUrl: string) {
  const res = await page.request.post('/api/admin/deployments/storefront/releases', {
    data: { version, manifestUrl },
    headers: { Origin: ORIGIN },
  })
  expect(res.status(), await res.text()).toBe(201)
}

async function confirm(page: Page, action: 'Activate' | 'Roll back', version?: string) {
  const row = page.getByRole('row').filter({ hasText: 'Storefront' })
  if (version) {
    await row.getByRole('combobox', { name: 'Release of storefront to activate' }).click()
    await page.getByRole('option', { name: version }).click()
  }
  await row
    .getByRole('button', { name: action === 'Activate' ? /^Activate storefront/ : 'Roll back storefront' })
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(version ?? 'Storefront will switch')
  await dialog.getByRole('button', { name: action }).click()
}

test('an admin rolls the storefront forward and back from the Deployments tab; the next page load follows', async ({
  page,
  browser,
  pageErrors,
}) => {
  const version = `e2e-b-${Date.now().toString(36)}`
  await signInAsAdmin(page)
  await register(page, version, publishReleaseB(version))

  // A visitor on the release that is live now.
  const visitor = await browser.newPage()
  await visitor.goto('/')
  await expect(visitor.getByText(EYEBROW, { exact: true })).toBeVisible()

  await page.goto('/admin?tab=deployments')
  const row = page.getByRole('row').filter({ hasText: 'Storefront' })
  await expect(row).toContainText('bundled')
  await confirm(page, 'Activate', version)
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: `Storefront ${version} is live` }),
  ).toBeVisible()
  await expect(row).toContainText(version)

  // The open page keeps working with the release it loaded...
  await visitor.getByRole('link', { name: 'Explore Experiences' }).click()
  await expect(visitor).toHaveURL(/\/experiences$/)
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible()
  // ...and the next page load gets the new one.
  await visitor.goto('/')
  await expect(visitor.getByText(RELEASE_B, { exact: true })).toBeVisible()

  await confirm(page, 'Roll back')
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Storefront rolled back to bundled' }),
  ).toBeVisible()
  await visitor.reload()
  await expect(visitor.getByText(EYEBROW, { exact: true })).toBeVisible()
  await visitor.close()
  expect(pageErrors).toEqual([])
})

test('a release whose manifest is unreachable cannot be activated', async ({ page, pageErrors }) => {
  const version = `e2e-gone-${Date.now().toString(36)}`
  await signInAsAdmin(page)
  // Nothing listens on port 9 of loopback: the server's check cannot fetch the manifest.
  await register(page, version, 'http://127.0.0.1:9/mf-manifest.json')
  await page.goto('/admin?tab=deployments')
  await confirm(page, 'Activate', version)
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'could not be fetched (unreachable)' }),
  ).toBeVisible()
  const remotes = await (await page.request.get('/remotes.json')).json()
  expect(remotes.storefront).not.toContain('127.0.0.1:9')
  pageErrors.length = 0 // the refused POST is logged by the browser as a failed request
})
