import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claims } from '../db/schema'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../test/database'
import {
  ClaimBusyError,
  ClaimMismatchError,
  completeClaim,
  purgeClaims,
  runOnce,
  tryClaim,
} from './claim-once'

const PATIENT = { leaseMs: 60_000, waitMs: 20_000, pollMs: 20 }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each(DRIVERS)('claim once (%s)', (driver) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(driver)
  }, 120_000)
  afterAll(() => database.destroy())

  it('lets exactly one of 50 parallel claims win, and gives all 50 its answer', async () => {
    const key = `k-${crypto.randomUUID()}`
    let calls = 0
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        runOnce(
          database.db,
          { scope: 'test', key },
          async () => {
            calls += 1
            await sleep(50) // long enough that the others find it held, not done
            return { winner: i }
          },
          PATIENT,
        ),
      ),
    )
    expect(calls).toBe(1)
    expect(answers.filter((a) => a.first)).toHaveLength(1)
    const winner = answers.find((a) => a.first)!.result.winner
    expect(new Set(answers.map((a) => a.result.winner))).toEqual(new Set([winner]))
    const rows = await database.db.select().from(claims).where(eq(claims.key, key))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.result).toEqual({ winner })
  })

  it('lets exactly one of 50 parallel attempts take a dead holder’s claim over', async () => {
    const key = `k-${crypto.randomUUID()}`
    await database.db
      .insert(claims)
      .values({ scope: 'test', key, leaseExpiresAt: sql`now() - interval '1 minute'` })
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () => tryClaim(database.db, { scope: 'test', key })),
    )
    expect(attempts.filter((a) => a.state === 'claimed')).toHaveLength(1)
    expect(attempts.filter((a) => a.state === 'busy')).toHaveLength(49)
  })

  it('hands the key on at once when the work fails, and keeps the first answer of two holders', async () => {
    const key = `k-${crypto.randomUUID()}`
    await expect(
      runOnce(database.db, { scope: 'test', key }, async () => Promise.reject(new Error('provider down'))),
    ).rejects.toThrow('provider down')
    // No waiting for the lease: the retry holds it straight away.
    const retry = await runOnce(database.db, { scope: 'test', key }, async () => 'second try', {
      ...PATIENT,
      waitMs: 0,
    })
    expect(retry).toEqual({ result: 'second try', first: true })

    const other = `k-${crypto.randomUUID()}`
    const a = await tryClaim<string>(database.db, { scope: 'test', key: other })
    if (a.state !== 'claimed') throw new Error('expected the claim')
    expect(await completeClaim(database.db, a.claim, 'a')).toBe('a')
    expect(await completeClaim(database.db, { ...a.claim, token: crypto.randomUUID() }, 'b')).toBe('a')
  })

  it('says busy past the wait, and refuses the key for other work', async () => {
    const key = `k-${crypto.randomUUID()}`
    const held = await tryClaim(database.db, { scope: 'test', key, fingerprint: 'body-a' })
    expect(held.state).toBe('claimed')
    await expect(
      runOnce(database.db, { scope: 'test', key, fingerprint: 'body-a' }, async () => 'x', {
        ...PATIENT,
        waitMs: 50,
      }),
    ).rejects.toBeInstanceOf(ClaimBusyError)
    await expect(
      runOnce(database.db, { scope: 'test', key, fingerprint: 'body-b' }, async () => 'x'),
    ).rejects.toBeInstanceOf(ClaimMismatchError)
  })

  it('purges a scope’s claims older than the given hours, and no other scope’s', async () => {
    const old = `k-${crypto.randomUUID()}`
    const young = `k-${crypto.randomUUID()}`
    await database.db.insert(claims).values([
      { scope: 'purge-test', key: old, createdAt: sql`now() - interval '25 hours'` },
      { scope: 'purge-test', key: young },
      { scope: 'other-scope', key: old, createdAt: sql`now() - interval '25 hours'` },
    ])
    expect(await purgeClaims(database.db, 'purge-test', 24)).toBe(1)
    const left = await database.db.select({ scope: claims.scope, key: claims.key }).from(claims)
    expect(left).toContainEqual({ scope: 'purge-test', key: young })
    expect(left).toContainEqual({ scope: 'other-scope', key: old })
    expect(left).not.toContainEqual({ scope: 'purge-test', key: old })
  })
})
