import { sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import { queryRows } from '../db/client'
import { browser } from '../test/client'
import type { TestDatabase } from '../test/database'
import type { AppEnv } from '../types'

export const ACTOR_NAMES = ['anonymous', 'customer', 'otherCustomer', 'editor', 'admin'] as const
export type ActorName = (typeof ACTOR_NAMES)[number]
export type Client = ReturnType<typeof browser>
export type Actors = Record<ActorName, Client> & { ids: Record<Exclude<ActorName, 'anonymous'>, string> }

const PASSWORD = 'matrix-password-1'

/** Four signed-in people and a visitor, each with their own cookie jar and address. */
export async function createActors(app: Hono<AppEnv>, database: TestDatabase, tag: string): Promise<Actors> {
  const roles = { customer: 'customer', otherCustomer: 'customer', editor: 'editor', admin: 'admin' } as const
  const clients = { anonymous: browser(app) } as Record<ActorName, Client>
  const ids = {} as Actors['ids']
  for (const [name, role] of Object.entries(roles) as [Exclude<ActorName, 'anonymous'>, string][]) {
    const email = `${name.toLowerCase()}-${tag}@matrix.test`
    const client = browser(app)
    const res = await client.signUp(email, PASSWORD, name)
    if (res.status !== 200) throw new Error(`could not sign up ${email}: ${res.status} ${await res.text()}`)
    await database.db.execute(
      sql`update "user" set role = ${role}, email_verified = true where email = ${email}`,
    )
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from "user" where email = ${email}`,
    )
    ids[name] = row!.id
    // Sign in again so the session carries the role from the database.
    await client.signIn(email, PASSWORD)
    clients[name] = client
  }
  return { ...clients, ids }
}

/**
 * Row counts and a checksum of every table, for "changed nothing". Sessions and rate-limit
 * rows are left out: reading a session may refresh it, and counting attempts is the point.
 */
export async function databaseChecksum(database: TestDatabase): Promise<string> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in ('session', 'rate_limit', 'verification', '__drizzle_migrations')
        order by table_name`,
  )
  const parts: string[] = []
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: string | number; sum: string | null }>(
      database.db,
      sql.raw(
        `select count(*) as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${name}" t`,
      ),
    )
    parts.push(`${name}:${row?.n}:${row?.sum}`)
  }
  return parts.join('\n')
}
