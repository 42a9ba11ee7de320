import { describe, expect, it } from 'vitest'
import { exportFileName } from '../../api/orders'
import { parseOrderQuery, toSearchParams } from './use-order-filters'

describe('order filters in the URL', () => {
  it('reads the defaults from an empty URL and writes nothing for them', () => {
    const query = parseOrderQuery(new URLSearchParams())
    expect(query).toEqual({
      page: 1,
      sort: 'created_at',
      dir: 'desc',
      q: undefined,
      status: undefined,
      from: undefined,
      to: undefined,
    })
    expect(toSearchParams(query).toString()).toBe('')
  })

  it('round-trips every filter', () => {
    const params = new URLSearchParams(
      'q=lydia&status=paid&from=2026-01-01&to=2026-01-31&page=3&sort=amount_cents&dir=asc',
    )
    const query = parseOrderQuery(params)
    expect(query).toEqual({
      q: 'lydia',
      status: 'paid',
      from: '2026-01-01',
      to: '2026-01-31',
      page: 3,
      sort: 'amount_cents',
      dir: 'asc',
    })
    expect(toSearchParams(query).toString()).toBe(params.toString())
  })

  it('ignores values the API would refuse', () => {
    const query = parseOrderQuery(
      new URLSearchParams('status=shipped&page=-2&sort=password&dir=up&from=yesterday'),
    )
    expect(query).toMatchObject({
      status: undefined,
      page: 1,
      sort: 'created_at',
      dir: 'desc',
      from: undefined,
    })
  })

  it('names the export orders-YYYY-MM-DD.csv', () => {
    expect(exportFileName(new Date(2026, 0, 5))).toBe('orders-2026-01-05.csv')
  })
})
