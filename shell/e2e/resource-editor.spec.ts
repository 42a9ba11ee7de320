import { mkdirSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import sharp from 'sharp'
import {
  expect,
  layoutShifts,
  signInAsAdmin,
  signUpAs,
  test,
  uniqueEmail,
  VIEWPORTS,
  watchLayoutShifts,
} from './fixtures'

/**
 * The resource editor (issue 13), as an editor uses it: the Admin link leads to the
 * Resources tab; a new resource with a PDF and a PNG is saved as a draft, published, seen
 * in the library with its thumbnail and page count, downloaded, unpublished and gone,
 * edited, and deleted. At a desktop and a phone width, with screenshots to look at.
 */
const ORIGIN = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:3000').origin
const SHOTS = path.join(import.meta.dirname, '..', 'test-results', 'resource-editor')
mkdirSync(SHOTS, { recursive: true })

async function pdfBytes(pages: number) {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let i = 1; i <= pages; i++)
    doc.addPage([612, 792]).drawText(`Armour of God, page ${i}`, { x: 72, y: 700, font, size: 24 })
  return Buffer.from(await doc.save())
}
/** A 600 × 800 picture: a shield with a cross, the kind of page an editor uploads. */
const pngBytes = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
        <rect width="600" height="800" fill="#fffaf0"/>
        <path d="M300 120 L500 200 V420 C500 560 400 650 300 700 C200 650 100 560 100 420 V200 Z" fill="#f3e3c0" stroke="#6b2d2a" stroke-width="14"/>
        <rect x="280" y="230" width="40" height="340" fill="#6b2d2a"/>
        <rect x="190" y="330" width="220" height="40" fill="#6b2d2a"/>
      </svg>`,
    ),
  )
    .png()
    .toBuffer()

/** A new account made an editor by the seeded admin, signed in on `page`. */
async function signInAsNewEditor(browser: Browser, page: Page) {
  const email = uniqueEmail('editor')
  const password = 'e2e password 1'
  await signUpAs(page, email, password, 'E2E Editor')
  const admin = await browser.newPage({ extraHTTPHeaders: { 'X-Forwarded-For': '10.251.0.9' } })
  await admin.goto('/')
  await signInAsAdmin(admin)
  const list = await admin.request.get(`/api/admin/customers?q=${encodeURIComponent(email)}`)
  const id = ((await list.json()) as { data: { id: string }[] }).data[0]?.id
  expect(id).toBeTruthy()
  const role = await admin.request.patch(`/api/admin/users/${id}/role`, {
    data: { role: 'editor' },
    headers: { Origin: ORIGIN },
  })
  expect(role.status(), await role.text()).toBe(200)
  await admin.close()
  // Sign in again so the session carries the new role.
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { Origin: ORIGIN },
  })
  expect(res.status()).toBe(200)
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`an editor creates, publishes, unpublishes, edits and deletes a resource (${label})`, async ({
    page,
    browser,
    pageErrors,
  }) => {
    test.setTimeout(180_000)
    await page.setViewportSize(viewport)
    await page.goto('/')
    await signInAsNewEditor(browser, page)
    await page.goto('/')

    // The Admin link shows to an editor and leads to the Resources tab (the only one).
    if (label === 'desktop') {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click()
    } else {
      await page.getByRole('button', { name: /menu/i }).first().click()
      await page.getByRole('dialog').getByRole('link', { name: 'Admin' }).click()
    }
    await expect(page).toHaveURL(/\/admin/)
    const admin = page.locator('main [data-remote="admin-app"]')
    await expect(admin.getByRole('tab')).toHaveText(['Resources'])
    await admin.getByRole('link', { name: 'New Resource' }).click()
    await expect(page).toHaveURL(/\/admin\/resources\/new$/)

    const editor = page.locator('main [data-remote="resources-app"]')
    await expect(editor.getByRole('heading', { level: 1, name: 'New Resource' })).toBeVisible()
    const title = `Armour of God Cards ${label} ${Date.now().toString(36)}`
    await editor.getByLabel('Title').fill(title)
    const slug = editor.getByLabel('Slug')
    await expect(slug).toHaveValue(/^armour-of-god-cards-/)
    await expect(editor.getByText('Available')).toBeVisible()
    await editor.getByLabel('Description').fill('Cut-out cards for each piece of the armour, Ephesians 6.')
    await editor.getByLabel('Category').selectOption({ label: 'Teaching Resources' })
    await editor.getByLabel('Age range').fill('6-10')
    await editor.getByLabel('Scripture reference').fill('Ephesians 6:10-18')
    const tags = editor.getByRole('combobox', { name: 'Tags' })
    await tags.fill('Armour')
    await tags.press('Enter')
    await tags.fill('ephesians')
    await tags.press('Enter')
    await expect(editor.getByRole('list', { name: 'Chosen tags' }).getByRole('listitem')).toHaveCount(2)
    await page.screenshot({ path: path.join(SHOTS, `${label}-1-new.png`), fullPage: true })

    await editor.getByRole('button', { name: 'Save draft' }).click()
    await expect(page.getByText('Draft saved')).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/resources\/[0-9a-f-]+\/edit$/)
    await expect(editor.getByRole('heading', { level: 1, name: 'Edit Resource' })).toBeVisible()
    const resourceSlug = await slug.inputValue()

    // Two files at once; each has its own progress bar, then its line in the list.
    await editor.getByLabel('Choose files to upload').setInputFiles([
      { name: 'armour-cards.pdf', mimeType: 'application/pdf', buffer: await pdfBytes(3) },
      { name: 'armour-cover.png', mimeType: 'image/png', buffer: await pngBytes() },
    ])
    const files = editor.getByRole('list', { name: 'Files in download order' })
    await expect(files.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 })
    await expect(files.getByRole('listitem').nth(0)).toContainText('PDF · 3 pages')
    await expect(files.getByRole('listitem').nth(1)).toContainText('PNG · 600 × 800 px')
    await expect(editor.getByRole('img', { name: 'Current thumbnail' })).toBeVisible()
    // Reorder: the picture first, then back.
    await editor.getByRole('button', { name: 'Move armour-cover.png up' }).click()
    await expect(files.getByRole('listitem').nth(0)).toContainText('armour-cover.png')
    await editor.getByRole('button', { name: 'Move armour-cover.png down' }).click()
    await expect(files.getByRole('listitem').nth(0)).toContainText('armour-cards.pdf')
    await page.screenshot({ path: path.join(SHOTS, `${label}-2-files.png`), fullPage: true })
    // The editor with its files, checked by axe (serious and critical findings fail).
    const axe = await new AxeBuilder({ page })
      .include('main [data-remote="resources-app"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze()
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([])

    await editor.getByRole('button', { name: 'Publish' }).click()
    await expect(page.getByText('Resource published')).toBeVisible()
    await expect(editor.getByText('Published', { exact: true })).toBeVisible()

    // In the library: the card with its thumbnail, the page count on its page, a download.
    await page.goto(`/resources?q=${encodeURIComponent(title)}`)
    const library = page.locator('main [data-remote="resources-app"]')
    const card = library.getByRole('listitem').filter({ hasText: title })
    await expect(card).toBeVisible()
    await expect(card.locator('img')).toHaveJSProperty('complete', true)
    expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await page.screenshot({ path: path.join(SHOTS, `${label}-3-library.png`), fullPage: true })
    await card.getByRole('link', { name: 'View & Download' }).click()
    await expect(library.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(library.getByText('3 pages', { exact: false })).toBeVisible()
    const download = page.waitForEvent('download')
    await library.getByRole('button', { name: 'Download armour-cards.pdf' }).click()
    const saved = await download
    expect(saved.suggestedFilename()).toBe('armour-cards.pdf')
    await page.screenshot({ path: path.join(SHOTS, `${label}-4-detail.png`), fullPage: true })

    // Back to the editor: unpublish, and it leaves the library.
    await page.goBack()
    await page.goBack()
    await page.goto('/admin')
    await admin.getByRole('link', { name: `Edit ${title}` }).click()
    await expect(editor.getByRole('heading', { level: 1, name: 'Edit Resource' })).toBeVisible()
    await editor.getByRole('button', { name: 'Unpublish' }).click()
    await expect(page.getByText('Resource unpublished: it is a draft again')).toBeVisible()
    await page.goto(`/resources/item/${resourceSlug}`)
    await expect(library.getByRole('heading', { level: 1, name: 'Resource Not Found' })).toBeVisible()
    await page.goto(`/resources?q=${encodeURIComponent(title)}`)
    await expect(library.getByText('No resources match your search.', { exact: false })).toBeVisible()
    await expect(library.getByRole('heading', { name: title, exact: true })).toHaveCount(0)

    // Edit: a changed title asks before leaving unsaved, then saves and stays.
    await page.goto('/admin')
    await admin.getByRole('link', { name: `Edit ${title}` }).click()
    await editor.getByLabel('Title').fill(`${title} (revised)`)
    await editor.getByRole('link', { name: 'Resources' }).click()
    await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible()
    await page.getByRole('button', { name: 'Stay and keep editing' }).click()
    await expect(editor.getByLabel('Title')).toHaveValue(`${title} (revised)`)
    // Back asks too: the step is undone (the address stays on the editor) until the editor says Leave.
    const editorUrl = page.url()
    await page.evaluate(() => window.history.back())
    await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible()
    // The router undoes the browser's step with a history move of its own, which may land just
    // after the dialog opens: the address returns to the editor, not necessarily at once.
    await expect(page).toHaveURL(editorUrl)
    await page.getByRole('button', { name: 'Stay and keep editing' }).click()
    await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toHaveCount(0)
    await expect(editor.getByLabel('Title')).toHaveValue(`${title} (revised)`)
    expect(page.url()).toBe(editorUrl)
    await editor.getByRole('button', { name: 'Save draft' }).click()
    await expect(page.getByText('Draft saved')).toBeVisible()
    await expect(page).toHaveURL(/\/edit$/)
    // The slug of a saved resource stays put when the title changes.
    await expect(slug).toHaveValue(resourceSlug)
    await page.screenshot({ path: path.join(SHOTS, `${label}-5-edited.png`), fullPage: true })

    // Delete from the Resources tab; its edit screen is then Not Found.
    const editUrl = page.url()
    await editor.getByRole('link', { name: 'Resources' }).click()
    await admin.getByRole('button', { name: `Delete ${title} (revised)` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Resource deleted successfully')).toBeVisible()
    await page.goto(editUrl)
    await expect(editor.getByRole('heading', { level: 1, name: 'Resource Not Found' })).toBeVisible()
    expect(pageErrors.filter((e) => !e.includes('404'))).toEqual([])
    pageErrors.length = 0
  })
}

// Issue 40: the edit page shifted while it loaded (CLS 0.15), and Enter in the tag field
// added the existing "Crossword" for a typed "cross" (the create option came last).
test.describe('at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  for (const viewport of VIEWPORTS) {
    test(`the edit page of a resource with a picture and files does not shift while it loads (${viewport.name})`, async ({
      page,
      pageErrors,
    }) => {
      await page.setViewportSize(viewport)
      await page.goto('/')
      await signInAsAdmin(page)
      // A published resource with a thumbnail and files: the most the editor loads.
      const list = await page.request.get('/api/resources?page=1&page_size=50')
      expect(list.status()).toBe(200)
      const items = ((await list.json()) as { data: { id: string; thumb_url: string | null }[] }).data
      const id = items.find((r) => r.thumb_url)?.id
      expect(id, 'the e2e database has a resource with a picture').toBeTruthy()
      await watchLayoutShifts(page)
      await page.goto(`/admin/resources/${id}/edit`)
      const editor = page.locator('main [data-remote="resources-app"]')
      await expect(editor.getByRole('heading', { level: 1, name: 'Edit Resource' })).toBeVisible()
      await expect(editor.getByRole('list', { name: 'Files in download order' })).toBeVisible()
      await expect(editor.getByRole('img', { name: 'Current thumbnail' })).toBeVisible()
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(500)
      const { total, shifts } = await layoutShifts(page)
      test.info().annotations.push({ type: 'layout shifts', description: JSON.stringify(shifts) })
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.01)
      await page.screenshot({ path: path.join(SHOTS, `edit-page-loaded-${viewport.name}.png`) })
      expect(pageErrors).toEqual([])
    })
  }

  test('Enter adds exactly the tag typed; a suggestion is taken with the arrow keys or a click', async ({
    page,
    pageErrors,
  }) => {
    await page.goto('/')
    await signInAsAdmin(page)
    const options = await page.request.get('/api/admin/resources/options')
    const { tags: inUse } = (await options.json()) as { tags: string[] }
    expect(inUse, 'the seeded library tags a resource "Crossword"').toContain('Crossword')
    await page.goto('/admin/resources/new')
    const editor = page.locator('main [data-remote="resources-app"]')
    const tags = editor.getByRole('combobox', { name: 'Tags' })
    const chosen = editor.getByRole('list', { name: 'Chosen tags' }).getByRole('listitem')

    await tags.fill('cross')
    const list = editor.getByRole('listbox', { name: 'Tags' })
    await expect(list.getByRole('option', { name: 'Crossword' })).toBeVisible()
    await tags.scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(SHOTS, 'tags-typed-desktop.png'), fullPage: true })
    await tags.press('Enter')
    await expect(chosen).toHaveText(['cross'])

    // An exact match, whatever its case, is that tag.
    await tags.fill('crossword')
    await tags.press('Enter')
    await expect(chosen).toHaveText(['cross', 'Crossword'])

    // Down to a suggestion, then Enter: that suggestion.
    await tags.fill('disc')
    await tags.press('ArrowDown')
    await expect(list.getByRole('option', { name: 'Disciples' })).toHaveAttribute('aria-selected', 'true')
    await tags.press('Enter')
    await expect(chosen).toHaveText(['cross', 'Crossword', 'Disciples'])
    expect(pageErrors).toEqual([])
  })
})

test('customers cannot open the editor', async ({ page }) => {
  await page.goto('/')
  await signUpAs(page, uniqueEmail('customer'))
  await page.goto('/admin/resources/new')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Access Denied')).toBeVisible()
})
