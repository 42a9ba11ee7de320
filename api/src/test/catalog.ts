import { categories } from '../db/schema'
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
