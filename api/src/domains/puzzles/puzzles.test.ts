import {
  ANSWERS_PER_MINUTE,
  PORTAL_CODE_ATTEMPTS,
  type PortalState,
  PUZZLE_MESSAGES,
  type PuzzleState,
  type ValidateAnswerResponse,
} from '@lamplight/contracts'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { FRAGMENTS, PORTAL_CODE } from '../../../seed/content/fragments'
import { PUZZLE_STEPS, SCROLL_OF_ANTIOCH } from '../../../seed/content/product'
import {
  orders,
  portalCodes,
  products,
  puzzleContent,
  scrollFragments,
  user,
  userProgress,
} from '../../db/schema'
import { signInListedAdmin } from '../../test/accounts'
import { grantProduct } from '../../test/catalog'
import { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { useTestApp } from '../../test/use-test-app'

type Client = ReturnType<typeof browser>
type ErrorBody = { error: { code: string; message: string } }
const SLUG = SCROLL_OF_ANTIOCH.slug

describe.each(DRIVERS)('puzzles and the scroll portal on %s', (driver) => {
  const setup = useTestApp(driver, { ADMIN_EMAILS: 'boss@example.com' })
  let productId: string
  /** Every response body any test saw, to prove no secret was ever sent. */
  const seen: string[] = []

  beforeAll(async () => {
    const [product] = await setup.database.db
      .insert(products)
      .values({ ...SCROLL_OF_ANTIOCH, status: 'on_sale' })
      .returning()
    productId = product!.id
    await setup.database.db
      .insert(products)
      .values({ slug: 'pilgrims-cipher', name: "Pilgrim's Cipher", priceCents: 2999 })
    await setup.database.db.insert(puzzleContent).values(PUZZLE_STEPS.map((s) => ({ ...s, productId })))
    await setup.database.db.insert(scrollFragments).values(FRAGMENTS.map((f) => ({ ...f, productId })))
    await setup.database.db.insert(portalCodes).values({ code: PORTAL_CODE, productId })
  })

  async function call<T>(b: Client, path: string, init?: Parameters<Client['request']>[1]) {
    const res = await b.request(path, init)
    const text = await res.text()
    seen.push(text)
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T }
  }

  async function customer(email: string, { owns = false } = {}) {
    // The ADMIN_EMAILS address becomes admin the real way: verified, then signed in.
    if (email === 'boss@example.com')
      return signInListedAdmin(setup.app, setup.database, email, 'correct horse 1')
    const b = browser(setup.app)
    await b.signUp(email)
    if (owns) await grantProduct(setup.database, email, productId, 4999)
    return b
  }

  const state = (b: Client, slug = SLUG) => call<{ data: PuzzleState }>(b, `/api/puzzles/${slug}`)
  const answer = (b: Client, stepNumber: number, text: string, slug = SLUG) =>
    call<ValidateAnswerResponse>(b, '/api/puzzles/validate-answer', {
      body: { type: 'puzzle', productSlug: slug, stepNumber, answer: text },
    })
  const portal = (b: Client, token?: string | null) =>
    call<{ data: PortalState }>(b, '/api/portal', { headers: token ? { 'X-Portal-Token': token } : {} })
  const unlock = (b: Client, code: string) =>
    call<{ data: { granted: boolean; message: string; token: string | null } }>(b, '/api/portal/unlock', {
      body: { code },
    })
  const scroll = (b: Client, fragmentId: string, text: string, isBonus = false, token?: string | null) =>
    call<ValidateAnswerResponse>(b, '/api/puzzles/validate-answer', {
      body: { type: 'scroll', fragmentId, answer: text, isBonus },
      headers: token ? { 'X-Portal-Token': token } : {},
    })
  const fragmentIds = async () =>
    (await setup.database.db.select().from(scrollFragments).orderBy(scrollFragments.number)).map((f) => f.id)

  describe('the step puzzle', () => {
    it('needs a signed-in owner: 401 signed out, 404 without a completed order', async () => {
      const visitor = browser(setup.app)
      expect((await state(visitor)).status).toBe(401)
      expect((await answer(visitor, 1, 'christian')).status).toBe(401)

      const b = await customer('lydia@example.com')
      expect((await state(b)).status).toBe(404)
      expect((await answer(b, 1, 'christian')).status).toBe(404)
      const [row] = await setup.database.db.select().from(user).where(eq(user.email, 'lydia@example.com'))
      const [order] = await setup.database.db
        .insert(orders)
        .values({
          userId: row!.id,
          email: 'lydia@example.com',
          productId,
          amountCents: 4999,
          provider: 'test',
        })
        .returning()
      expect((await state(b)).status).toBe(404) // pending is not bought
      await setup.database.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, order!.id))
      expect((await state(b)).status).toBe(200)
      // Owning one box opens no other, and an unknown slug looks the same.
      expect((await state(b, 'pilgrims-cipher')).status).toBe(404)
      expect((await state(b, 'no-such-box')).status).toBe(404)
    })

    it('starts a record at step 1 on the first visit and sends no answer and no later step', async () => {
      const b = await customer('priscilla@example.com', { owns: true })
      const res = await state(b)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toContain('no-store')
      expect(res.body.data).toMatchObject({
        product: { slug: SLUG, name: 'The Scroll of Antioch' },
        totalSteps: 5,
        currentStep: 1,
        completedSteps: [],
        completedAt: null,
      })
      expect(res.body.data.steps).toHaveLength(1)
      expect(res.body.data.steps[0]).toMatchObject({ stepNumber: 1, completed: false, unlockMessage: null })
      const text = JSON.stringify(res.body)
      expect(text).not.toMatch(/"answer"|acceptedAnswers/)
      for (const step of PUZZLE_STEPS) expect(text).not.toContain(step.unlockMessage)
      for (const step of PUZZLE_STEPS.slice(1)) expect(text).not.toContain(step.title)
      const [row] = await setup.database.db.select().from(user).where(eq(user.email, 'priscilla@example.com'))
      const [progress] = await setup.database.db
        .select()
        .from(userProgress)
        .where(eq(userProgress.userId, row!.id))
      expect(progress).toMatchObject({ currentStep: 1, completedSteps: [], completedAt: null })
    })

    it('plays all five steps: every message, trimming, case and punctuation, accepted spellings', async () => {
      const b = await customer('aquila@example.com', { owns: true })
      const wrong = await answer(b, 1, 'disciple')
      expect(wrong.status).toBe(200)
      expect(wrong.body).toEqual({ correct: false, message: PUZZLE_MESSAGES.wrongAnswer, unlockText: null })
      // Out of order is refused and changes nothing.
      const ahead = await answer(b, 2, 'agabus')
      expect(ahead.status).toBe(409)
      expect((ahead.body as unknown as ErrorBody).error.message).toBe(PUZZLE_MESSAGES.earlierStepsFirst)

      const typed = ['  ChRiStIaNs!  ', 'Agabus.', ' FASTING ', 'cyprus', '"Grace"']
      for (const [i, text] of typed.entries()) {
        const step = PUZZLE_STEPS[i]!
        const res = await answer(b, step.stepNumber, text)
        expect(res.status, text).toBe(200)
        expect(res.body.correct).toBe(true)
        expect(res.body.unlockText).toBe(step.unlockMessage)
        const last = i === typed.length - 1
        expect(res.body.completed).toBe(last)
        expect(res.body.message).toBe(
          last ? 'Congratulations! You have completed The Scroll of Antioch!' : step.unlockMessage,
        )
      }
      const done = (await state(b)).body.data
      expect(done.completedSteps).toEqual([1, 2, 3, 4, 5])
      expect(done.currentStep).toBe(5) // the last step stays current
      expect(done.completedAt).not.toBeNull()
      expect(done.steps.every((s) => s.completed && s.unlockMessage)).toBe(true)
      // Answering a solved step again changes nothing.
      expect((await answer(b, 3, 'fast')).body.correct).toBe(true)
      expect((await state(b)).body.data.completedSteps).toEqual([1, 2, 3, 4, 5])
    })

    it('refuses an empty or blank answer and an unknown step with a 4xx', async () => {
      const b = await customer('silas@example.com', { owns: true })
      expect((await answer(b, 1, '   ')).status).toBe(400)
      expect((await answer(b, 99, 'christian')).status).toBe(404)
      const bad = await call<ErrorBody>(b, '/api/puzzles/validate-answer', {
        body: { type: 'puzzle', productSlug: SLUG, stepNumber: '1; drop table', answer: 'x' },
      })
      expect(bad.status).toBe(400)
    })

    it('lets an admin play any product without an order, and reset their own progress', async () => {
      const admin = await customer('boss@example.com')
      expect((await state(admin)).status).toBe(200)
      expect((await answer(admin, 1, 'christian')).body.correct).toBe(true)
      expect((await state(admin)).body.data.completedSteps).toEqual([1])
      expect((await call(admin, `/api/puzzles/${SLUG}/reset`, { method: 'POST' })).status).toBe(200)
      expect((await state(admin)).body.data).toMatchObject({ currentStep: 1, completedSteps: [] })
      const other = await customer('demas@example.com', { owns: true })
      expect((await call(other, `/api/puzzles/${SLUG}/reset`, { method: 'POST' })).status).toBe(403)
    })

    it('never skips or doubles a step when the same right answer arrives many times at once', async () => {
      const b = await customer('tychicus@example.com', { owns: true })
      await state(b)
      const results = await Promise.all(Array.from({ length: 8 }, () => answer(b, 1, 'christian')))
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(200))
      expect(results.every((r) => r.body.correct)).toBe(true)
      let s = (await state(b)).body.data
      expect(s.completedSteps).toEqual([1])
      expect(s.currentStep).toBe(2)
      // Step 2 and step 3 at once: 3 can never be recorded before 2.
      const [two, three] = await Promise.all([answer(b, 2, 'agabus'), answer(b, 3, 'fast')])
      expect(two.body.correct).toBe(true)
      expect([200, 409]).toContain(three.status)
      s = (await state(b)).body.data
      expect(s.completedSteps).toEqual(three.status === 200 ? [1, 2, 3] : [1, 2])
      expect(new Set(s.completedSteps).size).toBe(s.completedSteps.length)
    })

    it('shows no steps for a product without active puzzle content', async () => {
      const admin = browser(setup.app)
      await admin.signIn('boss@example.com')
      const res = await state(admin, 'pilgrims-cipher')
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({ totalSteps: 0, steps: [] })
    })

    it(`limits answers to ${ANSWERS_PER_MINUTE} a minute per user, with Retry-After`, async () => {
      const b = await customer('erastus@example.com', { owns: true })
      for (let i = 0; i < ANSWERS_PER_MINUTE; i++) expect((await answer(b, 1, `guess ${i}`)).status).toBe(200)
      const refused = await answer(b, 1, 'christian')
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      // The same person from another address is still the same user.
      const again = browser(setup.app)
      await again.signIn('erastus@example.com')
      expect((await answer(again, 1, 'christian')).status).toBe(429)
      // Someone else is not affected.
      const other = await customer('trophimus@example.com', { owns: true })
      expect((await answer(other, 1, 'christian')).status).toBe(200)
    })
  })

  describe('the scroll portal', () => {
    it('keeps the gate shut without the code and opens it for a visitor with a signed pass', async () => {
      const visitor = browser(setup.app)
      expect((await portal(visitor)).body).toEqual({ data: { unlocked: false } })
      const wrong = await unlock(visitor, 'ANTIOCH-AD48')
      expect(wrong.status).toBe(200)
      expect(wrong.body.data).toEqual({ granted: false, message: PUZZLE_MESSAGES.invalidCode, token: null })
      expect((await unlock(visitor, '   ')).status).toBe(400)

      const right = await unlock(visitor, `  ${PORTAL_CODE.toLowerCase()}  `)
      expect(right.body.data).toMatchObject({ granted: true, message: PUZZLE_MESSAGES.accessGranted })
      const token = right.body.data.token!
      expect(token).toBeTruthy()
      const open = await portal(visitor, token)
      expect(open.body.data.unlocked).toBe(true)
      if (!open.body.data.unlocked) return
      expect(open.body.data.signedIn).toBe(false)
      expect(open.body.data.fragments.map((f) => f.number)).toEqual([1, 2, 3, 4, 5])
      expect(open.body.data.fragments.map((f) => f.hints.length)).toEqual([3, 3, 3, 0, 0])
      expect(open.body.data.fragments.every((f) => f.scrollLine === null && !f.completed)).toBe(true)

      // A pass is believed only as signed: a changed one is a shut gate.
      const forged = `${token.slice(0, -3)}abc`
      expect((await portal(visitor, forged)).body.data.unlocked).toBe(false)
      // A code that is switched off switches its passes off.
      await setup.database.db.update(portalCodes).set({ isActive: false })
      expect((await portal(visitor, token)).body.data.unlocked).toBe(false)
      await setup.database.db.update(portalCodes).set({ isActive: true })
    })

    it('checks a visitor’s fragment answers and bonus answers on the server, with receipts', async () => {
      const visitor = browser(setup.app)
      const token = (await unlock(visitor, PORTAL_CODE)).body.data.token!
      const [first, , third] = await fragmentIds()
      expect((await scroll(visitor, first!, 'light')).status).toBe(403) // no pass: gate shut
      const wrong = await scroll(visitor, first!, 'dark', false, token)
      expect(wrong.body).toEqual({
        correct: false,
        message: PUZZLE_MESSAGES.wrongScrollAnswer,
        unlockText: null,
      })
      const right = await scroll(visitor, first!, ' Light. ', false, token)
      expect(right.body).toMatchObject({ correct: true, unlockText: FRAGMENTS[0]!.scrollLine })
      expect(right.body.receipt).toBeTruthy()
      expect((await scroll(visitor, third!, 'Thirty', false, token)).body.unlockText).toBe(
        FRAGMENTS[2]!.scrollLine,
      )
      const bonus = await scroll(visitor, first!, 'ANTIOCH', true, token)
      expect(bonus.body).toMatchObject({ correct: true, unlockText: 'antioch' })
      expect((await scroll(visitor, first!, 'Jerusalem', true, token)).body).toEqual({
        correct: false,
        message: PUZZLE_MESSAGES.wrongBonusAnswer,
        unlockText: null,
      })
      expect((await scroll(visitor, '00000000-0000-4000-8000-000000000000', 'x', false, token)).status).toBe(
        404,
      )
    })

    it('keeps a signed-in user’s portal on the server: same progress in a second session', async () => {
      const phone = await customer('phoebe@example.com')
      expect((await unlock(phone, PORTAL_CODE)).body.data).toMatchObject({ granted: true, token: null })
      const ids = await fragmentIds()
      // The bonus comes after the fragment.
      expect((await scroll(phone, ids[1]!, 'saul', true)).status).toBe(409)
      expect((await scroll(phone, ids[1]!, 'word')).body.correct).toBe(true)
      expect((await scroll(phone, ids[1]!, 'Paul', true)).body.correct).toBe(true)
      for (let i = 0; i < 4; i++) await call(phone, '/api/portal/hints', { body: { fragmentId: ids[0] } })
      expect((await call(phone, '/api/portal/hints', { body: { fragmentId: ids[3] } })).body).toEqual({
        data: { hintsRevealed: 0 },
      })

      const laptop = browser(setup.app)
      await laptop.signIn('phoebe@example.com')
      const s = (await portal(laptop)).body.data
      expect(s.unlocked).toBe(true)
      if (!s.unlocked) return
      expect(s.signedIn).toBe(true)
      const [f1, f2, f3] = s.fragments
      expect(f1).toMatchObject({ hintsRevealed: 3, completed: false, scrollLine: null })
      expect(f2).toMatchObject({
        completed: true,
        bonusRevealed: true,
        scrollLine: FRAGMENTS[1]!.scrollLine,
        bonusAnswer: 'saul',
      })
      expect(f3).toMatchObject({ completed: false, scrollLine: null, bonusAnswer: null })
    })

    it('merges a visitor’s pass and receipts into their account at sign-in, and nothing forged', async () => {
      const visitor = browser(setup.app)
      const token = (await unlock(visitor, PORTAL_CODE)).body.data.token!
      const ids = await fragmentIds()
      const r1 = (await scroll(visitor, ids[0]!, 'light', false, token)).body.receipt!
      const r1b = (await scroll(visitor, ids[0]!, 'antioch', true, token)).body.receipt!
      const r4 = (await scroll(visitor, ids[3]!, 'peace', false, token)).body.receipt!
      // A receipt for fragment 5 that the server never signed:
      const forged = r4.replace(ids[3]!, ids[4]!)

      await visitor.signUp('junia@example.com')
      const merged = await call<{ data: PortalState }>(visitor, '/api/portal/merge', {
        body: {
          token,
          receipts: [r1b, r1, r4, forged, 'nonsense'],
          hintsRevealed: { [ids[2]!]: 2, junk: 1 },
        },
      })
      expect(merged.status).toBe(200)
      const s = merged.body.data
      if (!s.unlocked) throw new Error('expected the portal to be open after the merge')
      expect(s.fragments.map((f) => f.completed)).toEqual([true, false, false, true, false])
      expect(s.fragments[0]).toMatchObject({ bonusRevealed: true, bonusAnswer: 'antioch' })
      expect(s.fragments[2]!.hintsRevealed).toBe(2)
      expect(s.fragments[4]!.scrollLine).toBeNull()
      // Signed out, the merge is a 401.
      expect((await call(browser(setup.app), '/api/portal/merge', { body: { receipts: [] } })).status).toBe(
        401,
      )
    })

    it('lets only an admin reset their own portal progress', async () => {
      const admin = browser(setup.app)
      await admin.signIn('boss@example.com')
      await unlock(admin, PORTAL_CODE)
      const ids = await fragmentIds()
      await scroll(admin, ids[0]!, 'light')
      expect((await call(admin, '/api/portal/reset', { method: 'POST' })).status).toBe(200)
      const s = (await portal(admin)).body.data
      expect(s.unlocked && s.fragments.every((f) => !f.completed && f.scrollLine === null)).toBe(true)
      const phone = browser(setup.app)
      await phone.signIn('phoebe@example.com')
      expect((await call(phone, '/api/portal/reset', { method: 'POST' })).status).toBe(403)
    })

    it(`answers 429 after ${PORTAL_CODE_ATTEMPTS} codes in ten minutes from one client`, async () => {
      // An address of its own: a random one from browser()'s pool may already have spent
      // codes in an earlier test of this file (each app counts per address).
      const b = browser(setup.app, '198.51.100.212')
      for (let i = 0; i < PORTAL_CODE_ATTEMPTS; i++) expect((await unlock(b, `WRONG-${i}`)).status).toBe(200)
      const refused = await unlock(b, PORTAL_CODE)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      // Another client, also at an address of its own, has its own limit.
      expect((await unlock(browser(setup.app, '198.51.100.213'), PORTAL_CODE)).body.data.granted).toBe(true)
    })

    it('sent no code, no answer and no unsolved scroll line in any response', () => {
      const all = seen.join('\n')
      expect(all.toUpperCase()).not.toContain(PORTAL_CODE)
      expect(all).not.toMatch(/"(answer|acceptedAnswers|bonusAcceptedAnswers)":/)
      // Lines of fragments 3 (visitor only, receipted) and 5 (never solved by a user) were
      // only ever sent as the answer to their own solve.
      expect(all).not.toContain(FRAGMENTS[4]!.scrollLine)
      const lineSightings = seen.filter((t) => t.includes(FRAGMENTS[2]!.scrollLine))
      expect(lineSightings.every((t) => t.includes('"correct":true'))).toBe(true)
    })
  })
})
