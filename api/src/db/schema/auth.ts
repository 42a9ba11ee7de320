// better-auth's four tables, in the shape its Drizzle adapter expects. The spec's
// "profile" (id, email, full_name, created_at) is the user row itself: `name` is the
// full name, so there is no second table to keep in step.
import { USER_ROLES } from '@lamplight/contracts'
import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export { USER_ROLES }

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
}

export const user = pgTable(
  'user',
  {
    id: text().primaryKey(),
    name: text().notNull().default(''),
    email: text().notNull().unique('user_email_key'),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    role: text({ enum: USER_ROLES }).notNull().default('customer'),
    // When ADMIN_EMAILS made this account admin (after its email was verified). Set once:
    // an admin's later demotion of the account is never undone by the list.
    adminPromotedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('user_role_check', sql`${t.role} in ('customer', 'editor', 'admin')`),
    index('user_created_at_idx').on(t.createdAt),
    // The admin's customer search (substring of email or name) at 100 000 accounts.
    index('user_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('user_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
)

export const session = pgTable(
  'session',
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique('session_token_key'),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    ...timestamps,
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
)

export const verification = pgTable(
  'verification',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
)
