import type { Browser, Page } from '@playwright/test'
import { expectNoSeriousViolations } from './axe'
import { expect, signInAsAdmin, signUpAs, test, uniqueEmail } from './fixtures'

// The seeded Scroll of Antioch (api/seed/content). Typed as a player would, with stray
// spaces, capitals and punctuation, which the server forgives.
const STEP_ANSWERS = [' Christian ', 'AGABUS', 'fast!', 'Cyprus', 'grace']
const FRAGMENTS = [
  { answer: 'light', bonus: 'Antioch', hints: 3 },
  { answer: 'word', bonus: 'Saul', hints: 3 },
  { answer: 'thirty', bonus: 'glad', hints: 3 },
  { answer: 'peace', bonus: 'Cyprus', hints: 0 },
  { answer: 'heart', bonus: 'joy', hints: 0 },
]
const PORTAL_CODE = 'antioch-ad47'
const PASSWORD = 'e2e password 1'
const ORIGIN = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:3000').origin

/** An admin grant (a completed order of 0) for the account this page is signed in with. */
async function grantScroll(browser: Browser, page: Page) {
  const session = await (await page.request.get('/api/auth/get-session')).json()
  const admin = await browser.newContext()
  const adminPage = await admin.newPage()
  await signInAsAdmin(adminPage)
  const granted = await adminPage.request.post(`/api/admin/customers/${session.user.id}/grant`, {
    data: {},
    headers: { Origin: ORIGIN },
  })
  expect(granted.status(), await granted.text()).toBeLessThan(300)
  await admin.close()
}

/** Types into the focused field and submits with Enter: keyboard only. */
async function answerWith(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await field.focus()
  await page.keyboard.type(text)
  await page.keyboard.press('Enter')
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`puzzles on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('a buyer plays all five steps with the keyboard, from step 1 to the completion card', async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000)
      await signUpAs(page, uniqueEmail('buyer'))
      await grantScroll(browser, page)
      await page.goto('/puzzle/scroll-of-antioch')
      const main = page.locator('main [data-remote="puzzle-app"]')
      await expect(main.getByRole('heading', { level: 1, name: 'The Scroll of Antioch' })).toBeVisible()
      await expect(main.getByText('0 of 5 steps solved')).toBeVisible()
      const field = main.getByLabel('Your answer')
      const submit = main.getByRole('button', { name: 'Submit Answer' })
      await expect(submit).toBeDisabled()
      await field.fill('   ')
      await expect(submit).toBeDisabled() // blank is not an answer
      await field.fill('')

      // A wrong answer: the server's message, at the field.
      await answerWith(page, field, 'disciple')
      await expect(main.getByText('Not quite right. Try again or use the hint!').first()).toBeVisible()

      // The hint opens below the answer box: the box does not move.
      // Measured in the page, not the viewport: the browser may scroll the button into view.
      const top = () => field.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
      const before = await top()
      await main.getByRole('button', { name: 'Show Hint' }).focus()
      await page.keyboard.press('Enter')
      await expect(main.getByText('Write down the first letter of each object')).toBeVisible()
      expect(await top()).toBe(before)
      await page.screenshot({ path: `test-results/puzzle-step-hint-${viewport.name}.png`, fullPage: true })
      await expectNoSeriousViolations(page, 'puzzle step with hint')

      for (const [i, text] of STEP_ANSWERS.entries()) {
        await expect(main.getByText(`Step ${i + 1} of 5`, { exact: true })).toBeVisible()
        // After a right answer the next step's title takes focus; type only once it has.
        if (i > 0) await expect(main.getByRole('heading', { level: 2, name: /./ }).first()).toBeFocused()
        await field.fill('')
        await answerWith(page, field, text)
        if (i < 4) {
          await expect(main.getByText(`${i + 1} of 5 steps solved`)).toBeVisible()
          // The next step's title takes focus; a player reads it, then moves on.
          await expect(main.locator('#puzzle-step-title')).toBeFocused()
        }
      }
      const done = main.getByRole('heading', {
        name: 'Congratulations! You have completed The Scroll of Antioch!',
      })
      await expect(done).toBeVisible()
      await expect(done).toBeFocused()
      await expect(main.getByText('5 of 5 steps solved')).toBeVisible()
      await expect(main.getByRole('listitem')).toHaveCount(5)
      await expect(main.getByRole('link', { name: 'Explore more experiences' })).toHaveAttribute(
        'href',
        '/experiences',
      )
      await page.screenshot({ path: `test-results/puzzle-complete-${viewport.name}.png`, fullPage: true })
      await expectNoSeriousViolations(page, 'puzzle complete')
    })

    test('someone who has not bought the box is told so and sent to its page', async ({ page }) => {
      await signUpAs(page, uniqueEmail('browser'))
      await page.goto('/puzzle/scroll-of-antioch')
      await expect(page.getByText('You need to purchase this experience first')).toBeVisible()
      await expect(page).toHaveURL(/\/scroll-of-antioch$/)
    })

    test('a signed-in player opens the portal, solves every fragment with hints and bonuses; a second browser sees the same', async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000)
      const email = uniqueEmail('portal')
      await signUpAs(page, email)
      await page.goto('/puzzle-portal')
      const main = page.locator('main [data-remote="puzzle-app"]')
      const code = main.getByLabel('Access code')
      await expect(code).toBeVisible()
      await expectNoSeriousViolations(page, 'portal gate')

      await answerWith(page, code, 'WRONG-CODE')
      await expect(page.getByText('Invalid access code. Please try again.').first()).toBeVisible()
      await expect(main.getByLabel('Access code')).toHaveValue('') // the box is cleared
      await answerWith(page, main.getByLabel('Access code'), `  ${PORTAL_CODE} `)
      await expect(page.getByText('Access granted! Welcome to the sacred portal.')).toBeVisible()
      await expect(main.getByText('0 of 5 fragments')).toBeVisible()

      // Fragment 1: three hints one at a time; the third asks first.
      const first = main.locator('[data-fragment="1"]')
      await first.getByRole('button', { name: 'Show Hint 1 of 3' }).click()
      await first.getByRole('button', { name: 'Show Hint 2 of 3' }).click()
      await first.getByRole('button', { name: 'Show Hint 3 of 3' }).click()
      await first.getByRole('button', { name: 'Cancel' }).click()
      await expect(first.getByText('Hint 3:')).toHaveCount(0)
      await first.getByRole('button', { name: 'Show Hint 3 of 3' }).click()
      await first.getByRole('button', { name: 'Yes, show me' }).click()
      await expect(first.getByText('Five letters, starting with L.')).toBeVisible()
      await expect(first.getByRole('button', { name: 'All hints revealed' })).toBeDisabled()
      await page.screenshot({ path: `test-results/portal-hints-${viewport.name}.png`, fullPage: true })

      for (const [i, fragment] of FRAGMENTS.entries()) {
        const card = main.locator(`[data-fragment="${i + 1}"]`)
        if (fragment.hints === 0) await expect(card.getByRole('button', { name: /Hint/ })).toHaveCount(0)
        await answerWith(page, card.getByLabel(`Answer for fragment ${i + 1}`), 'wrong guess')
        await expect(
          card.getByText('Not quite right. Look closely at the fragment and try again!'),
        ).toBeVisible()
        await card.getByLabel(`Answer for fragment ${i + 1}`).fill('')
        await answerWith(page, card.getByLabel(`Answer for fragment ${i + 1}`), fragment.answer)
        await expect(card.getByText('Restored', { exact: true })).toBeVisible()
        // Focus moves on to the bonus question by itself.
        const bonus = card.getByLabel(`Bonus answer for fragment ${i + 1}`)
        await expect(bonus).toBeFocused()
        await answerWith(page, bonus, fragment.bonus)
        await expect(card.getByText('Revealed:')).toBeVisible()
        await expect(card.getByRole('heading', { name: `Fragment ${i + 1}` })).toBeFocused()
      }
      await expect(main.getByText('5 of 5 fragments')).toBeVisible()
      const scroll = main.locator('section', {
        has: page.getByRole('heading', { name: 'The scroll is restored' }),
      })
      await expect(scroll.getByRole('listitem')).toHaveCount(5)
      await expect(scroll).toContainText('May the light that found us in Antioch go before you,')
      await expect(scroll).toContainText('until we meet again with joy before His throne.')
      await page.screenshot({ path: `test-results/portal-complete-${viewport.name}.png`, fullPage: true })
      await expectNoSeriousViolations(page, 'portal complete')

      // The same account in another browser: the same portal, no code asked.
      const other = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } })
      const second = await other.newPage()
      const signedIn = await second.request.post('/api/auth/sign-in/email', {
        data: { email, password: PASSWORD },
        headers: { Origin: ORIGIN },
      })
      expect(signedIn.status()).toBe(200)
      await second.goto('/puzzle-portal')
      const secondMain = second.locator('main [data-remote="puzzle-app"]')
      await expect(secondMain.getByText('5 of 5 fragments')).toBeVisible()
      await expect(
        secondMain.locator('[data-fragment="1"]').getByText('Restored', { exact: true }),
      ).toBeVisible()
      await expect(secondMain.locator('[data-fragment="3"]').getByText('Revealed:')).toBeVisible()
      await other.close()
    })

    test('a visitor’s portal stays in the browser and joins their account when they sign up', async ({
      page,
    }) => {
      await page.goto('/puzzle-portal')
      const main = page.locator('main [data-remote="puzzle-app"]')
      await answerWith(page, main.getByLabel('Access code'), PORTAL_CODE)
      await expect(main.getByText('0 of 5 fragments')).toBeVisible()
      await answerWith(page, main.getByLabel('Answer for fragment 2'), 'word')
      await expect(main.getByText('1 of 5 fragments')).toBeVisible()
      const stored = await page.evaluate(() => ({
        access: localStorage.getItem('puzzle-portal-access'),
        progress: localStorage.getItem('scroll_progress'),
      }))
      expect(stored.access).toContain('"granted":true')
      expect(stored.progress).toContain('the Word that was preached to us go with you,')
      await page.reload()
      await expect(main.getByText('1 of 5 fragments')).toBeVisible()

      await signUpAs(page, uniqueEmail('joiner'))
      await page.reload()
      await expect(main.getByText('1 of 5 fragments')).toBeVisible()
      await expect.poll(() => page.evaluate(() => localStorage.getItem('scroll_progress'))).toBeNull() // merged into the account, nothing left behind
      const state = await (await page.request.get('/api/portal')).json()
      expect(state.data.fragments[1].completed).toBe(true)
    })
  })
}
