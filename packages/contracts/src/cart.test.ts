import { describe, expect, it } from 'vitest'
import { normalisePostalCode } from './cart'
import { CustomerInfoSchema } from './checkout'

describe('postal codes, stored one way', () => {
  it.each([
    ['US', '30301', '30301'],
    ['US', ' 30301-1234 ', '30301-1234'],
    ['US', '303011234', '30301-1234'],
    ['US', '30301 1234', '30301-1234'],
    ['CA', 'm5v 2t6', 'M5V 2T6'],
    ['CA', 'M5V2T6', 'M5V 2T6'],
    ['CA', 'k1a-0b1', 'K1A 0B1'],
  ] as const)('%s %j is %j', (country, raw, stored) => {
    expect(normalisePostalCode(country, raw)).toBe(stored)
  })

  it.each([
    ['US', '3030'],
    ['US', '303012'],
    ['US', 'M5V 2T6'],
    ['CA', '30301'],
    ['CA', 'D5V 2T6'], // D is never a first letter
    ['CA', 'M5V 2T'],
  ] as const)('%s %j is not one', (country, raw) => {
    expect(normalisePostalCode(country, raw)).toBeNull()
  })

  it('the shipping form stores the normalised code and refuses a bad one on its field', () => {
    const base = {
      email: 'a@b.co',
      firstName: 'A',
      lastName: 'B',
      address: '1 St',
      city: 'Toronto',
      state: 'ON',
    }
    expect(CustomerInfoSchema.parse({ ...base, zipCode: 'm5v2t6', country: 'CA' }).zipCode).toBe('M5V 2T6')
    const bad = CustomerInfoSchema.safeParse({ ...base, zipCode: '12345', country: 'CA' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['zipCode'],
      message: 'Please enter a postal code, like K1A 0B1.',
    })
  })
})
