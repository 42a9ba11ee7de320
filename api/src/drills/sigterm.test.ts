import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import type { Database } from '../db/client'
import { categories, fileAssets, mailOutbox, orders, resources } from '../db/schema'
import { createLocalStorage } from '../storage'
import { GUEST } from './client'
import { startDrillDatabase } from './drill-database'
import { type PrivatePostgres, privatePostgresUnavailable } from './private-postgres'
import { type RawAnswer, rawRequest } from './raw-request'
import { type ServerProcess, startServer, waitFor } from './server-process'

const unavailable = await privatePostgresUnavailable()
if (unavailable) console.warn(`failure drill skipped: ${unavailable}`)

const BIG = Buffer.alloc(3 * 1024 * 1024, 7)
const QUEUED_MAILS = 40
const SMTP_DELAY_MS = 150
/** server.ts forces exit(1) after 10 s; a clean stop must be well within it. */
const EXIT_BUDGET_MS = 8_000

/** A mail server that takes its time over every message (a slow relay). */
async function slowSmtp() {
  const received: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8')
      })
      stream.on('end', () =>
        setTimeout(() => {
          received.push(/^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '')
          callback()
        }, SMTP_DELAY_MS),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    received,
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

type Outcome = { op: string; startedAt: number; answer?: RawAnswer; error?: string }

/**
 * Drill: SIGTERM while customers buy and pay, a slow reader downloads a large file, and
 * the mail worker is sending a queue through a slow mail server. Proven: requests in
 * flight finish (2xx/3xx, whole bodies); new connections are refused (or answered 503),
 * never reset; the process exits 0 well within its 10 s limit; the mail worker stops
 * after the mail in hand and hands the rest back, due at once, so no mail is lost or sent
 * twice; every order the clients were told about is there.
 */
describe.skipIf(!!unavailable)('failure drill: SIGTERM under load', () => {
  let pg: PrivatePostgres
  let db: Database
  let smtp: Awaited<ReturnType<typeof slowSmtp>>
  let server: ServerProcess
  let bigFileId: string

  beforeAll(async () => {
    ;({ pg, db } = await startDrillDatabase())
    const [category] = await db.db.insert(categories).values({ slug: 'drills', name: 'Drills' }).returning()
    const [resource] = await db.db
      .insert(resources)
      .values({ slug: 'drill-poster', title: 'Drill poster', categoryId: category!.id, published: true })
      .returning()
    const [file] = await db.db
      .insert(fileAssets)
      .values({
        resourceId: resource!.id,
        storageKey: 'resources/drill/poster.pdf',
        filename: 'poster.pdf',
        mimeType: 'application/pdf',
        sizeBytes: BIG.byteLength,
      })
      .returning()
    bigFileId = file!.id
    // A queue the worker starts on at once, and that takes it seconds to send.
    await db.db.insert(mailOutbox).values(
      Array.from({ length: QUEUED_MAILS }, (_, i) => ({
        to: `reader${i}@example.com`,
        subject: `Queued ${i}`,
        text: 'x',
      })),
    )
    smtp = await slowSmtp()
    server = await startServer({ DATABASE_URL: pg.url, SMTP_URL: smtp.url, AUTH_RATE_LIMIT: 'false' })
    await createLocalStorage(path.join(server.dataDir, 'files')).put('resources/drill/poster.pdf', BIG)
  })

  afterAll(async () => {
    await server?.destroy()
    await smtp?.close()
    await db?.close().catch(() => {})
    await pg?.destroy()
  })

  it('finishes what is in flight, refuses what is new, and exits 0', async () => {
    const outcomes: Outcome[] = []
    onTestFailed(() =>
      console.error(
        `the server's last lines:\n${server.tail(40)}\nthe last answers:`,
        outcomes.slice(-5).map((o) => ({
          ...o,
          answer: o.answer && { ...o.answer, body: o.answer.body.toString().slice(0, 300) },
        })),
      ),
    )
    let stop = false
    let addresses = 0
    const headers = (json: boolean) => ({
      Origin: server.url,
      'X-Forwarded-For': `10.77.${(++addresses >> 8) & 255}.${addresses & 255}`,
      ...(json ? { 'Content-Type': 'application/json' } : {}),
    })
    const send = async (op: string, url: string, init: Parameters<typeof rawRequest>[1] = {}) => {
      const outcome: Outcome = { op, startedAt: Date.now() }
      outcomes.push(outcome)
      try {
        outcome.answer = await rawRequest(url, init)
      } catch (error) {
        outcome.error = (error as NodeJS.ErrnoException).code ?? (error as Error).message
      }
      return outcome
    }
    const sessions = new Map<string, boolean>()
    async function buyer() {
      while (!stop) {
        const created = await send('checkout', `${server.url}/api/checkout`, {
          method: 'POST',
          headers: headers(true),
          body: JSON.stringify({ productSlug: 'drill-box', customerInfo: GUEST }),
        })
        if (created.answer?.status !== 200) {
          // Only the shutdown may stop a checkout (refused, or 503).
          if (created.answer && created.answer.status !== 503)
            throw new Error(`checkout answered ${created.answer.status}`)
          await new Promise((r) => setTimeout(r, 50))
          continue
        }
        const sessionId = (JSON.parse(created.answer.body.toString()) as { url: string }).url
          .split('/')
          .pop()!
        sessions.set(sessionId, false)
        const paid = await send('pay', `${server.url}/api/payments/test/${sessionId}/pay`, {
          method: 'POST',
          headers: headers(false),
        })
        if (paid.answer?.status === 303) sessions.set(sessionId, true)
      }
    }
    const buyers = Array.from({ length: 4 }, () => buyer())
    await waitFor(
      'the load and the mail worker to be under way',
      () => sessions.size >= 8 && smtp.received.length >= 2,
      20_000,
    )
    // A slow reader is in the middle of a large download when the signal comes.
    const slowDownload = send('download', `${server.url}/api/files/${bigFileId}/download`, {
      headers: headers(false),
      readDelayMs: 25,
    })
    await waitFor('the download to be under way', () => outcomes.some((o) => o.op === 'download'), 10_000)
    await new Promise((r) => setTimeout(r, 100))
    const mailsBefore = smtp.received.length
    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    // New connections after the signal, while the process winds down and after it is gone.
    const late: Promise<Outcome>[] = []
    const prober = (async () => {
      while (server.alive()) {
        late.push(send('late', `${server.url}/api/health`, { headers: headers(false) }))
        await new Promise((r) => setTimeout(r, 25))
      }
    })()
    const exit = await Promise.race([
      server.exited,
      new Promise<null>((r) => setTimeout(() => r(null), 15_000)),
    ])
    stop = true
    await prober
    await Promise.all([...buyers, slowDownload, ...late])
    const exitMs = exit ? exit.at - signalledAt : null
    const inFlight = outcomes.filter(
      (o) => o.startedAt < signalledAt && (o.answer?.endedAt ?? Infinity) > signalledAt,
    )
    const lateOutcomes = outcomes.filter((o) => o.startedAt > signalledAt)
    const tally = (list: Outcome[]) =>
      list.reduce<Record<string, number>>((acc, o) => {
        const key = o.answer ? String(o.answer.status) : (o.error ?? 'error')
        acc[key] = (acc[key] ?? 0) + 1
        return acc
      }, {})
    const rows = await db.db.select().from(mailOutbox)
    const download = await slowDownload
    console.info('SIGTERM drill', {
      exit,
      exitMs,
      inFlightAtSignal: inFlight.length,
      inFlight: tally(inFlight),
      before: tally(outcomes.filter((o) => o.startedAt < signalledAt)),
      after: tally(lateOutcomes),
      downloadMs: download.answer ? download.answer.endedAt - download.startedAt : null,
      mails: { sentBeforeSignal: mailsBefore, sentInAll: smtp.received.length, outbox: rows.length },
    })

    // Exit 0, in bounded time, the shutdown logged.
    expect(exit).toMatchObject({ code: 0, signal: null })
    expect(exitMs).toBeLessThan(EXIT_BUDGET_MS)
    expect(server.lines().some((l) => l.json?.msg === 'shutting down')).toBe(true)
    expect(server.lines().filter((l) => l.json?.msg === 'unhandled error')).toEqual([])

    // Everything begun before the signal was answered in full, the slow download included.
    const before = outcomes.filter((o) => o.startedAt < signalledAt)
    expect(before.filter((o) => !o.answer || o.answer.status >= 400)).toEqual([])
    expect(download.answer?.status).toBe(200)
    expect(download.answer?.body.equals(BIG)).toBe(true)
    expect(download.answer!.endedAt).toBeGreaterThan(signalledAt)
    expect(inFlight.length).toBeGreaterThanOrEqual(1)

    // What came after: refused, or answered whole (2xx/3xx or a 503); never cut off. A
    // connection that reached the kernel's queue as the listener closed is reset before any
    // answer began (ECONNRESET, not "cut off"): like a refusal, the request was not handled.
    expect(lateOutcomes.length).toBeGreaterThan(0)
    for (const o of lateOutcomes) {
      if (o.answer) expect([200, 201, 303, 503]).toContain(o.answer.status)
      else expect(['ECONNREFUSED', 'ECONNRESET']).toContain(o.error)
    }
    expect(lateOutcomes.some((o) => o.error === 'ECONNREFUSED')).toBe(true)

    // The mail worker stopped after the mail in hand: every mail the server took is marked
    // sent, once; the rest are pending and due now, for the next instance.
    const sent = rows.filter((r) => r.status === 'sent')
    expect(sent.map((r) => r.subject).sort()).toEqual([...smtp.received].sort())
    expect(new Set(smtp.received).size).toBe(smtp.received.length)
    const rest = rows.filter((r) => r.status !== 'sent')
    expect(rest.every((r) => r.status === 'pending')).toBe(true)
    const [{ now }] = (await db.db.execute(sql`select now() as now`)) as unknown as [{ now: string }]
    for (const r of rest) expect(r.nextAttemptAt.getTime()).toBeLessThanOrEqual(new Date(now).getTime())
    expect(rest.length).toBeGreaterThan(0)

    // Every checkout answered 200 is an order; every payment answered 303 is paid.
    const boxOrders = await db.db.select().from(orders)
    expect(boxOrders).toHaveLength(sessions.size)
    for (const [sessionId, paid] of sessions) {
      const order = boxOrders.find((o) => o.providerSessionId === sessionId)
      expect(order).toBeDefined()
      if (paid) expect(order!.status).toBe('completed')
    }
  })
  it('with SHUTDOWN_DELAY_MS, says "not ready" while still serving, then stops', async () => {
    const DELAY_MS = 1_500
    const delayed = await startServer({ DATABASE_URL: pg.url, SHUTDOWN_DELAY_MS: String(DELAY_MS) })
    onTestFailed(() => console.error(`the server's last lines:\n${delayed.tail(20)}`))
    try {
      const get = (p: string) => rawRequest(`${delayed.url}${p}`, { method: 'GET', headers: {} })
      expect((await get('/api/ready')).status).toBe(200)
      const signalledAt = Date.now()
      delayed.child.kill('SIGTERM')
      await waitFor(
        'the shutdown to begin',
        () => delayed.lines().some((l) => l.json?.msg === 'shutting down'),
        5_000,
      )
      // Within the delay: a new connection is served, and readiness says to route away.
      const ready = await get('/api/ready')
      const health = await get('/api/health')
      const within = Date.now() - signalledAt
      expect(within).toBeLessThan(DELAY_MS)
      expect(ready.status).toBe(503)
      expect(health.status).toBe(200)
      // Then the listener closes and the process exits 0, not before the delay.
      const exit = await Promise.race([
        delayed.exited,
        new Promise<null>((r) => setTimeout(() => r(null), 15_000)),
      ])
      expect(exit).toMatchObject({ code: 0, signal: null })
      expect(exit!.at - signalledAt).toBeGreaterThanOrEqual(DELAY_MS)
      expect(delayed.lines().find((l) => l.json?.msg === 'shutting down')?.json).toMatchObject({
        delayMs: DELAY_MS,
      })
    } finally {
      await delayed.destroy()
    }
  })
})
