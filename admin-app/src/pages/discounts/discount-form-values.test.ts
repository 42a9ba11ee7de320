import { describe, expect, it } from 'vitest'
import { type DiscountFormValues, inputOf, valuesOf } from './discounts-page'

const base: DiscountFormValues = {
  code: ' easter15 ',
  description: '',
  kind: 'percent',
  value: '15',
  productIds: [],
  minSubtotal: '',
  startsOn: '',
  endsOn: '',
  usageLimit: '',
  oncePerCustomer: true,
  status: 'active',
}

describe('discount form values', () => {
  it('sends percentages as they are and dollars as cents; empty optional fields as null', () => {
    expect(inputOf(base)).toEqual({
      errors: {},
      input: {
        code: 'easter15',
        description: '',
        kind: 'percent',
        value: 15,
        productIds: [],
        minSubtotalCents: null,
        startsAt: null,
        endsAt: null,
        usageLimit: null,
        oncePerCustomer: true,
        status: 'active',
      },
    })
    const fixed = inputOf({
      ...base,
      kind: 'fixed',
      value: '5.10',
      minSubtotal: '35',
      usageLimit: '10',
    }).input
    expect(fixed).toMatchObject({ value: 510, minSubtotalCents: 3500, usageLimit: 10 })
    expect(inputOf({ ...base, kind: 'fixed', value: '$1,200', minSubtotal: '19.99' }).input).toMatchObject({
      value: 120000,
      minSubtotalCents: 1999,
    })
  })

  it('names the fields the browser can tell are wrong, and asks the API nothing then', () => {
    expect(inputOf({ ...base, value: '' }).errors).toEqual({ value: 'Enter the percentage.' })
    expect(inputOf({ ...base, value: 'abc', usageLimit: '-1' }).errors).toEqual({
      value: 'Enter a number above 0.',
      usageLimit: 'Enter a number above 0.',
    })
    expect(inputOf({ ...base, kind: 'fixed', value: '4.999', minSubtotal: '-5' }).errors).toEqual({
      value: 'Enter an amount above 0, like 5 or 4.99.',
      minSubtotalCents: 'Enter an amount above 0, like 5 or 4.99.',
    })
  })

  it('reads a saved code back into the form as it was typed', () => {
    const saved = {
      id: 'x',
      code: 'LENT5',
      description: 'Lent',
      kind: 'fixed' as const,
      value: 500,
      productIds: ['p'],
      minSubtotalCents: 2000,
      startsAt: '2027-02-10T00:00:00.000Z',
      endsAt: null,
      usageLimit: 3,
      oncePerCustomer: false,
      status: 'paused' as const,
      usedCount: 1,
      paidOrders: 1,
      revenueCents: 100,
      discountedCents: 500,
      createdAt: new Date().toISOString(),
    }
    expect(valuesOf(saved)).toMatchObject({
      value: '5.00',
      minSubtotal: '20.00',
      usageLimit: '3',
      status: 'paused',
    })
    expect(inputOf(valuesOf(saved)).input).toMatchObject({
      value: 500,
      minSubtotalCents: 2000,
      usageLimit: 3,
    })
  })
})
