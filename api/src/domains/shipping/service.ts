import { type ShippingRate, STANDARD_DELIVERY } from '@lamplight/contracts'
import type { Db } from '../../db/client'
import { recordAudit } from '../../services/audit'
import { findRate, listRates, updateRateRow } from './queries'

/**
 * Shipping by destination (issue 32, decision 052): one zone per country with a standard
 * rate, free from a subtotal when the zone says so. The cart's estimate, the checkout's
 * charge and the Shipping page all read these rows; only an admin changes them (audited).
 */

const withDelivery = <T extends object>(rate: T) => ({ ...rate, deliveryTime: STANDARD_DELIVERY })

export async function shippingRatesOf(db: Db): Promise<ShippingRate[]> {
  return (await listRates(db)).map(withDelivery)
}

/** What shipping an order of `subtotalCents` to `country` costs; null when we do not ship there. */
export async function quoteShipping(db: Db, country: string, subtotalCents: number) {
  const rate = await findRate(db, country)
  if (!rate) return null
  const free = rate.freeOverCents !== null && subtotalCents >= rate.freeOverCents
  return {
    country: rate.country,
    name: free ? `${rate.name} (free)` : rate.name,
    amountCents: free ? 0 : rate.amountCents,
    freeOverCents: rate.freeOverCents,
    deliveryTime: STANDARD_DELIVERY,
  }
}

export async function updateShippingRate(
  db: Db,
  actorId: string,
  country: string,
  input: { name: string; amountCents: number; freeOverCents: number | null },
): Promise<ShippingRate | null> {
  return db.transaction(async (tx) => {
    const before = await findRate(tx, country)
    if (!before) return null
    await updateRateRow(tx, before.id, input)
    // The row as stored, not the input: text the database normalised (a lone surrogate) is
    // what the audit's JSON can hold.
    const { id, ...shown } = before
    const { id: _, ...after } = (await findRate(tx, country))!
    await recordAudit(tx, {
      actorId,
      action: 'shipping_rate.updated',
      entity: 'shipping_rate',
      entityId: id,
      before: shown,
      after,
    })
    return withDelivery(after)
  })
}
