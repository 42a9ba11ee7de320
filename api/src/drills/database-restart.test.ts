import path from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { PUZZLE_STEPS, SCROLL_OF_ANTIOCH } from '../../seed/content/product'
import type { Database } from '../db/client'
import {
  categories,
  fileAssets,
  mailOutbox,
  orderHistory,
  orders,
  products,
  puzzleContent,
  resources,
  user,
  userProgress,
} from '../db/schema'
import { createLocalStorage } from '../storage'
import { type HttpClient, httpClient, Tally, untilServed } from './client'
import { DRILL_BOX, startDrillDatabase } from './drill-database'
import { type PrivatePostgres, privatePostgresUnavailable } from './private-postgres'
import { type ServerProcess, startServer, waitFor } from './server-process'

const unavailable = await privatePostgresUnavailable()
if (unavailable) console.warn(`failure drill skipped: ${unavailable}`)

const USERS = 6
/** How long the database stays away in the held outage, and how soon every answer must come. */
const HELD_MS = 5_000
const ANSWER_WITHIN_MS = 2_000
const BOX = DRILL_BOX.slug
const PDF = new TextEncoder().encode('%PDF-1.4\n% a drill sheet\n')

type Record_ = {
  /** Sessions whose create answered 200, and whether their payment answered 303. */
  sessions: Map<string, boolean>
  /** Steps the server said were solved (200, correct). */
  solved: Set<number>
  /** Logical downloads that answered 200 (each from its own client address). */
  downloads: number
  rounds: number
}

/**
 * Drill: the database restarts (a fast shutdown, then a crash) while customers buy, pay,
 * download and answer puzzle steps. The server is the real one in a child process, on a
 * private PostgreSQL this test owns. Proven: while the database is away, every answer is
 * 503 with Retry-After in our error shape (never 500, never a refused connection); the
 * process stays up and reconnects by itself; and afterwards the database holds exactly
 * what the answers the clients got say, nothing lost and nothing doubled.
 */
describe.skipIf(!!unavailable)('failure drill: the database restarts under load', () => {
  let pg: PrivatePostgres
  let server: ServerProcess
  let db: Database
  let fileId: string
  let resourceId: string
  const tally = new Tally()
  const measured: Record<string, number> = {}

  beforeAll(async () => {
    let box: Awaited<ReturnType<typeof startDrillDatabase>>['box']
    ;({ pg, db, box } = await startDrillDatabase())
    const [puzzle] = await db.db
      .insert(products)
      .values({ ...SCROLL_OF_ANTIOCH, status: 'on_sale' })
      .returning()
    await db.db.insert(puzzleContent).values(PUZZLE_STEPS.map((s) => ({ ...s, productId: puzzle!.id })))
    const [category] = await db.db.insert(categories).values({ slug: 'drills', name: 'Drills' }).returning()
    const [resource] = await db.db
      .insert(resources)
      .values({ slug: 'drill-sheet', title: 'Drill sheet', categoryId: category!.id, published: true })
      .returning()
    resourceId = resource!.id
    const [file] = await db.db
      .insert(fileAssets)
      .values({
        resourceId,
        storageKey: 'resources/drill/sheet.pdf',
        filename: 'sheet.pdf',
        mimeType: 'application/pdf',
        sizeBytes: PDF.byteLength,
      })
      .returning()
    fileId = file!.id
    expect(box && puzzle).toBeTruthy()
    server = await startServer({ DATABASE_URL: pg.url, AUTH_RATE_LIMIT: 'false' })
    await createLocalStorage(path.join(server.dataDir, 'files')).put('resources/drill/sheet.pdf', PDF)
  })

  afterAll(async () => {
    await server?.destroy()
    await db?.close().catch(() => {})
    await pg?.destroy()
  })

  it('answers 503 while it is gone, reconnects, and loses or doubles nothing', async () => {
    onTestFailed(() => console.error(`the server's last lines:\n${server.tail(40)}`))
    // Customers who own the puzzle box (a completed order each).
    const clients: HttpClient[] = []
    for (let i = 0; i < USERS; i++) {
      const c = httpClient(server.url)
      const res = await c.request('/api/auth/sign-up/email', {
        body: { email: `drill${i}@example.com`, password: 'correct horse 1', name: `Drill ${i}` },
        ip: `10.99.0.${i + 1}`,
      })
      expect(res.status).toBe(200)
      clients.push(c)
    }
    const [puzzle] = await db.db.select().from(products).where(eq(products.slug, SCROLL_OF_ANTIOCH.slug))
    const users = await db.db.select().from(user).orderBy(user.email)
    await db.db.insert(orders).values(
      users.map((u) => ({
        userId: u.id,
        email: u.email,
        productId: puzzle!.id,
        amountCents: 4999,
        provider: 'test' as const,
        status: 'completed' as const,
      })),
    )
    const [{ downloads: downloadsBefore }] = (await db.db
      .select({ downloads: resources.downloads })
      .from(resources)
      .where(eq(resources.id, resourceId))) as [{ downloads: number }]

    const records: Record_[] = clients.map(() => ({
      sessions: new Map(),
      solved: new Set(),
      downloads: 0,
      rounds: 0,
    }))
    let stop = false
    let heldWindow: [number, number] = [0, 0]
    let addresses = 0
    const nextIp = (i: number) => {
      addresses++
      return `10.${i}.${(addresses >> 8) & 255}.${addresses & 255}`
    }

    async function customer(i: number) {
      const c = clients[i]!
      const rec = records[i]!
      while (!stop) {
        // Buy the box and pay for it on the test payment page.
        const created = await untilServed(tally, 'checkout', () =>
          c.request('/api/checkout', { body: { productSlug: BOX }, ip: nextIp(i) }),
        )
        expect(created.status).toBe(200)
        const { url } = (await created.json()) as { url: string }
        const sessionId = url.split('/').pop()!
        rec.sessions.set(sessionId, false)
        const paid = await untilServed(tally, 'pay', () =>
          c.request(`/api/payments/test/${sessionId}/pay`, { method: 'POST', ip: nextIp(i) }),
        )
        expect(paid.status).toBe(303)
        rec.sessions.set(sessionId, true)
        // A visitor downloads the sheet (a new address each time: each is one download;
        // its retries come from the same address, which must not count twice).
        const ip = nextIp(i)
        const download = await untilServed(tally, 'download', () =>
          c.request(`/api/files/${fileId}/download`, { ip, anonymous: true }),
        )
        expect(download.status).toBe(200)
        expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF)
        rec.downloads++
        // The next puzzle step, until all are solved.
        const step = PUZZLE_STEPS.find((s) => !rec.solved.has(s.stepNumber))
        if (step) {
          const answered = await untilServed(tally, 'answer', () =>
            c.request('/api/puzzles/validate-answer', {
              body: {
                type: 'puzzle',
                productSlug: SCROLL_OF_ANTIOCH.slug,
                stepNumber: step.stepNumber,
                answer: step.answer,
              },
              ip: nextIp(i),
            }),
          )
          expect(answered.status).toBe(200)
          expect(((await answered.json()) as { correct: boolean }).correct).toBe(true)
          rec.solved.add(step.stepNumber)
        }
        rec.rounds++
        await new Promise((r) => setTimeout(r, 20))
      }
    }

    const ready = async () => {
      const res = await fetch(`${server.url}/api/ready`).catch(() => null)
      return res
    }
    const roundsDone = () => records.reduce((n, r) => n + r.rounds, 0)

    const load = Promise.all(clients.map((_, i) => customer(i)))
    // The drill's body; any failure above also ends the load.
    const drill = async () => {
      await waitFor('every customer to finish a round', () => records.every((r) => r.rounds >= 1), 60_000)
      for (const mode of ['fast', 'immediate'] as const) {
        const before = tally.total(503)
        const rounds = roundsDone()
        measured[`${mode}: requests in flight at the stop`] = tally.inFlight
        const stopped = Date.now()
        await pg.stop(mode)
        measured[`${mode}: pg_ctl stop ms`] = Date.now() - stopped
        // While it is gone: ready says 503 with Retry-After, health still 200 (the process
        // is fine; an orchestrator must not restart every replica for a database outage).
        const notReady = await ready()
        expect(notReady?.status).toBe(503)
        expect(Number(notReady?.headers.get('retry-after'))).toBeGreaterThan(0)
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
        await waitFor('customers to get 503s', () => tally.total(503) >= before + USERS, 30_000)
        expect(server.alive()).toBe(true)
        const restarted = Date.now()
        await pg.start()
        measured[`${mode}: pg_ctl start ms`] = Date.now() - restarted
        measured[`${mode}: ready again after start, ms`] = await waitFor(
          '/api/ready to answer 200',
          async () => (await ready())?.status === 200,
          30_000,
        )
        measured[`${mode}: outage seen by clients, ms`] = Date.now() - stopped
        // Reconnected: every customer completes another round.
        await waitFor(
          'every customer to complete rounds after the restart',
          () => roundsDone() >= rounds + 2 * USERS,
          60_000,
        )
        measured[`${mode}: 503s`] = tally.total(503) - before
      }
      // Away for a while (issue 39 item 11): 5 s with the customers still buying and readers
      // reading their orders, a product and a search. Every request sent meanwhile is
      // answered within 2 s: 503 with Retry-After (untilServed checks its shape) or a read
      // served from the cache; none waits on a connection that cannot come.
      await pg.stop('fast')
      const heldFrom = Date.now()
      const reads = [
        '/api/account/orders',
        `/api/products/${SCROLL_OF_ANTIOCH.slug}`,
        '/api/resources?q=drill',
      ]
      const readers = Promise.all(
        clients.map(async (c, i) => {
          while (Date.now() - heldFrom < HELD_MS)
            for (const path of reads)
              await untilServed(tally, `read ${path.split('?')[0]}`, () => c.request(path, { ip: nextIp(i) }))
        }),
      )
      await new Promise((r) => setTimeout(r, HELD_MS))
      heldWindow = [heldFrom, Date.now()]
      await pg.start()
      await readers
      await waitFor('/api/ready to answer 200', async () => (await ready())?.status === 200, 30_000)
      const held = tally.answeredBetween(heldWindow[0], heldWindow[1])
      measured['held 5 s: answers to requests sent meanwhile'] = held.length
      measured['held 5 s: slowest answer, ms'] = held[0]?.ms ?? Number.NaN
      // Every step solved by everyone, then stop.
      await waitFor(
        'every customer to solve every step',
        () => records.every((r) => r.solved.size === PUZZLE_STEPS.length),
        60_000,
      )
    }
    try {
      await Promise.race([
        drill(),
        load.then(() => {
          throw new Error('the load ended early')
        }),
      ])
    } finally {
      stop = true
      await load.catch(() => {})
    }
    await load
    console.info('database restart drill', { measured, answers: tally.summary() })

    expect(tally.problems).toEqual([])
    expect(tally.total(500)).toBe(0)
    // While it was away, every request was answered within 2 s (and there were many).
    const held = tally.answeredBetween(heldWindow[0], heldWindow[1])
    expect(held.length).toBeGreaterThan(USERS * 3)
    expect(held.filter((a) => a.ms >= ANSWER_WITHIN_MS).map((a) => `${a.op} ${a.status} ${a.ms} ms`)).toEqual(
      [],
    )
    expect(held.some((a) => a.status === '503')).toBe(true)
    expect(tally.total('network-error')).toBe(0)
    expect(server.alive()).toBe(true)
    // Both outages were seen as 503s by the clients, on the routes that write.
    expect(measured['fast: 503s']).toBeGreaterThan(0)
    expect(measured['immediate: 503s']).toBeGreaterThan(0)

    // The database holds exactly what the clients were told.
    const sessions = records.flatMap((r) => [...r.sessions])
    const boxOrders = await db.db
      .select()
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(eq(products.slug, BOX))
    // One order per checkout answered 200; none for those answered 503. (One exception the
    // server cannot tell apart: a commit whose acknowledgement the crash swallowed, answered
    // 503 though the order exists. It stays pending, never paid; an idempotency key on
    // create-checkout would fold it into the retry; decision 022.)
    const known = new Set(sessions.map(([s]) => s))
    const unknown = boxOrders.filter((o) => !known.has(o.orders.providerSessionId ?? ''))
    console.info('database restart drill: orders the clients were never told of:', unknown.length)
    expect(unknown.length).toBeLessThanOrEqual(tally.statuses.get('checkout')?.get('503') ?? 0)
    expect(unknown.every((o) => o.orders.status === 'pending' && !!o.orders.providerSessionId)).toBe(true)
    for (const sessionId of known)
      expect(boxOrders.filter((o) => o.orders.providerSessionId === sessionId)).toHaveLength(1)
    for (const [sessionId, paid] of sessions) {
      const order = boxOrders.find((o) => o.orders.providerSessionId === sessionId)!.orders
      expect(paid).toBe(true)
      expect(['completed', 'paid']).toContain(order.status)
    }
    // Each paid once: one "Payment received" in its history, one confirmation mail.
    const ids = boxOrders.filter((o) => known.has(o.orders.providerSessionId ?? '')).map((o) => o.orders.id)
    const received = await db.db
      .select({ orderId: orderHistory.orderId, n: sql<number>`count(*)::int` })
      .from(orderHistory)
      .where(and(inArray(orderHistory.orderId, ids), eq(orderHistory.note, 'Payment received')))
      .groupBy(orderHistory.orderId)
    expect(received).toHaveLength(ids.length)
    expect(received.every((r) => r.n === 1)).toBe(true)
    const [{ mails }] = (await db.db
      .select({ mails: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like 'Order confirmed: Drill Box%'`)) as [{ mails: number }]
    expect(mails).toBe(ids.length)
    // Each completed customer owns the box once: the first is completed, the rest paid.
    const completed = boxOrders.filter((o) => o.orders.status === 'completed')
    expect(completed).toHaveLength(USERS)

    // Downloads: every 200 counted once, retries not again.
    const [{ downloads }] = (await db.db
      .select({ downloads: resources.downloads })
      .from(resources)
      .where(eq(resources.id, resourceId))) as [{ downloads: number }]
    expect(downloads - downloadsBefore).toBe(records.reduce((n, r) => n + r.downloads, 0))

    // Progress: every step each customer was told they solved, and nothing else.
    const progress = await db.db.select().from(userProgress).where(eq(userProgress.productId, puzzle!.id))
    expect(progress).toHaveLength(USERS)
    for (const row of progress) {
      expect(row.completedSteps).toEqual(PUZZLE_STEPS.map((s) => s.stepNumber))
      expect(row.completedAt).not.toBeNull()
    }
  })
})
