import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { id, timestamptz, timestamptzNow, userRef } from './columns'

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    userId: userRef('set null'),
    createdAt: timestamptzNow(),
    // Marked by an admin once answered.
    handledAt: timestamptz(),
    handledBy: userRef('set null'),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
)

export const prayerRequests = pgTable(
  'prayer_requests',
  {
    id: id(),
    name: text(),
    email: text(),
    request: text().notNull(),
    userId: userRef('set null'),
    createdAt: timestamptzNow(),
    handledAt: timestamptz(),
    handledBy: userRef('set null'),
  },
  (t) => [index('prayer_requests_created_at_idx').on(t.createdAt)],
)

export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const

// Mail waits here. With no SMTP configured the outbox is where a developer reads it.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    // What the mail is about, when its sender may call it off before it goes: a gift card's
    // mail for a later day (`gift-card:<id>`) is cancelled when the order that bought it is
    // refunded.
    topic: text(),
    status: text({ enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    error: text(),
    createdAt: timestamptzNow(),
    // When a worker may next try this row: the back-off after a failure, or the lease a
    // worker holds while it sends (so a crashed worker's row is retried, never lost).
    nextAttemptAt: timestamptzNow(),
    sentAt: timestamptz(),
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'cancelled')`),
    index('mail_outbox_created_at_idx').on(t.createdAt),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_topic_idx').on(t.topic).where(sql`${t.topic} is not null`),
  ],
)

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: userRef('set null'),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    // The record as it was and as it became (null for a creation or a deletion).
    before: jsonb(),
    after: jsonb(),
    data: jsonb(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
)
