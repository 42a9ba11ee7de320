import { eq, sql } from 'drizzle-orm'
import { categories, orders, user } from '../db/schema'
import type { TestDatabase } from './database'

/**
 * The "Teaching Resources" category (slug `teaching-resources`, as the seed names it), for
 * tests that need resources in a category; its id comes back.
 */
export async function insertTeachingResourcesCategory(database: TestDatabase): Promise<string> {
  const [category] = await database.db
    .insert(categories)
    .values({ slug: 'teaching-resources', name: 'Teaching Resources' })
    .returning({ id: categories.id })
  if (!category) throw new Error('the teaching-resources category was not inserted')
  return category.id
}

/** "The Scroll of Antioch" at $49.99, stock not counted: the box the checkout tests buy. */
export async function insertScrollOfAntioch(database: TestDatabase): Promise<void> {
  await database.db.execute(
    sql`insert into products (slug, name, price_cents) values ('scroll-of-antioch', 'The Scroll of Antioch', 4999)`,
  )
}

/** A completed test-mode order of the product for the account of `email`: the account owns the box. */
export async function grantProduct(
  database: TestDatabase,
  email: string,
  productId: string,
  amountCents: number,
) {
  const [row] = await database.db.select().from(user).where(eq(user.email, email))
  if (!row) throw new Error(`no account for ${email}`)
  await database.db.insert(orders).values({
    userId: row.id,
    email,
    productId,
    amountCents,
    provider: 'test',
    status: 'completed',
  })
}
