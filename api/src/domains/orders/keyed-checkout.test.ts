import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { claims, orders } from '../../db/schema'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'
import {
  CHECKOUT_CLAIM_SCOPE,
  type ClaimTiming,
  checkoutClaimKey,
  createPendingOrderOnce,
  keyedOrderId,
  type NewOrder,
  purgeCheckoutRequests,
} from './service'

type Session = { id: string; url: string }

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const session = (name: string): Session => ({ id: `cs_${name}`, url: `https://pay.example/${name}` })

/** A provider whose calls wait for the test: `next()` is the next call's order id and its answer. */
function heldProvider() {
  const calls: { orderId: string; answer: ReturnType<typeof deferred<Session>> }[] = []
  const waiting: ((call: (typeof calls)[number]) => void)[] = []
  return {
    calls,
    openSession(orderId: string) {
      const call = { orderId, answer: deferred<Session>() }
      calls.push(call)
      waiting.shift()?.(call)
      return call.answer.promise
    },
    /** The next call to arrive (or the one that already did and was not taken yet). */
    next(index = calls.length) {
      if (calls[index]) return Promise.resolve(calls[index])
      return new Promise<(typeof calls)[number]>((resolve) => waiting.push(resolve))
    },
  }
}

// Polls often and waits long, so only the logic decides what a test sees.
const PATIENT: ClaimTiming = { leaseMs: 60_000, waitMs: 60_000, pollMs: 10 }
const IMPATIENT: ClaimTiming = { ...PATIENT, waitMs: 0 }

describe.each(DRIVERS)('keyed checkout claims on %s', (driver) => {
  let database: TestDatabase
  let order: NewOrder

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into products (slug, name, price_cents) values ('claims-box', 'Claims Box', 4999) returning id`,
    )
    order = {
      userId: null,
      email: 'claims@example.com',
      customerName: null,
      productId: row!.id,
      amountCents: 4999,
      subtotalCents: 4999,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      lines: [
        {
          productId: row!.id,
          productName: 'Claims Box',
          quantity: 1,
          unitPriceCents: 4999,
          lineTotalCents: 4999,
        },
      ],
      currency: 'usd',
      provider: 'test',
      paymentMethod: null,
      shippingAddress: null,
      checkoutAddress: null,
      cartId: null,
    }
  }, 120_000)
  afterAll(() => database.destroy())

  const claimOf = (key: string, requestHash = 'hash-a') => ({ userId: null, key, requestHash })
  /** The claim row of a guest's key, as a request that claimed it and died would leave it. */
  const claimValues = (key: string, requestHash = 'hash-a') => ({
    scope: CHECKOUT_CLAIM_SCOPE,
    key: checkoutClaimKey(null, key),
    fingerprint: requestHash,
  })
  const ordersWithId = (id: string) => database.db.select().from(orders).where(eq(orders.id, id))
  const claimRow = async (key: string) =>
    (
      await database.db
        .select()
        .from(claims)
        .where(eq(claims.key, checkoutClaimKey(null, key)))
    )[0]

  it('makes a repeat wait for the first answer without a transaction, and a repeat that waits too long gets 409', async () => {
    const key = randomUUID()
    const provider = heldProvider()
    const first = createPendingOrderOnce(database.db, claimOf(key), provider.openSession, order, PATIENT)
    const call = await provider.next(0)
    expect(call.orderId).toBe(keyedOrderId(null, key))
    // The provider is being asked: the claim is committed and unanswered, nothing is locked.
    expect(await claimRow(key)).toMatchObject({ result: null })
    await expect(
      createPendingOrderOnce(database.db, claimOf(key), provider.openSession, order, IMPATIENT),
    ).rejects.toMatchObject({
      status: 409,
      code: 'idempotency_key_in_progress',
      message: 'This checkout is still being prepared. Please try again in a moment.',
    })
    await expect(
      createPendingOrderOnce(database.db, claimOf(key, 'hash-b'), provider.openSession, order, PATIENT),
    ).rejects.toMatchObject({ status: 422, code: 'idempotency_key_reused' })
    const waiter = createPendingOrderOnce(database.db, claimOf(key), provider.openSession, order, PATIENT)
    call.answer.resolve(session('first'))
    expect(await first).toEqual({ url: session('first').url, created: true })
    expect(await waiter).toEqual({ url: session('first').url, created: false })
    expect(provider.calls).toHaveLength(1)
    const [written] = await ordersWithId(keyedOrderId(null, key))
    expect(written).toMatchObject({ providerSessionId: 'cs_first', status: 'pending' })
    expect(await claimRow(key)).toMatchObject({ result: { url: session('first').url, orderId: written!.id } })
  })

  it('completes a claim whose request died (lease run out) on the next retry, with the same order id', async () => {
    const key = randomUUID()
    const orderId = keyedOrderId(null, key)
    // The first request claimed the key, asked the provider and died before writing anything.
    await database.db.insert(claims).values({
      ...claimValues(key),
      leaseExpiresAt: sql`now() - interval '1 second'`,
    })
    // The provider is idempotent on `checkout-<order id>`, as Stripe is: it answers the same session.
    const seen = new Map<string, Session>([[orderId, session('dead')]])
    const calls: string[] = []
    const idempotent = async (id: string) => {
      calls.push(id)
      return seen.get(id) ?? session(id)
    }
    const retry = await createPendingOrderOnce(database.db, claimOf(key), idempotent, order, IMPATIENT)
    expect(retry).toEqual({ url: session('dead').url, created: true })
    expect(calls).toEqual([orderId])
    const again = await createPendingOrderOnce(database.db, claimOf(key), idempotent, order, IMPATIENT)
    expect(again).toEqual({ url: session('dead').url, created: false })
    expect(calls).toHaveLength(1)
    expect(await ordersWithId(orderId)).toEqual([
      expect.objectContaining({ providerSessionId: 'cs_dead', status: 'pending' }),
    ])
  })

  it('lets only one of many concurrent retries take a dead claim over', async () => {
    const key = randomUUID()
    await database.db.insert(claims).values({
      ...claimValues(key),
      leaseExpiresAt: sql`now() - interval '1 second'`,
    })
    const calls: string[] = []
    const provider = async (orderId: string) => {
      calls.push(orderId)
      return session(`taken-over-${calls.length}`)
    }
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        createPendingOrderOnce(database.db, claimOf(key), provider, order, PATIENT),
      ),
    )
    expect(calls).toHaveLength(1)
    expect(answers.map((a) => a.url)).toEqual(Array(8).fill(session('taken-over-1').url))
    expect(answers.filter((a) => a.created)).toHaveLength(1)
    expect(await ordersWithId(keyedOrderId(null, key))).toHaveLength(1)
  })

  it('gives the lease up when the provider fails, so the retry takes over at once', async () => {
    const key = randomUUID()
    const failing = async () => {
      throw new Error('provider down')
    }
    await expect(createPendingOrderOnce(database.db, claimOf(key), failing, order, PATIENT)).rejects.toThrow(
      'provider down',
    )
    expect(await claimRow(key)).toMatchObject({ result: null })
    // An impatient retry: it must not find a live lease to wait for.
    const retry = await createPendingOrderOnce(
      database.db,
      claimOf(key),
      async () => session('after-failure'),
      order,
      IMPATIENT,
    )
    expect(retry).toEqual({ url: session('after-failure').url, created: true })
    expect(await ordersWithId(keyedOrderId(null, key))).toHaveLength(1)
  })

  it('keeps the first completion when a live claimant was taken over: one order, one answer', async () => {
    const key = randomUUID()
    // A provider that is not idempotent (test mode's): each call is another session.
    const provider = heldProvider()
    const slow = createPendingOrderOnce(database.db, claimOf(key), provider.openSession, order, {
      ...PATIENT,
      leaseMs: 0,
    })
    const slowCall = await provider.next(0)
    const taker = createPendingOrderOnce(database.db, claimOf(key), provider.openSession, order, PATIENT)
    const takerCall = await provider.next(1)
    takerCall.answer.resolve(session('taker'))
    expect(await taker).toEqual({ url: session('taker').url, created: true })
    slowCall.answer.resolve(session('slow'))
    expect(await slow).toEqual({ url: session('taker').url, created: false })
    expect(await ordersWithId(keyedOrderId(null, key))).toEqual([
      expect.objectContaining({ providerSessionId: 'cs_taker' }),
    ])
  })

  it('purges claims older than a day, answered or not, and keeps the rest', async () => {
    await database.db.delete(claims).where(eq(claims.scope, CHECKOUT_CLAIM_SCOPE))
    const ages = { old: '25 hours', older: '30 days', young: '23 hours', now: '0 seconds' }
    for (const [name, age] of Object.entries(ages))
      for (const answered of [true, false])
        await database.db.insert(claims).values({
          ...claimValues(`${name}-${answered}`),
          result: answered ? { orderId: randomUUID(), url: `https://pay.example/${name}` } : null,
          createdAt: sql`now() - ${age}::interval`,
        })
    expect(await purgeCheckoutRequests(database.db)).toBe(4)
    const left = await database.db
      .select({ key: claims.key })
      .from(claims)
      .where(eq(claims.scope, CHECKOUT_CLAIM_SCOPE))
    expect(left.map((r) => r.key.slice(1)).sort()).toEqual([
      'now-false',
      'now-true',
      'young-false',
      'young-true',
    ])
  })
})
