import { describe, expect, it } from 'vitest'
import { ProductInputSchema } from './admin-products'
import { CheckoutQuoteQuery } from './checkout'

const product = { name: 'A Box', slug: 'a-box', category: 'mystery', price_cents: 1000, status: 'draft' }

describe('product slugs', () => {
  it('refuses "cart", the address of the cart\'s checkout (decision 056), on the slug field', () => {
    const result = ProductInputSchema.safeParse({ ...product, slug: 'cart' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['slug', 'That address is reserved: please choose another slug.'],
    ])
    expect(ProductInputSchema.safeParse({ ...product, slug: 'cart-of-wonders' }).success).toBe(true)
  })
})

describe("one box's quote", () => {
  it('normalises the postal code for the country and refuses one of another form on its field', () => {
    expect(CheckoutQuoteQuery.parse({ productSlug: 'a-box', country: 'CA', zipCode: 'm5v2t6' })).toEqual({
      productSlug: 'a-box',
      country: 'CA',
      zipCode: 'M5V 2T6',
    })
    const bad = CheckoutQuoteQuery.safeParse({ productSlug: 'a-box', country: 'US', zipCode: 'M5V 2T6' })
    expect(bad.error?.issues[0]?.path).toEqual(['zipCode'])
  })
})
