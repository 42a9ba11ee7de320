import type { EditableProduct } from '@lamplight/contracts'
import { describe, expect, it } from 'vitest'
import { centsOf } from '../../lib/money'
import { emptyProduct, inputOf, valuesOf } from './product-form-values'

describe('centsOf', () => {
  it('reads dollars as typed into whole cents, without floating-point drift', () => {
    expect(centsOf('49.99')).toBe(4999)
    expect(centsOf('19.99')).toBe(1999)
    expect(centsOf('0.1')).toBe(10)
    expect(centsOf('$1,200')).toBe(120_000)
    expect(centsOf(' 35 ')).toBe(3500)
  })

  it('keeps a minus sign, for the API to refuse on the field', () => {
    expect(centsOf('-5')).toBe(-500)
  })

  it('is undefined for what is not a sum of money', () => {
    for (const text of ['abc', '4.999', '1e3', '', '.', '12.']) expect(centsOf(text)).toBeUndefined()
  })
})

describe('inputOf', () => {
  it('sends prices in cents, counts as numbers and empty optional fields as null', () => {
    const { input, errors } = inputOf({
      ...emptyProduct(),
      name: "Pilgrim's Cipher",
      slug: 'pilgrims-cipher',
      price: '29.99',
      compare_at: '',
      stock: '3',
      mysteries: '7',
      ages: '12+',
    })
    expect(errors).toEqual({})
    expect(input).toMatchObject({
      price_cents: 2999,
      compare_at_cents: null,
      stock: 3,
      low_stock_threshold: 3,
      facts: { mysteries: 7, ages: '12+' },
      sku: null,
    })
    expect(input.facts).not.toHaveProperty('duration')
  })

  it('says on its field what is not a number, in the words of the field', () => {
    const { errors } = inputOf({ ...emptyProduct(), price: 'twenty', stock: '2.5', mysteries: 'many' })
    expect(errors).toEqual({
      price_cents: 'Price must be an amount in dollars, like 49.99.',
      stock: 'Stock must be a whole number.',
      'facts.mysteries': 'Number of mysteries must be a whole number.',
    })
  })

  it('round-trips a stored product through the form unchanged', () => {
    const product: EditableProduct = {
      id: '3f2a9c1b-0000-4000-8000-000000000001',
      name: 'The Scroll of Antioch',
      slug: 'scroll-of-antioch',
      tagline: 'Restore a damaged scroll.',
      description: 'Long text',
      category: 'history',
      price_cents: 4999,
      compare_at_cents: 5999,
      status: 'on_sale',
      stock: null,
      low_stock_threshold: 5,
      featured: true,
      featured_order: 1,
      facts: { duration: '2-3 hours', mysteries: 5, difficulty: 'Moderate', ages: '12+' },
      sku: 'LPC-SOA-001',
      images: [],
      updated_at: new Date().toISOString(),
    }
    const { input, errors } = inputOf(valuesOf(product))
    expect(errors).toEqual({})
    const { id, images, updated_at, ...fields } = product
    expect(input).toEqual(fields)
  })
})
