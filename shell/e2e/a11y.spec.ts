import type { Page } from '@playwright/test'
import { expectNoSeriousViolations } from './axe'
import { expect, test, VIEWPORTS } from './fixtures'

// axe walks the whole page several times per test: on a loaded machine that alone can take
// longer than the default 30 s, which is a slow machine, not an accessibility failure.
test.describe.configure({ timeout: 90_000 })

const PAGES = [
  '/',
  '/experiences',
  '/experiences/pilgrims-cipher',
  '/about',
  '/faq',
  '/contact',
  '/scroll-of-antioch',
] as const

async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('main [data-remote="storefront"] h1')).toBeVisible()
  await page.waitForLoadState('networkidle')
  // Let entrance animations and the price skeleton settle before measuring contrast.
  await expect(page.locator('main [data-remote="storefront"] [data-slot="skeleton"]')).toHaveCount(0)
}

for (const viewport of VIEWPORTS) {
  test.describe(`axe on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    for (const path of PAGES) {
      test(`${path} has no serious or critical violations`, async ({ page }) => {
        await open(page, path)
        await expectNoSeriousViolations(page, path)
      })
    }
  })
}

test('the FAQ with an answer open has no serious or critical violations', async ({ page }) => {
  await open(page, '/faq')
  await page.getByRole('button', { name: 'How long does an experience take?' }).click()
  await expect(page.getByRole('region', { name: 'How long does an experience take?' })).toBeVisible()
  await expectNoSeriousViolations(page, '/faq (open)')
})

test('the contact forms showing their errors have no serious or critical violations', async ({ page }) => {
  await open(page, '/contact')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await page.getByRole('button', { name: 'Send Prayer Request' }).click()
  await expect(page.getByText('Please write your message.')).toBeVisible()
  await expect(page.getByText('Please share what we can pray for.')).toBeVisible()
  await expectNoSeriousViolations(page, '/contact (errors)')
})

test('the contact form after sending has no serious or critical violations', async ({ page }) => {
  await open(page, '/contact')
  const form = page.getByRole('form', { name: 'Send us a message' })
  await form.getByLabel('Name').fill('Phoebe')
  await form.getByLabel('Email').fill('phoebe@example.com')
  await form.getByLabel('Subject').fill('A letter from Cenchreae')
  await form.getByLabel('Message').fill('Thank you for the lovely box.')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(form.getByText(/Thank you, Phoebe!/)).toBeVisible()
  await expectNoSeriousViolations(page, '/contact (sent)')
})
