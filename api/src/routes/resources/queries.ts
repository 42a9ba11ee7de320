import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { categories, resources } from '../../db/schema'

/** Categories by name with how many published resources each holds. */
export async function listCategoriesWithCounts(db: Db) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      resourceCount: sql<number>`cast(count(${resources.id}) as integer)`,
    })
    .from(categories)
    .leftJoin(resources, sql`${resources.categoryId} = ${categories.id} and ${eq(resources.published, true)}`)
    .groupBy(categories.id)
    .orderBy(asc(categories.name))
}
