import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { type Db, queryRows } from '../db/client'
import { mailOutbox } from '../db/schema'
import type { Logger } from '../logger'

export type Mail = { to: string; subject: string; text: string; html?: string }

export interface Mailer {
  /**
   * Queues the mail: it is in the outbox when this resolves, and a worker sends it (with
   * retries) when SMTP is configured. Never waits for SMTP, so a request's time does not
   * depend on the mail server, and never throws for a failed send.
   */
  send(mail: Mail, options?: { transaction?: Db; sendAfter?: Date; topic?: string }): Promise<void>
  /**
   * Tells the worker there is mail to send now: after the commit of a transaction that
   * queued mail with `send(mail, { transaction })` (until then the worker cannot see it).
   */
  wake(): void
  /** True when mail only reaches the outbox (no SMTP): a developer reads it there. */
  readonly outboxOnly: boolean
  /** Starts the outbox worker (no-op without SMTP). The server calls it once. */
  start(): void
  /** Stops the worker and waits for a send in flight. */
  stop(): Promise<void>
}

export type MailTransport = { sendMail(mail: Mail & { from: string }): Promise<unknown> }

export type RetryPolicy = {
  /** Attempts before a mail is marked failed (the last error is kept). */
  maxAttempts: number
  /** Wait after the first failure; doubles each time, capped at maxDelayMs. */
  baseDelayMs: number
  maxDelayMs: number
  /** How long a worker holds a claimed row; a crashed worker's row is retried after it. */
  leaseMs: number
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 6 * 60 * 60_000,
  leaseMs: 10 * 60_000,
}

export function backoffMs(attempts: number, policy: RetryPolicy): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1))
}

type ClaimedRow = {
  id: string
  to: string
  subject: string
  text: string
  html: string | null
  attempts: number
}

/**
 * Claims up to `limit` due rows for this worker. The row locks (FOR UPDATE SKIP LOCKED) make
 * concurrent workers on other instances pass over rows another one is claiming, and the
 * lease (next_attempt_at in the future) keeps them off the row while it is being sent.
 */
export async function claimDueMail(db: Db, limit: number, leaseMs: number): Promise<ClaimedRow[]> {
  return queryRows<ClaimedRow>(
    db,
    sql`update mail_outbox set attempts = attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
        where id in (
          select id from mail_outbox
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at, created_at
          limit ${limit}
          for update skip locked)
        returning id, "to", subject, text, html, attempts`,
  )
}

export type OutboxWorker = {
  /** Sends every mail due now; resolves with how many were sent. */
  drain(): Promise<number>
  /** Asks for a drain soon (after a new mail); runs at most one drain at a time. */
  wake(): void
  start(): void
  stop(): Promise<void>
}

export function createOutboxWorker({
  db,
  transport,
  from,
  logger,
  policy = DEFAULT_RETRY,
  pollMs = 5_000,
  batch = 20,
}: {
  db: Db
  transport: MailTransport
  from: string
  logger: Logger
  policy?: RetryPolicy
  pollMs?: number
  batch?: number
}): OutboxWorker {
  let running: Promise<number> | null = null
  let again = false
  let timer: NodeJS.Timeout | null = null
  let stopped = true
  /** Set by stop() (not before start(): drain() alone works on a stopped worker, for tests). */
  let halted = false

  async function sendOne(row: ClaimedRow): Promise<boolean> {
    try {
      await transport.sendMail({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
      })
    } catch (err) {
      const reason = String(err instanceof Error ? err.message : err).slice(0, 500)
      const giveUp = row.attempts >= policy.maxAttempts
      const delay = backoffMs(row.attempts, policy)
      await db.execute(
        sql`update mail_outbox set status = ${giveUp ? 'failed' : 'pending'}, error = ${reason},
              next_attempt_at = now() + make_interval(secs => ${delay / 1000})
            where id = ${row.id} and status = 'pending'`,
      )
      logger.warn(
        { subject: row.subject, attempts: row.attempts, giveUp, retryInMs: giveUp ? null : delay, reason },
        giveUp ? 'mail failed for good' : 'mail failed; will retry',
      )
      return false
    }
    await db.execute(
      sql`update mail_outbox set status = 'sent', sent_at = now(), error = null where id = ${row.id}`,
    )
    return true
  }

  async function drainLoop(): Promise<number> {
    let sent = 0
    while (!halted) {
      const rows = await claimDueMail(db, batch, policy.leaseMs)
      for (const [index, row] of rows.entries()) {
        if (halted) {
          // Shutting down: the send in hand finished; the rest of the batch goes back,
          // due now, for the next worker (instead of waiting out the lease, or holding
          // the shutdown until a slow mail server has taken all of it).
          await release(rows.slice(index).map((r) => r.id))
          return sent
        }
        if (await sendOne(row)) sent++
      }
      if (rows.length < batch) return sent
    }
    return sent
  }

  async function release(ids: string[]) {
    await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} - 1`, nextAttemptAt: sql`now()` })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')))
  }

  function drain(): Promise<number> {
    if (running) {
      again = true
      return running
    }
    running = drainLoop()
      .catch((err) => {
        logger.error({ err }, 'draining the mail outbox failed')
        return 0
      })
      .finally(() => {
        running = null
        if (again && !stopped) {
          again = false
          void drain()
        }
      })
    return running
  }

  function schedule() {
    if (stopped) return
    timer = setTimeout(async () => {
      await drain()
      schedule()
    }, pollMs)
    timer.unref()
  }

  return {
    drain,
    wake() {
      if (!stopped) void drain()
    },
    start() {
      if (!stopped) return
      stopped = false
      halted = false
      void drain()
      schedule()
    },
    async stop() {
      stopped = true
      halted = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}

export function createMailer({
  db,
  smtpUrl,
  transport: given,
  from,
  logger,
  policy,
  pollMs,
  outboxPage = false,
}: {
  db: Db
  smtpUrl?: string
  /** A transport instead of SMTP_URL (tests). */
  transport?: MailTransport
  from: string
  logger: Logger
  policy?: RetryPolicy
  pollMs?: number
  /** Whether admins can read the outbox at /api/dev/mail (said in the log line of a kept mail). */
  outboxPage?: boolean
}): Mailer & { worker: OutboxWorker | null } {
  const transport: MailTransport | null = given ?? (smtpUrl ? nodemailer.createTransport(smtpUrl) : null)
  const worker = transport ? createOutboxWorker({ db, transport, from, logger, policy, pollMs }) : null
  return {
    outboxOnly: !transport,
    worker,
    async send(mail, options) {
      // In the caller's transaction: the mail exists exactly when what it tells of does.
      await (options?.transaction ?? db).insert(mailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // A mail for a later day (a gift card's delivery date): the worker claims it only then.
        ...(options?.sendAfter ? { nextAttemptAt: options.sendAfter } : {}),
        // What it is about, so its sender can call it off while it waits (`cancelMailAbout`).
        ...(options?.topic ? { topic: options.topic } : {}),
      })
      if (!worker) {
        logger.info(
          { subject: mail.subject },
          outboxPage
            ? 'mail kept in the outbox (no SMTP_URL); read it at /api/dev/mail'
            : 'mail kept in the outbox (no SMTP_URL): set SMTP_URL to send it',
        )
        return
      }
      if (!options?.transaction) worker.wake()
    },
    wake() {
      worker?.wake()
    },
    start() {
      worker?.start()
    },
    async stop() {
      await worker?.stop()
    },
  }
}

/**
 * Calls off the mail about `topic` that has not gone yet (a gift card's mail waiting for its
 * delivery date, when the order that bought the card is refunded), in the caller's
 * transaction. Answers how many were called off; mail already sent stays as it was.
 */
export async function cancelMailAbout(db: Db, topic: string): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'cancelled' })
    .where(and(eq(mailOutbox.topic, topic), eq(mailOutbox.status, 'pending')))
    .returning({ id: mailOutbox.id })
  return rows.length
}

/** Undoes `cancelMailAbout`: the mail about `topic` waits to be sent again (at once if its day has come). */
export async function restoreMailAbout(db: Db, topic: string): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending' })
    .where(and(eq(mailOutbox.topic, topic), eq(mailOutbox.status, 'cancelled')))
    .returning({ id: mailOutbox.id })
  return rows.length
}

export async function latestMail(db: Db, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit)
}
