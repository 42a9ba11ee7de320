import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
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

/** Copies the built storefront to $DATA_DIR/releases/storefront/<version>/, as `npm run release` does. */
function publishCopy(version: string): string {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests through e2e/run.mjs')
  const target = path.join(dataDir, 'releases', 'storefront', version)
  cpSync(path.join(REPO, 'storefront', 'dist'), target, { recursive: true })
  return target
}

/** A release of the storefront whose home page differs. */
function publishReleaseB(version: string): string {
  const target = publishCopy(version)
  let patched = 0
  for (const file of [...files(path.join(target, 'static', 'js'))]) {
    if (!file.endsWith('.js')) continue
    const text = readFileSync(file, 'utf8')
    if (!text.includes(EYEBROW)) continue
    writeFileSync(file, text.replaceAll(EYEBROW, RELEASE_B))
    // The build precompressed it: drop the stale copies (the server then compresses on the fly).
    rmSync(`${file}.br`, { force: true })
    rmSync(`${file}.gz`, { force: true })
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

test('an admin rolls the storefront forward and back from the Deployments page; the next page load follows', async ({
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

  await page.goto('/admin/deployments')
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
  // Nothing listens on port 9 of loopback (a release host in run.mjs): the server's check
  // cannot fetch the manifest, and says no more than that.
  await register(page, version, 'http://127.0.0.1:9/mf-manifest.json')
  await page.goto('/admin/deployments')
  await confirm(page, 'Activate', version)
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'could not be loaded' })).toBeVisible()
  const remotes = await (await page.request.get('/remotes.json')).json()
  expect(remotes.storefront).not.toContain('127.0.0.1:9')
  pageErrors.length = 0 // the refused POST is logged by the browser as a failed request
})

test('a release that passes the check but fails in the browser takes down only its own area', async ({
  page,
  pageErrors,
}) => {
  // Its manifest is fine (the server's check reads only the manifest); its remote entry is gone.
  const version = `e2e-broken-${Date.now().toString(36)}`
  const target = publishCopy(version)
  const manifest = JSON.parse(readFileSync(path.join(target, 'mf-manifest.json'), 'utf8'))
  for (const suffix of ['', '.br', '.gz'])
    rmSync(path.join(target, `${manifest.metaData.remoteEntry.name}${suffix}`), { force: true })
  await signInAsAdmin(page)
  await register(page, version, `/apps/storefront/${version}/mf-manifest.json`)
  // This visitor's page loads it as if it were active (switching it on for everyone would break
  // the other browser tests running beside this one).
  await page.route('**/remotes.json', async (route) => {
    const live = await (await route.fetch()).json()
    await route.fulfill({ json: { ...live, storefront: `/apps/storefront/${version}/mf-manifest.json` } })
  })
  await page.goto('/about')
  const failure = page.locator('[data-remote-error="storefront"]')
  await expect(failure).toBeVisible()
  await expect(page.getByRole('banner')).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('button', { name: 'Resources' }).click()
  await nav.getByRole('link', { name: 'All Resources' }).click()
  await expect(page.locator('main [data-remote="resources-app"] h1')).toHaveText('Free Resources')
  pageErrors.length = 0 // the missing entry is logged by the browser
})
