import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { FRAGMENTS, AUTHORED_SECRETS as SECRETS, STEPS } from './authored-box'
import { expectNoSeriousViolations } from './axe'
import { expect, signInAsAdmin, signUpAs, test, uniqueEmail } from './fixtures'

// Issue 36, "Done when": an admin authors a new box's puzzle, portal and codes in the console;
// a buyer plays it; a second account is refused the same code. The product is made through
// the admin's product API first.
const ORIGIN = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:3000').origin

/** Every response body a page receives, to prove what it was (not) sent. */
function record(page: Page): string[] {
  const bodies: string[] = []
  page.on('response', async (res) => {
    if (!res.url().includes('/api/')) return
    bodies.push(await res.text().catch(() => ''))
  })
  return bodies
}

/** A new box, made the way the owner makes one: the admin's product API (issue 31). */
async function newProduct(page: Page, slug: string, name: string): Promise<string> {
  const res = await page.request.post('/api/admin/products', {
    headers: { Origin: ORIGIN },
    data: { name, slug, category: 'mystery', price_cents: 3999, status: 'on_sale' },
  })
  expect(res.status(), await res.text()).toBe(201)
  const body = (await res.json()) as { data: { id: string } }
  return body.data.id
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`authoring a new box on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('an admin makes the puzzle, portal and codes; a buyer plays; a second account is refused the code', async ({
      page,
      browser,
    }) => {
      test.setTimeout(360_000)
      const slug = `apostles-road-${viewport.name}-${Date.now().toString(36)}`
      const name = `The Apostle's Road ${viewport.name}`
      // --- the admin makes the box and authors it
      await signInAsAdmin(page)
      const productId = await newProduct(page, slug, name)
      await page.goto('/admin/puzzles')
      await page.getByRole('link', { name: `Edit the puzzle of ${name}` }).click()
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
      for (const step of STEPS) {
        await page.getByRole('button', { name: 'Add step' }).click()
        const dialog = page.getByRole('dialog')
        await dialog.getByLabel('Title').fill(step.title)
        await dialog.getByLabel('Story text').fill(step.content)
        await dialog.getByLabel('Answer', { exact: true }).fill(step.answer)
        await dialog.getByRole('button', { name: 'Add step' }).click()
        await expect(dialog).toBeHidden()
      }
      await expect(page.getByRole('list', { name: 'Steps in order' }).getByRole('listitem')).toHaveCount(3)
      await page.screenshot({ path: `test-results/authoring-steps-${viewport.name}.png`, fullPage: true })
      await expectNoSeriousViolations(page, 'steps tab')

      await page.getByRole('tab', { name: 'Portal' }).click()
      for (const f of FRAGMENTS) {
        await page.getByRole('button', { name: 'Add fragment' }).click()
        const dialog = page.getByRole('dialog')
        await dialog.getByLabel('Instruction').fill(f.instruction)
        await dialog.getByLabel('Scroll line').fill(f.line)
        await dialog.getByLabel('Answer', { exact: true }).fill(f.answer)
        if (f.bonus) {
          // Two hints are refused on the field; then all three.
          await dialog.getByLabel('Hint 1').fill('Two words')
          await dialog.getByLabel('Hint 2').fill('Romans 5:5')
          await dialog.getByRole('button', { name: 'Add fragment' }).click()
          await expect(dialog.getByText('Give all three hints, or none.')).toBeVisible()
          await dialog.getByLabel('Hint 3').fill('It does not disappoint')
          await dialog.getByLabel('Bonus question (optional)').fill(f.bonus)
          await dialog.getByLabel('Bonus answer', { exact: true }).fill(f.bonusAnswer!)
        }
        await dialog.getByRole('button', { name: 'Add fragment' }).click()
        await expect(dialog).toBeHidden()
      }
      await expect(page.getByRole('list', { name: 'Fragments' }).getByRole('listitem')).toHaveCount(2)

      // Preview as a player: answers checked, nothing recorded for the admin.
      await page.getByRole('tab', { name: 'Preview' }).click()
      for (const step of STEPS) {
        await expect(page.getByRole('heading', { name: step.title })).toBeVisible()
        await page.getByLabel('Your answer').fill(step.typed)
        await page.getByRole('button', { name: 'Check' }).first().click()
        await page.getByRole('button', { name: 'Next step' }).click()
      }
      await expect(page.getByText('Puzzle complete')).toBeVisible()
      const own = await page.request.get(`/api/admin/puzzles/${productId}/progress`)
      expect((await own.json()).data.players).toBe(0)

      // Twenty codes, downloaded as the printer's CSV.
      await page.getByRole('tab', { name: 'Codes' }).click()
      await page.getByLabel('How many codes').fill('20')
      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: 'Generate codes' }).click()
      const csv = readFileSync(await (await download).path(), 'utf8')
      const codes = csv
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(',')[1]!)
      expect(codes).toHaveLength(20)
      for (const code of codes)
        expect(code).toMatch(/^[346789ACDEFGHJKMNPQRTUVWXY]{4}(-[346789ACDEFGHJKMNPQRTUVWXY]{4}){3}$/)
      await expect(page.getByText('0 of 20 codes used')).toBeVisible()
      await page.screenshot({ path: `test-results/authoring-codes-${viewport.name}.png`, fullPage: true })
      await expectNoSeriousViolations(page, 'codes tab')

      // --- a buyer plays the three steps
      const buyerContext = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      })
      const buyer = await buyerContext.newPage()
      const seen = record(buyer)
      await signUpAs(buyer, uniqueEmail('author-buyer'))
      const session = await (await buyer.request.get('/api/auth/get-session')).json()
      const granted = await page.request.post(`/api/admin/customers/${session.user.id}/grant`, {
        data: { productId },
        headers: { Origin: ORIGIN },
      })
      expect(granted.status(), await granted.text()).toBeLessThan(300)
      await buyer.goto(`/puzzle/${slug}`)
      const main = buyer.locator('main [data-remote="puzzle-app"]')
      for (const [i, step] of STEPS.entries()) {
        // A loaded machine can take a while to serve a page: the first look waits longer.
        await expect(main.getByText(`Step ${i + 1} of 3`, { exact: true })).toBeVisible({ timeout: 30_000 })
        await expect(main.getByRole('heading', { name: step.title })).toBeVisible()
        await main.getByLabel('Your answer').fill(step.typed)
        await main.getByRole('button', { name: 'Submit Answer' }).click()
      }
      await expect(
        main.getByRole('heading', { name: `Congratulations! You have completed ${name}!` }),
      ).toBeVisible()

      // ...enters one of the codes where the spec's portal is, and is taken to this box's.
      await buyer.goto('/puzzle-portal')
      await expect(main.getByLabel('Access code')).toBeVisible({ timeout: 30_000 })
      await main.getByLabel('Access code').fill(codes[0]!.toLowerCase())
      await buyer.keyboard.press('Enter')
      await expect(buyer).toHaveURL(new RegExp(`/puzzle-portal/${slug}$`))
      await expect(main.getByText('0 of 2 fragments')).toBeVisible()
      for (const [i, f] of FRAGMENTS.entries()) {
        const card = main.locator(`[data-fragment="${i + 1}"]`)
        await card.getByLabel(`Answer for fragment ${i + 1}`).fill(f.answer)
        await buyer.keyboard.press('Enter')
        await expect(card.getByText('Restored', { exact: true })).toBeVisible()
      }
      await expect(main.getByText('2 of 2 fragments')).toBeVisible()
      await expect(main).toContainText(FRAGMENTS[1]!.line)
      await buyer.screenshot({ path: `test-results/authoring-portal-${viewport.name}.png`, fullPage: true })
      await expectNoSeriousViolations(buyer, 'authored portal complete')

      // --- a second account entering the same code is refused, clearly
      const otherContext = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      })
      const other = await otherContext.newPage()
      const otherSeen = record(other)
      await signUpAs(other, uniqueEmail('author-second'))
      await other.goto(`/puzzle-portal/${slug}`)
      const otherMain = other.locator('main [data-remote="puzzle-app"]')
      await expect(otherMain.getByLabel('Access code')).toBeVisible({ timeout: 30_000 })
      await expectNoSeriousViolations(other, 'portal gate of the new box')
      await otherMain.getByLabel('Access code').fill(codes[0]!)
      await other.keyboard.press('Enter')
      await expect(otherMain.getByText(/This code has already been used by another player/)).toBeVisible()
      await expect(otherMain.getByLabel('Access code')).toBeVisible()
      await other.screenshot({ path: `test-results/authoring-refused-${viewport.name}.png`, fullPage: true })

      // No answer, bonus answer or unused code reached either player's browser.
      const sent = [...seen, ...otherSeen].join('\n')
      for (const secret of SECRETS) expect(sent, secret).not.toContain(secret)
      for (const code of codes.slice(1)) expect(sent).not.toContain(code)

      // The console now shows the code used, and by whom.
      await page.reload()
      await page.getByRole('tab', { name: 'Codes' }).click()
      await expect(page.getByText('1 of 20 codes used')).toBeVisible()
      await page.getByRole('tab', { name: 'Progress' }).click()
      await expect(page.getByText('Opened the portal')).toBeVisible()
      await buyerContext.close()
      await otherContext.close()
    })
  })
}
