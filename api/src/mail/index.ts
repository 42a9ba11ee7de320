import { desc, eq, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'
import type { Logger } from '../logger'

export type Mail = { to: string; subject: string; text: string; html?: string }

export interface Mailer {
  /** Records the mail in the outbox and, with SMTP configured, sends it. Never throws for a failed send. */
  send(mail: Mail): Promise<void>
  /** True when mail only reaches the outbox (no SMTP): a developer reads it there. */
  readonly outboxOnly: boolean
}

export function createMailer({
  db,
  smtpUrl,
  from,
  logger,
}: {
  db: Db
  smtpUrl?: string
  from: string
  logger: Logger
}): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null
  return {
    outboxOnly: !transport,
    async send(mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        .returning({ id: mailOutbox.id })
      if (!transport || !row) {
        logger.info(
          { subject: mail.subject },
          'mail kept in the outbox (no SMTP_URL); read it at /api/dev/mail',
        )
        return
      }
      try {
        await transport.sendMail({ from, ...mail })
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1` })
          .where(eq(mailOutbox.id, row.id))
      } catch (err) {
        logger.error({ err, subject: mail.subject }, 'sending mail failed')
        await db
          .update(mailOutbox)
          .set({
            status: 'failed',
            error: String(err).slice(0, 500),
            attempts: sql`${mailOutbox.attempts} + 1`,
          })
          .where(eq(mailOutbox.id, row.id))
      }
    },
  }
}

export async function latestMail(db: Db, limit = 50) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit)
}
