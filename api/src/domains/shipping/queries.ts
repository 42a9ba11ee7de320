import { asc, eq } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import { shippingRates, shippingZones } from '../../db/schema'

const rateColumns = {
  country: shippingZones.country,
  zoneName: shippingZones.name,
  name: shippingRates.name,
  amountCents: shippingRates.amountCents,
  freeOverCents: shippingRates.freeOverCents,
}

/** Every zone's standard rate, United States first. */
export async function listRates(db: Db) {
  return db
    .select(rateColumns)
    .from(shippingRates)
    .innerJoin(shippingZones, eq(shippingZones.id, shippingRates.zoneId))
    .orderBy(asc(shippingZones.createdAt), asc(shippingZones.country))
}

/** The standard rate of a country, or null when the shop does not ship there. */
export async function findRate(db: DbOrTx, country: string) {
  const [row] = await db
    .select({ ...rateColumns, id: shippingRates.id })
    .from(shippingRates)
    .innerJoin(shippingZones, eq(shippingZones.id, shippingRates.zoneId))
    .where(eq(shippingZones.country, country))
  return row ?? null
}

/** A rate's new figures (in the caller's transaction, which audits the change). */
export async function updateRateRow(
  db: DbOrTx,
  id: string,
  values: { name: string; amountCents: number; freeOverCents: number | null },
) {
  await db
    .update(shippingRates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shippingRates.id, id))
}
