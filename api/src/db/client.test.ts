import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../test/database'
import {
  CONNECT_TIMEOUT_SECONDS,
  MAX_RECONNECT_DELAY_SECONDS,
  queryRows,
  reconnectDelaySeconds,
} from './client'
import { categories, orders, products, puzzleContent, resources, user, userProgress } from './schema'

// One folder of migrations serves both drivers: every assertion here runs on each.
describe.each(DRIVERS)('database on %s', (driver) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(driver)
  })
  afterAll(async () => {
    await database?.destroy()
  })

  const db = () => database.db

  /** Runs a statement that must be refused, and returns the constraint that refused it. */
  async function violation(run: () => Promise<unknown>): Promise<string> {
    try {
      await run()
    } catch (error) {
      const e = error as {
        constraint_name?: string
        constraint?: string
        cause?: { constraint_name?: string; constraint?: string }
      }
      return (
        e.constraint_name ?? e.constraint ?? e.cause?.constraint_name ?? e.cause?.constraint ?? String(error)
      )
    }
    throw new Error('expected the database to refuse this')
  }

  it('applied every migration and reads rows the same way on both drivers', async () => {
    const rows = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from products`)
    expect(rows).toEqual([{ n: 0 }])
    const tables = await queryRows<{ table_name: string }>(
      db(),
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        'orders',
        'products',
        'resources',
        'file_assets',
        'scroll_fragments',
        'user',
        'session',
      ]),
    )
  })

  it('migrating again is a no-op', async () => {
    await database.migrate()
    const [row] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from products`)
    expect(row?.n).toBe(0)
  })

  it('guards product slugs and prices', async () => {
    await db().insert(products).values({ slug: 'box-one', name: 'Box One', priceCents: 1000 })
    expect(
      await violation(() => db().insert(products).values({ slug: 'box-one', name: 'Again', priceCents: 1 })),
    ).toBe('products_slug_key')
    expect(
      await violation(() =>
        db().insert(products).values({ slug: 'box-two', name: 'Neg', priceCents: -1, status: 'draft' }),
      ),
    ).toBe('products_price_cents_check')
    expect(
      await violation(() => db().insert(products).values({ slug: 'Bad Slug', name: 'Bad', priceCents: 1 })),
    ).toBe('products_slug_check')
  })

  it('allows one completed order per user and product, and one order per payment session', async () => {
    const [product] = await db().select().from(products).where(eq(products.slug, 'box-one'))
    await db().insert(user).values({ id: 'u-1', email: 'ruth@example.com', name: 'Ruth' })
    const base = { userId: 'u-1', email: 'ruth@example.com', productId: product!.id, amountCents: 1000 }
    await db()
      .insert(orders)
      .values({ ...base, status: 'completed', provider: 'test', providerSessionId: 'cs_1' })
    // A second pending or failed order is fine; a second completed one is not.
    await db()
      .insert(orders)
      .values({ ...base, status: 'failed', provider: 'test', providerSessionId: 'cs_2' })
    expect(
      await violation(() =>
        db()
          .insert(orders)
          .values({ ...base, status: 'completed', provider: 'admin', amountCents: 0 }),
      ),
    ).toBe('orders_one_completed_per_user_product')
    expect(
      await violation(() =>
        db()
          .insert(orders)
          .values({ ...base, status: 'pending', provider: 'test', providerSessionId: 'cs_1' }),
      ),
    ).toBe('orders_provider_session_id_key')
    expect(
      await violation(() =>
        db()
          .insert(orders)
          .values({ ...base, amountCents: -5, provider: 'test', providerSessionId: 'cs_3' }),
      ),
    ).toBe('orders_amount_cents_check')
    expect(
      await violation(() =>
        db()
          .insert(orders)
          .values({ ...base, status: 'shipped' as 'paid', provider: 'test', providerSessionId: 'cs_4' }),
      ),
    ).toBe('orders_status_check')
  })

  it('keeps puzzle steps unique and positive, and progress steps positive', async () => {
    const [product] = await db().select().from(products).where(eq(products.slug, 'box-one'))
    const step = { productId: product!.id, title: 'T', content: 'C', answer: 'a' }
    await db()
      .insert(puzzleContent)
      .values({ ...step, stepNumber: 1 })
    expect(
      await violation(() =>
        db()
          .insert(puzzleContent)
          .values({ ...step, stepNumber: 1 }),
      ),
    ).toBe('puzzle_content_product_step_key')
    expect(
      await violation(() =>
        db()
          .insert(puzzleContent)
          .values({ ...step, stepNumber: 0 }),
      ),
    ).toBe('puzzle_content_step_number_check')
    await db()
      .insert(userProgress)
      .values({ userId: 'u-1', productId: product!.id, completedSteps: [1] })
    const [progress] = await db().select().from(userProgress)
    expect(progress?.completedSteps).toEqual([1])
    expect(progress?.currentStep).toBe(1)
    expect(
      await violation(() =>
        db().update(userProgress).set({ currentStep: 0 }).where(eq(userProgress.userId, 'u-1')),
      ),
    ).toBe('user_progress_current_step_check')
  })

  it('refuses orphans and negative download counts', async () => {
    expect(
      await violation(() =>
        db()
          .insert(resources)
          .values({ slug: 'orphan', title: 'Orphan', categoryId: '00000000-0000-0000-0000-000000000000' }),
      ),
    ).toBe('resources_category_id_categories_id_fk')
    const [category] = await db().insert(categories).values({ slug: 'games', name: 'Games' }).returning()
    expect(
      await violation(() =>
        db()
          .insert(resources)
          .values({ slug: 'dice', title: 'Dice', categoryId: category!.id, downloads: -1 }),
      ),
    ).toBe('resources_downloads_check')
  })
})

describe('reconnecting to PostgreSQL (issue 39 item 11)', () => {
  it('waits at most half a second between attempts, growing from a few milliseconds, with jitter', () => {
    expect(reconnectDelaySeconds(1, 0)).toBeCloseTo(0.015)
    expect(reconnectDelaySeconds(1, 1)).toBeCloseTo(0.03)
    expect(reconnectDelaySeconds(3, 1)).toBeCloseTo(0.27)
    for (const retries of [4, 10, 50]) {
      expect(reconnectDelaySeconds(retries, 1)).toBe(MAX_RECONNECT_DELAY_SECONDS)
      expect(reconnectDelaySeconds(retries, 0)).toBe(MAX_RECONNECT_DELAY_SECONDS / 2)
    }
    // A connection attempt and one wait between attempts fit in the 2 s a request is answered in.
    expect(CONNECT_TIMEOUT_SECONDS + MAX_RECONNECT_DELAY_SECONDS).toBeLessThanOrEqual(2)
  })
})
