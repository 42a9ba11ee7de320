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

const savedCode = {
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

  it.each(['Pacific/Auckland', 'America/Los_Angeles', 'UTC'])(
    'keeps the days an admin in %s typed when the saved code is opened again',
    (zone) => {
      const before = process.env.TZ
      process.env.TZ = zone
      try {
        const { input } = inputOf({ ...base, startsOn: '2027-02-10', endsOn: '2027-02-20' })
        const [startsAt, endsAt] = [String(input.startsAt), String(input.endsAt)]
        const saved = { ...savedCode, startsAt, endsAt }
        expect(valuesOf(saved)).toMatchObject({ startsOn: '2027-02-10', endsOn: '2027-02-20' })
        // The code runs from the start of the first day to the end of the last, there.
        expect(new Date(startsAt).getHours()).toBe(0)
        expect(new Date(endsAt).getDate()).toBe(20)
      } finally {
        if (before === undefined) delete process.env.TZ
        else process.env.TZ = before
      }
    },
  )

  it('reads a saved code back into the form as it was typed', () => {
    const saved = savedCode
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
