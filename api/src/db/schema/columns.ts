import { type AnyPgColumn, type ReferenceConfig, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth'

// The column shapes every table repeats, written once. Each is a function: a Drizzle column
// builder is mutable, so every table gets builders of its own. The SQL they make is the one
// the migrations in api/drizzle already hold (`npm run db:generate` finds nothing to add).

type OnDelete = NonNullable<ReferenceConfig['actions']['onDelete']>

/** A row's own key: a random uuid. */
export const id = () => uuid().primaryKey().defaultRandom()

/** A moment, with its time zone; null until it happens unless the column says otherwise. */
export const timestamptz = () => timestamp({ withTimezone: true })

/** A moment set by the database when the row is written. */
export const timestamptzNow = () => timestamptz().notNull().defaultNow()

/** When the row was made and last changed. */
export const timestamps = () => ({ createdAt: timestamptzNow(), updatedAt: timestamptzNow() })

/** A row of another table, by its uuid key. */
export const uuidRef = (target: () => AnyPgColumn, onDelete: OnDelete) =>
  uuid().references(target, { onDelete })

/** A user (better-auth's text key). */
export const userRef = (onDelete: OnDelete) => text().references(() => user.id, { onDelete })
