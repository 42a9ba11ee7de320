import { adminShippingContract, shippingContract } from '@lamplight/contracts'
import { notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { shippingRatesOf, updateShippingRate } from './service'

/** The Shipping page's and the cart's rates: public. */
export const shippingRouter = defineRouter('/shipping').handle(shippingContract.rates, async ({ c, db }) =>
  c.json({ data: await shippingRatesOf(db) }),
)

export const adminShippingRouter = defineRouter('/admin/shipping')
  .handle(adminShippingContract.rates, async ({ c, db }) => c.json({ data: await shippingRatesOf(db) }))
  .handle(adminShippingContract.update, async ({ c, db, params, body, user }) => {
    const data = await updateShippingRate(db, user.id, params.country, body)
    if (!data) throw notFound('The shop has no shipping zone for this country.')
    return c.json({ data })
  })
