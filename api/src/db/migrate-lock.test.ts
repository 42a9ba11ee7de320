import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase, queryRows } from './client'

// Two API instances starting at once on a fresh PostgreSQL: the migrations run once,
// under an advisory lock, and both instances come up.
describe.runIf(Boolean(process.env.DATABASE_URL))('migrations under an advisory lock', () => {
  const name = `lamplight_test_${randomBytes(6).toString('hex')}`
  const admin = postgres(process.env.DATABASE_URL ?? '', { max: 1, onnotice: () => {} })
  const opened: Database[] = []

  beforeAll(async () => {
    await admin.unsafe(`create database ${name}`)
  })
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()))
    await admin.unsafe(`drop database if exists ${name} with (force)`)
    await admin.end()
  })

  it('two instances starting at once both migrate without a race', async () => {
    const url = new URL(process.env.DATABASE_URL ?? '')
    url.pathname = `/${name}`
    for (let i = 0; i < 3; i++) opened.push(await openDatabase({ url: url.href }))
    const results = await Promise.allSettled(opened.map((d) => d.migrate()))
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
    ])
    const [first] = opened
    const applied = await queryRows<{ n: number }>(
      first!.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )
    const files = (await import('node:fs'))
      .readdirSync(new URL('../../drizzle', import.meta.url))
      .filter((f) => f.endsWith('.sql'))
    expect(applied[0]?.n).toBe(files.length)
  })
})
