import {
  CODE_ALPHABET,
  type PortalState,
  PUZZLE_MESSAGES,
  type PuzzleState,
  type ValidateAnswerResponse,
} from '@lamplight/contracts'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { PORTAL_CODE } from '../../../seed/content/fragments'
import { portalCodes, products, userProgress } from '../../db/schema'
import { signInListedAdmin } from '../../test/accounts'
import { grantProduct } from '../../test/catalog'
import { browser } from '../../test/client'
import { DRIVERS } from '../../test/database'
import { useTestApp } from '../../test/use-test-app'

type Client = ReturnType<typeof browser>
type Unlocked = {
  data: {
    granted: boolean
    message: string
    token: string | null
    product?: { slug: string; portalPath: string } | null
  }
}

/** What the admin authors in these tests: every answer here must never reach a player early. */
const STEPS = [
  {
    title: 'The Lamp',
    content: 'What lights the path?\n\nPsalm 119:105.',
    answer: 'Word',
    accepted_answers: ['thy word'],
  },
  { title: 'The Road', content: 'Where was Saul going?', answer: 'Damascus', hint: 'A city in Syria.' },
  { title: 'The Basket', content: 'Lowered in a basket over a ...', answer: 'Wall', unlock_message: 'Free!' },
]
const FRAGMENTS = [
  {
    instruction: 'Unscramble: EPOH',
    scroll_line: 'And hope does not put us to shame,',
    hints: ['Four letters', 'Starts with H', 'Chapter 5, verse 5'],
    answer: 'hope',
    bonus_question: 'Which letter of Paul?',
    bonus_answer: 'Romans',
  },
  { instruction: 'Unscramble: EVOL', scroll_line: 'because the love of God is poured out.', answer: 'love' },
]
/** Answers no response to a player ever carries (lines and bonus answers come only as a solve's answer). */
const SECRETS = ['Damascus', 'thy word', 'Wall', 'HOPE']

describe.each(DRIVERS)('authoring a box: puzzle, portal and codes on %s', (driver) => {
  const setup = useTestApp(driver, { ADMIN_EMAILS: 'boss@example.com' })
  let admin: Client
  let productId: string
  const slug = 'road-to-damascus'
  let scrollId: string
  /** What players (not the admin) were sent: no answer, line or code before its solve. */
  const playerSaw: string[] = []

  beforeAll(async () => {
    const [product] = await setup.database.db
      .insert(products)
      .values({ slug, name: "The Apostle's Road", priceCents: 3999, status: 'on_sale' })
      .returning()
    productId = product!.id
    const [scroll] = await setup.database.db
      .insert(products)
      .values({
        slug: 'scroll-of-antioch',
        name: 'The Scroll of Antioch',
        priceCents: 4999,
        status: 'on_sale',
      })
      .returning()
    scrollId = scroll!.id
    await setup.database.db.insert(portalCodes).values({ code: PORTAL_CODE, productId: scrollId })
    admin = await signInListedAdmin(setup.app, setup.database, 'boss@example.com', 'correct horse 1')
  })

  async function call<T>(b: Client, path: string, init?: Parameters<Client['request']>[1], player = true) {
    const res = await b.request(path, init)
    const text = await res.text()
    if (player) playerSaw.push(text)
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T }
  }
  const adminCall = <T>(path: string, init?: Parameters<Client['request']>[1]) =>
    call<T>(admin, path, init, false)
  const base = () => `/api/admin/puzzles/${productId}`

  let emails = 0
  async function player({ owns = true } = {}) {
    const email = `player${++emails}-${driver}@example.com`
    const b = browser(setup.app)
    expect((await b.signUp(email)).status).toBe(200)
    if (owns) await grantProduct(setup.database, email, productId, 3999)
    return b
  }
  const state = (b: Client) => call<{ data: PuzzleState }>(b, `/api/puzzles/${slug}`)
  const answer = (b: Client, stepNumber: number, text: string) =>
    call<ValidateAnswerResponse>(b, '/api/puzzles/validate-answer', {
      body: { type: 'puzzle', productSlug: slug, stepNumber, answer: text },
    })
  const unlock = (b: Client, code: string) => call<Unlocked>(b, '/api/portal/unlock', { body: { code } })
  const portal = (b: Client, product?: string, token?: string | null) =>
    call<{ data: PortalState }>(b, `/api/portal${product ? `?product=${product}` : ''}`, {
      headers: token ? { 'X-Portal-Token': token } : {},
    })
  const scroll = (b: Client, fragmentId: string, text: string, isBonus = false, token?: string | null) =>
    call<ValidateAnswerResponse>(b, '/api/puzzles/validate-answer', {
      body: { type: 'scroll', fragmentId, answer: text, isBonus },
      headers: token ? { 'X-Portal-Token': token } : {},
    })

  const stepIds: string[] = []
  const fragmentIds: string[] = []
  let codes: string[] = []

  it('is for admins only', async () => {
    const b = await player({ owns: false })
    expect((await call(b, '/api/admin/puzzles')).status).toBe(403)
    expect((await call(b, `${base()}/codes`, { body: { count: 5 } })).status).toBe(403)
    expect((await call(browser(setup.app), base())).status).toBe(401)
  })

  it('authors a three-step puzzle; bad input is refused on its field and changes nothing', async () => {
    const blank = await adminCall<{ error: { issues: { path: string; message: string }[] } }>(
      `${base()}/steps`,
      {
        body: { title: '  ', content: 'x', answer: 'y' },
      },
    )
    expect(blank.status).toBe(400)
    expect(JSON.stringify(blank.body.error)).toContain('Title is required.')
    for (const step of STEPS) {
      const res = await adminCall<{ data: { id: string; step_number: number } }>(`${base()}/steps`, {
        body: step,
      })
      expect(res.status).toBe(201)
      stepIds.push(res.body.data.id)
    }
    const shown = await adminCall<{ data: { steps: { step_number: number; accepted_answers: string[] }[] } }>(
      base(),
    )
    expect(shown.body.data.steps.map((s) => s.step_number)).toEqual([1, 2, 3])
    expect(shown.body.data.steps[0]!.accepted_answers).toEqual(['thy word'])
    const list = await adminCall<{ data: { slug: string; steps: number }[] }>('/api/admin/puzzles')
    expect(list.body.data.find((p) => p.slug === slug)?.steps).toBe(3)
    // Reordering needs every step once.
    expect(
      (await adminCall(`${base()}/step-order`, { method: 'PUT', body: { ids: stepIds.slice(0, 2) } })).status,
    ).toBe(400)
  })

  it('previews as a player without recording anything for the admin', async () => {
    const wrong = await adminCall<{ data: { correct: boolean } }>(`${base()}/preview`, {
      body: { kind: 'step', id: stepIds[0], answer: 'lamp' },
    })
    expect(wrong.body.data.correct).toBe(false)
    const right = await adminCall<{ data: { correct: boolean } }>(`${base()}/preview`, {
      body: { kind: 'step', id: stepIds[0], answer: '  THY-word! ' },
    })
    expect(right.body.data.correct).toBe(true)
    const rows = await setup.database.db
      .select()
      .from(userProgress)
      .where(eq(userProgress.productId, productId))
    expect(rows).toEqual([])
  })

  it('lets a buyer play the steps; removing or moving a step never breaks progress', async () => {
    const ahead = await player()
    const behind = await player()
    expect((await state(ahead)).body.data).toMatchObject({ totalSteps: 3, currentStep: 1 })
    expect((await answer(ahead, 1, 'word')).body.correct).toBe(true)
    expect((await answer(ahead, 2, 'damascus')).body.correct).toBe(true)
    expect((await answer(behind, 1, 'the lamp')).body.correct).toBe(false)
    expect((await answer(behind, 1, 'Thy Word')).body.correct).toBe(true)

    // Step 2 switched off: the one who passed it keeps their place, the other skips it.
    const step2 = { ...STEPS[1], is_active: false }
    expect((await adminCall(`${base()}/steps/${stepIds[1]}`, { method: 'PUT', body: step2 })).status).toBe(
      200,
    )
    expect((await state(ahead)).body.data).toMatchObject({
      totalSteps: 2,
      currentStep: 3,
      completedSteps: [1],
    })
    expect((await state(behind)).body.data).toMatchObject({
      totalSteps: 2,
      currentStep: 3,
      completedSteps: [1],
    })
    expect((await answer(behind, 2, 'damascus')).status).toBe(404)

    // Back on, and moved last: solves stay with their step, whatever its place.
    await adminCall(`${base()}/steps/${stepIds[1]}`, { method: 'PUT', body: { ...step2, is_active: true } })
    const order = [stepIds[0], stepIds[2], stepIds[1]]
    const moved = await adminCall<{ data: { step_number: number }[] }>(`${base()}/step-order`, {
      method: 'PUT',
      body: { ids: order },
    })
    expect(moved.body.data.map((s) => s.step_number)).toEqual([1, 3, 2])
    expect((await state(ahead)).body.data).toMatchObject({
      totalSteps: 3,
      currentStep: 3,
      completedSteps: [1, 2],
    })
    const done = await answer(ahead, 3, 'wall')
    expect(done.body).toMatchObject({ correct: true, completed: true })
    expect((await state(behind)).body.data.currentStep).toBe(3)
    expect((await answer(behind, 3, 'wall')).body.correct).toBe(true)
    expect((await answer(behind, 2, 'Damascus')).body).toMatchObject({ correct: true, completed: true })
    // Restore the authored order for what follows.
    await adminCall(`${base()}/step-order`, { method: 'PUT', body: { ids: stepIds } })
  })

  it('authors two fragments: all three hints or none, a bonus needs its answer', async () => {
    const twoHints = await adminCall(`${base()}/fragments`, { body: { ...FRAGMENTS[0], hints: ['a', 'b'] } })
    expect(twoHints.status).toBe(400)
    expect(JSON.stringify(twoHints.body)).toContain('Give all three hints, or none.')
    const noAnswer = await adminCall(`${base()}/fragments`, {
      body: { ...FRAGMENTS[1], bonus_question: 'Why?' },
    })
    expect(JSON.stringify(noAnswer.body)).toContain('A bonus question needs its answer.')
    for (const f of FRAGMENTS) {
      const res = await adminCall<{ data: { id: string; number: number } }>(`${base()}/fragments`, {
        body: f,
      })
      expect(res.status).toBe(201)
      fragmentIds.push(res.body.data.id)
    }
    const shown = await adminCall<{ data: { fragments: { number: number }[]; portal_path: string } }>(base())
    expect(shown.body.data.fragments.map((f) => f.number)).toEqual([1, 2])
    expect(shown.body.data.portal_path).toBe(`/puzzle-portal/${slug}`)
  })

  it('generates codes shown once and stored only as hashes', async () => {
    const tooMany = await adminCall(`${base()}/codes`, { body: { count: 5001 } })
    expect(tooMany.status).toBe(400)
    const res = await adminCall<{ data: { codes: string[]; batch_id: string } }>(`${base()}/codes`, {
      body: { count: 20 },
    })
    expect(res.status).toBe(201)
    codes = res.body.data.codes
    expect(new Set(codes).size).toBe(20)
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/)
      expect([...code.replaceAll('-', '')].every((ch) => CODE_ALPHABET.includes(ch))).toBe(true)
      expect(code).not.toMatch(/[01OIL]/)
    }
    const stored = JSON.stringify(
      await setup.database.db.select().from(portalCodes).where(eq(portalCodes.productId, productId)),
    )
    for (const code of codes) expect(stored).not.toContain(code.replaceAll('-', '').slice(4))
    const listed = await adminCall<{
      data: { label: string; redeemed_at: string | null }[]
      total: number
      used: number
    }>(`${base()}/codes`)
    expect(listed.body).toMatchObject({ total: 20, used: 0 })
    expect(listed.body.data[0]!.label).toMatch(/^[A-Z0-9]{4}…$/)
  })

  it("opens the box's own portal for the buyer who enters a code, and refuses a second account", async () => {
    const buyer = await player()
    const typed = ` ${codes[0]!.toLowerCase().replaceAll('-', ' ')} `
    const opened = await unlock(buyer, typed)
    expect(opened.body.data).toMatchObject({
      granted: true,
      product: { slug, portalPath: `/puzzle-portal/${slug}` },
    })
    const own = await portal(buyer, slug)
    expect(own.body.data).toMatchObject({ unlocked: true, product: { slug } })
    // Another box's portal stays closed to this code.
    expect((await portal(buyer, 'scroll-of-antioch')).body.data.unlocked).toBe(false)

    const restored = await scroll(buyer, fragmentIds[0]!, 'HOPE')
    expect(restored.body).toMatchObject({ correct: true, unlockText: FRAGMENTS[0]!.scroll_line })
    expect((await scroll(buyer, fragmentIds[0]!, 'romans', true)).body.correct).toBe(true)
    expect((await scroll(buyer, fragmentIds[1]!, 'Love')).body.correct).toBe(true)
    const after = await portal(buyer, slug)
    if (!after.body.data.unlocked) throw new Error('portal closed')
    expect(after.body.data.fragments.every((f) => f.completed)).toBe(true)

    const second = await player()
    const refused = await unlock(second, codes[0]!)
    expect(refused.body.data).toMatchObject({ granted: false, message: PUZZLE_MESSAGES.codeUsed })
    expect((await portal(second, slug)).body.data.unlocked).toBe(false)
    expect((await scroll(second, fragmentIds[0]!, 'hope')).status).toBe(403)
    // The first account may enter its own code again.
    expect((await unlock(buyer, codes[0]!)).body.data.granted).toBe(true)

    const listed = await adminCall<{ data: { redeemed_by_email: string | null }[]; used: number }>(
      `${base()}/codes`,
    )
    expect(listed.body.used).toBe(1)
    expect(listed.body.data.filter((c) => c.redeemed_by_email?.startsWith('player'))).toHaveLength(1)
  })

  it('gives a code to exactly one of fifty accounts entering it at once', async () => {
    const accounts = await Promise.all(Array.from({ length: 50 }, () => player({ owns: false })))
    const results = await Promise.all(accounts.map((b) => unlock(b, codes[1]!)))
    expect(results.filter((r) => r.body.data.granted)).toHaveLength(1)
    expect(results.filter((r) => r.body.data.message === PUZZLE_MESSAGES.codeUsed)).toHaveLength(49)
  })

  it('gives a code to one visitor of fifty, and their pass becomes their account at sign-in', async () => {
    const visitors = Array.from({ length: 50 }, () => browser(setup.app))
    const results = await Promise.all(visitors.map((b) => unlock(b, codes[2]!)))
    const winners = results.filter((r) => r.body.data.granted)
    expect(winners).toHaveLength(1)
    const token = winners[0]!.body.data.token!
    expect((await portal(browser(setup.app), slug, token)).body.data.unlocked).toBe(true)

    const b = await player({ owns: false })
    const merged = await call<{ data: PortalState }>(b, '/api/portal/merge', { body: { token } })
    expect(merged.body.data).toMatchObject({ unlocked: true, product: { slug } })
    // Now the account's: the copied pass opens nothing for another account or visitor.
    const other = await player({ owns: false })
    expect((await portal(other, slug, token)).body.data.unlocked).toBe(false)
    expect((await portal(browser(setup.app), slug, token)).body.data.unlocked).toBe(false)
    expect((await unlock(other, codes[2]!)).body.data.granted).toBe(false)
  })

  it('keeps the shared Scroll code working for everyone until the admin retires it', async () => {
    const a = await player({ owns: false })
    const b = await player({ owns: false })
    expect((await unlock(a, PORTAL_CODE)).body.data).toMatchObject({
      granted: true,
      product: { portalPath: '/puzzle-portal' },
    })
    expect((await unlock(b, PORTAL_CODE.toLowerCase())).body.data.granted).toBe(true)
    const list = await adminCall<{ data: { id: string; shared: boolean; label: string }[] }>(
      `/api/admin/puzzles/${scrollId}/codes`,
    )
    const shared = list.body.data.find((c) => c.shared)!
    expect(shared.label).toBe(PORTAL_CODE)
    const retired = await adminCall<{ data: { is_active: boolean } }>(
      `/api/admin/puzzles/${scrollId}/codes/${shared.id}`,
      {
        method: 'PATCH',
        body: { is_active: false },
      },
    )
    expect(retired.body.data.is_active).toBe(false)
    expect((await unlock(await player({ owns: false }), PORTAL_CODE)).body.data).toMatchObject({
      granted: false,
      message: PUZZLE_MESSAGES.invalidCode,
    })
  })

  it('shows progress per product: steps solved, fragments restored, where players get stuck', async () => {
    const res = await adminCall<{
      data: {
        players: number
        finished: number
        stuck_step: number | null
        steps: { step_number: number; solved: number; wrong_answers: number }[]
        fragments: { number: number; restored: number; bonus: number }[]
        portal_players: number
      }
    }>(`${base()}/progress`)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ players: 2, finished: 2, stuck_step: 1 })
    expect(res.body.data.steps.find((s) => s.step_number === 1)).toMatchObject({
      solved: 2,
      wrong_answers: 1,
    })
    expect(res.body.data.fragments).toEqual([
      { number: 1, restored: 1, bonus: 1 },
      { number: 2, restored: 1, bonus: 0 },
    ])
    expect(res.body.data.portal_players).toBe(3)
  })

  it('never sent a player an answer, a bonus answer or a code before its solve', () => {
    const sent = playerSaw.join('\n')
    expect(sent.length).toBeGreaterThan(1000)
    for (const secret of SECRETS) expect(sent).not.toContain(secret)
    // A line and a bonus answer came only with their solve (the first response carrying it).
    const firstLine = playerSaw.findIndex((text) => text.includes('poured out'))
    expect(playerSaw[firstLine]).toContain('"correct":true')
    const firstBonus = playerSaw.findIndex((text) => text.includes('Romans'))
    expect(playerSaw[firstBonus]).toContain('Bonus revealed!')
    for (const code of codes.slice(3)) expect(sent).not.toContain(code)
  })
})
