import { describe, expect, it } from 'vitest'
import { cartContract, shippingContract } from './cart'
import { cartEndpoints, shippingEndpoints } from './cart-endpoints'
import { catalogContract } from './catalog'
import { catalogEndpoints } from './catalog-endpoints'
import { checkoutContract, checkoutExtrasContract } from './checkout'
import { checkoutEndpoints, checkoutExtrasEndpoints } from './checkout-endpoints'
import { discountsContract } from './discounts'
import { discountsEndpoints } from './discounts-endpoints'
import type { EndpointDef } from './endpoint'
import { adminGiftSubscriptionsContract, giftSubscriptionsContract } from './gift-subscriptions'
import { adminGiftSubscriptionsEndpoints, giftSubscriptionsEndpoints } from './gift-subscriptions-endpoints'
import { orderStatusContract } from './order-status'
import { orderStatusEndpoints } from './order-status-endpoints'
import { resourcesContract } from './resources'
import { resourcesEndpoints } from './resources-endpoints'
import { subscriptionsContract } from './subscriptions'
import { subscriptionsEndpoints } from './subscriptions-endpoints'

type Table = Record<string, Pick<EndpointDef, 'method' | 'path'>>

// Every endpoint table (what a browser calls the API with) beside the contract it stands for.
const TABLES: [string, Table, Record<string, EndpointDef>][] = [
  ['resourcesEndpoints', resourcesEndpoints, resourcesContract],
  ['catalogEndpoints', catalogEndpoints, catalogContract],
  ['checkoutEndpoints', checkoutEndpoints, checkoutContract],
  ['subscriptionsEndpoints', subscriptionsEndpoints, subscriptionsContract],
  ['checkoutExtrasEndpoints', checkoutExtrasEndpoints, checkoutExtrasContract],
  ['cartEndpoints', cartEndpoints, cartContract],
  ['shippingEndpoints', shippingEndpoints, shippingContract],
  ['discountsEndpoints', discountsEndpoints, discountsContract],
  ['orderStatusEndpoints', orderStatusEndpoints, orderStatusContract],
  ['giftSubscriptionsEndpoints', giftSubscriptionsEndpoints, giftSubscriptionsContract],
  ['adminGiftSubscriptionsEndpoints', adminGiftSubscriptionsEndpoints, adminGiftSubscriptionsContract],
]

describe.each(TABLES)('%s', (_, table, contract) => {
  it('has every endpoint of its contract with its method and path, and nothing else', () => {
    const fromContract = Object.fromEntries(
      Object.entries(contract).map(([name, def]) => [name, { method: def.method, path: def.path }]),
    )
    expect(table).toEqual(fromContract)
  })
})
