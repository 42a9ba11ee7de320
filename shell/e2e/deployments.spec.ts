import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, signInAsAdmin, test } from './fixtures'
import { EYEBROW, publishCopy, publishWithEyebrow } from './storefront-releases'

// Issue 15 / decision 012: a release of one remote is switched and rolled back at run time,
// from the admin console, and the next page load follows; no rebuild, no restart.

const ORIGIN = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:3000').origin
const RELEASE_B = 'Puzzle boxes for curious hearts, release B'

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
  await register(page, version, publishWithEyebrow(version, RELEASE_B))

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
