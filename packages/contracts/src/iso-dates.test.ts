import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import type { adminOrdersContract } from './admin-orders'
import { request } from './api-client'
import type { EndpointResponse } from './endpoint'
import { formatLongDate } from './format-date'
import { orderStatusContract } from './order-status'
import type { subscriptionsContract } from './subscriptions'

afterEach(() => vi.unstubAllGlobals())

// An answer as the API sends it: its dates are `Date`s serialised by JSON (`Date.toJSON()`).
const placed = new Date('2026-03-01T12:00:00Z')
const recorded = JSON.parse(
  JSON.stringify({
    data: {
      order_number: 'AB12CD34',
      placed_at: placed,
      status: 'paid',
      fulfilment_status: 'shipped',
      lines: [{ product_title: 'The Lost Coin', quantity: 1, line_total_cents: 3500, shipped_quantity: 1 }],
      amount_cents: 3500,
      shipping_address: { city: 'Thyatira', country: 'US' },
      shipments: [
        {
          carrier: 'USPS',
          tracking_number: '9400',
          tracking_url: null,
          shipped_at: new Date('2026-03-02T09:30:00Z'),
          delivered_at: null,
        },
      ],
      expires_at: new Date('2026-03-09T12:00:00Z'),
    },
  }),
)

describe('dates in answers (decision 067)', () => {
  it('are the ISO strings the API sent: the contract reads the answer as it is, on server and client alike', async () => {
    vi.stubGlobal('fetch', async () => Response.json(recorded))
    const answer = await request(orderStatusContract.status, { query: { token: 't' } })
    expect(answer.data.placed_at).toBe('2026-03-01T12:00:00.000Z')
    expect(orderStatusContract.status.response.parse(answer)).toEqual(answer)
    expect(formatLongDate(answer.data.placed_at)).toBe('March 1, 2026')
  })

  it('are typed as strings, so a page formats them and never needs `Date | string`', () => {
    type Status = EndpointResponse<typeof orderStatusContract.status>['data']
    expectTypeOf<Status['placed_at']>().toEqualTypeOf<string>()
    expectTypeOf<Status['shipments'][number]['delivered_at']>().toEqualTypeOf<string | null>()
    type Order = EndpointResponse<typeof adminOrdersContract.detail>['data']
    expectTypeOf<Order['created_at']>().toEqualTypeOf<string>()
    type Mine = NonNullable<EndpointResponse<typeof subscriptionsContract.mine>['data']>
    expectTypeOf<Mine['next_payment_at']>().toEqualTypeOf<string | null>()
  })

  it('accept a date-time with its offset, and refuse a bare day or words', () => {
    const schema = orderStatusContract.status.response
    const withPlaced = (placed_at: unknown) => ({ data: { ...recorded.data, placed_at } })
    expect(schema.safeParse(withPlaced('2026-03-01T14:00:00+02:00')).success).toBe(true)
    expect(schema.safeParse(withPlaced('2026-03-01')).success).toBe(false)
    expect(schema.safeParse(withPlaced('March 1, 2026')).success).toBe(false)
  })

  it('are shown as the day in UTC, the day the server names in its quotes and mails', () => {
    expect(formatLongDate('2026-03-01T00:30:00.000Z')).toBe('March 1, 2026')
    expect(formatLongDate('2026-02-28T23:30:00-05:00')).toBe('March 1, 2026')
  })
})
