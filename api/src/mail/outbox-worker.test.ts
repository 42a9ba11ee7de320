import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../db/schema'
import { createLogger } from '../logger'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../test/database'
import { backoffMs, createMailer, DEFAULT_RETRY, type RetryPolicy } from '.'

/** A real SMTP server on loopback that refuses the first `failFirst` messages. */
async function startSmtp(failFirst: number) {
  const received: { to: string; subject: string }[] = []
  let refused = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8')
      })
      stream.on('end', () => {
        if (refused < failFirst) {
          refused++
          const err = Object.assign(new Error('451 mailbox busy, try later'), { responseCode: 451 })
          return callback(err)
        }
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? ''
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), subject })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const logger = createLogger('silent')
// No waiting in tests: a failed mail is due again at once.
const fast: RetryPolicy = { maxAttempts: 3, baseDelayMs: 0, maxDelayMs: 0, leaseMs: 60_000 }

describe('backoff', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, DEFAULT_RETRY))).toEqual([30_000, 60_000, 120_000, 240_000])
    expect(backoffMs(30, DEFAULT_RETRY)).toBe(DEFAULT_RETRY.maxDelayMs)
  })
})

describe.each(DRIVERS)('mail outbox worker (%s)', (driver) => {
  let database: TestDatabase
  let smtp: Awaited<ReturnType<typeof startSmtp>> | null = null

  beforeAll(async () => {
    database = await createTestDatabase(driver)
  })
  afterEach(async () => {
    await smtp?.close()
    smtp = null
    await database.db.delete(mailOutbox)
  })
  afterAll(async () => {
    await database.destroy()
  })

  /** A mailer to a test SMTP server (closed after the test) that refuses the first `refusals` mails. */
  async function mailerToSmtp(refusals: number, options: Partial<Parameters<typeof createMailer>[0]>) {
    const server = await startSmtp(refusals)
    smtp = server
    const mailer = createMailer({
      db: database.db,
      smtpUrl: server.url,
      from: 'shop@example.com',
      logger,
      ...options,
    })
    return { mailer, server }
  }

  it('queues without SMTP: the mail waits in the outbox', async () => {
    const mailer = createMailer({ db: database.db, from: 'shop@example.com', logger })
    expect(mailer.outboxOnly).toBe(true)
    await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Hi' })
    const [row] = await database.db.select().from(mailOutbox)
    expect(row).toMatchObject({ status: 'pending', attempts: 0 })
  })

  it('retries a mail the SMTP server refused, then sends it once', async () => {
    const { mailer, server } = await mailerToSmtp(2, { policy: fast })
    await mailer.send({ to: 'ruth@example.com', subject: 'Your order', text: 'Thank you' })

    await mailer.worker?.drain()
    let [row] = await database.db.select().from(mailOutbox)
    expect(row).toMatchObject({ status: 'pending', attempts: 1 })
    expect(row?.error).toContain('mailbox busy')

    await mailer.worker?.drain()
    await mailer.worker?.drain()
    ;[row] = await database.db.select().from(mailOutbox)
    expect(row).toMatchObject({ status: 'sent', attempts: 3, error: null })
    expect(row?.sentAt).toBeInstanceOf(Date)
    // Nothing more is due: draining again sends nothing.
    expect(await mailer.worker?.drain()).toBe(0)
    expect(server.received).toEqual([{ to: 'ruth@example.com', subject: 'Your order' }])
  })

  it('stops after the mail in hand and hands the rest of its batch back, due now (a shutdown)', async () => {
    let calls = 0
    let letGo = () => {}
    const held = new Promise<void>((resolve) => {
      letGo = resolve
    })
    // A slow mail server: the first send is still going when the server is told to stop.
    const transport = {
      sendMail: async () => {
        calls++
        if (calls === 1) await held
      },
    }
    const mailer = createMailer({ db: database.db, transport, from: 's@example.com', logger, policy: fast })
    for (let i = 0; i < 5; i++)
      await mailer.send({ to: `r${i}@example.com`, subject: `Mail ${i}`, text: 'x' })
    mailer.start()
    for (let i = 0; i < 200 && calls === 0; i++) await new Promise((r) => setTimeout(r, 10))
    const stopping = mailer.stop()
    letGo()
    await stopping
    expect(calls).toBe(1)
    const rows = await database.db.select().from(mailOutbox)
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(1)
    const rest = rows.filter((r) => r.status !== 'sent')
    expect(rest).toHaveLength(4)
    // Not held for the ten-minute lease, and the attempt that never happened is not counted.
    expect(rest.every((r) => r.status === 'pending' && r.attempts === 0)).toBe(true)
    expect(rest.every((r) => r.nextAttemptAt.getTime() <= Date.now() + 1000)).toBe(true)
  })

  it('waits out the back-off before trying again', async () => {
    const slow: RetryPolicy = { ...fast, baseDelayMs: 60_000, maxDelayMs: 60_000 }
    const { mailer } = await mailerToSmtp(1, { policy: slow })
    await mailer.send({ to: 'a@example.com', subject: 'Later', text: 'x' })
    await mailer.worker?.drain()
    expect(await mailer.worker?.drain()).toBe(0)
    const [row] = await database.db.select().from(mailOutbox)
    expect(row?.attempts).toBe(1)
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000)
  })

  it('gives up after the limit and keeps the reason', async () => {
    const { mailer, server } = await mailerToSmtp(100, { policy: fast })
    await mailer.send({ to: 'a@example.com', subject: 'Never', text: 'x' })
    for (let i = 0; i < 5; i++) await mailer.worker?.drain()
    const [row] = await database.db.select().from(mailOutbox)
    expect(row).toMatchObject({ status: 'failed', attempts: 3 })
    expect(row?.error).toContain('mailbox busy')
    expect(server.received).toEqual([])
  })

  it('a started worker sends a queued mail by itself', async () => {
    const { mailer, server } = await mailerToSmtp(0, { pollMs: 50 })
    mailer.start()
    try {
      await mailer.send({ to: 'b@example.com', subject: 'Soon', text: 'x' })
      await expect
        .poll(
          async () =>
            (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'b@example.com')))[0]
              ?.status,
        )
        .toBe('sent')
    } finally {
      await mailer.stop()
    }
    expect(server.received).toHaveLength(1)
  })
})

describe.runIf(DRIVERS.includes('postgres'))('two instances on one PostgreSQL', () => {
  let first: TestDatabase
  let second: TestDatabase | null = null
  let smtp: Awaited<ReturnType<typeof startSmtp>>

  beforeAll(async () => {
    first = await createTestDatabase('postgres')
    smtp = await startSmtp(0)
  })
  afterAll(async () => {
    await second?.close()
    await smtp.close()
    await first.destroy()
  })

  it('never send one mail twice', async () => {
    // A second connection pool on the same database: another API instance.
    const { openDatabase } = await import('../db/client')
    const url = new URL(process.env.DATABASE_URL!)
    const name = (await first.db.execute(sql`select current_database() as name`)) as unknown as {
      name: string
    }[]
    url.pathname = `/${name[0]!.name}`
    const other = await openDatabase({ url: url.href })
    second = { ...other, destroy: other.close }

    // A slow transport widens the window in which both could pick the same row.
    const transport = nodemailer.createTransport(smtp.url)
    const slow = {
      sendMail: async (m: Parameters<typeof transport.sendMail>[0]) => {
        await new Promise((r) => setTimeout(r, 5))
        return transport.sendMail(m)
      },
    }
    const a = createMailer({ db: first.db, transport: slow, from: 's@example.com', logger, policy: fast })
    const b = createMailer({ db: second.db, transport: slow, from: 's@example.com', logger, policy: fast })
    const count = 60
    for (let i = 0; i < count; i++) await a.send({ to: `c${i}@example.com`, subject: `Mail ${i}`, text: 'x' })

    const [sentA, sentB] = await Promise.all([a.worker!.drain(), b.worker!.drain()])
    expect(sentA + sentB).toBe(count)
    // Both really worked (otherwise the test proves nothing about sharing).
    expect(sentA).toBeGreaterThan(0)
    expect(sentB).toBeGreaterThan(0)
    const subjects = smtp.received.map((r) => r.subject)
    expect(new Set(subjects).size).toBe(count)
    expect(subjects).toHaveLength(count)
    const rows = await first.db.select().from(mailOutbox)
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true)
  })
})
