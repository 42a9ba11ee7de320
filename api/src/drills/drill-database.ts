import { type Database, openDatabase } from '../db/client'
import { products } from '../db/schema'
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres'

/** The product every drill checks out. */
export const DRILL_BOX = {
  slug: 'drill-box',
  name: 'Drill Box',
  priceCents: 1500,
  status: 'on_sale' as const,
}

/** A private PostgreSQL (private-postgres.ts), migrated, holding the drill box; its row comes back. */
export async function startDrillDatabase(): Promise<{
  pg: PrivatePostgres
  db: Database
  box: typeof products.$inferSelect
}> {
  const pg = await startPrivatePostgres()
  const db = await openDatabase({ url: pg.url })
  await db.migrate()
  const [box] = await db.db.insert(products).values(DRILL_BOX).returning()
  return { pg, db, box: box! }
}
