import type { EditableProduct, ProductCategory, ProductInput, ProductStatus } from '@lamplight/contracts'
import { centsOf, dollarsOf } from '../../lib/money'

/**
 * What the product form holds: text as typed (prices in dollars), turned into the API's
 * input (cents, numbers, nulls) only when sent, so a half-typed "49." is never rewritten.
 */
export type ProductFormValues = {
  name: string
  slug: string
  tagline: string
  description: string
  category: ProductCategory
  price: string
  compare_at: string
  status: ProductStatus
  stock: string
  low_stock_threshold: string
  featured: boolean
  featured_order: string
  duration: string
  mysteries: string
  difficulty: string
  ages: string
  sku: string
}

export const STATUS_LABELS: Record<ProductStatus, string> = {
  draft: 'Draft',
  coming_soon: 'Coming soon',
  on_sale: 'On sale',
  sold_out: 'Sold out',
}

export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  mystery: 'Mystery',
  devotional: 'Devotional',
  history: 'History',
}

export const emptyProduct = (): ProductFormValues => ({
  name: '',
  slug: '',
  tagline: '',
  description: '',
  category: 'mystery',
  price: '',
  compare_at: '',
  status: 'draft',
  stock: '',
  low_stock_threshold: '3',
  featured: false,
  featured_order: '0',
  duration: '',
  mysteries: '',
  difficulty: '',
  ages: '',
  sku: '',
})

export const valuesOf = (p: EditableProduct): ProductFormValues => ({
  name: p.name,
  slug: p.slug,
  tagline: p.tagline,
  description: p.description,
  category: p.category,
  price: dollarsOf(p.price_cents),
  compare_at: dollarsOf(p.compare_at_cents),
  status: p.status,
  stock: p.stock === null ? '' : String(p.stock),
  low_stock_threshold: String(p.low_stock_threshold),
  featured: p.featured,
  featured_order: String(p.featured_order),
  duration: p.facts.duration ?? '',
  mysteries: p.facts.mysteries === undefined ? '' : String(p.facts.mysteries),
  difficulty: p.facts.difficulty ?? '',
  ages: p.facts.ages ?? '',
  sku: p.sku ?? '',
})

const WHOLE = /^-?\d+$/

/** A whole number as typed, or undefined when it is not one. */
const wholeOf = (text: string) => (WHOLE.test(text.trim()) ? Number(text.trim()) : undefined)

export type Converted = { input: ProductInput; errors: Record<string, string> }

/**
 * The API's input from the form, and the fields the browser can already tell are not
 * numbers (their message on the field, and nothing sent). Every other rule (a negative price,
 * a compare-at below the price, a taken slug) is the API's, answered on its field.
 */
export function inputOf(v: ProductFormValues): Converted {
  const errors: Record<string, string> = {}
  const money = (key: 'price_cents' | 'compare_at_cents', text: string, label: string) => {
    if (!text.trim()) return key === 'price_cents' ? 0 : null
    const cents = centsOf(text)
    if (cents === undefined) errors[key] = `${label} must be an amount in dollars, like 49.99.`
    return cents ?? 0
  }
  const count = (key: string, text: string, label: string, empty: number | null) => {
    if (!text.trim()) return empty
    const n = wholeOf(text)
    if (n === undefined) errors[key] = `${label} must be a whole number.`
    return n ?? 0
  }
  const mysteries = count('facts.mysteries', v.mysteries, 'Number of mysteries', null)
  const input: ProductInput = {
    name: v.name,
    slug: v.slug.trim(),
    tagline: v.tagline,
    description: v.description,
    category: v.category,
    price_cents: money('price_cents', v.price, 'Price') ?? 0,
    compare_at_cents: money('compare_at_cents', v.compare_at, 'Compare-at price'),
    status: v.status,
    stock: count('stock', v.stock, 'Stock', null),
    low_stock_threshold: count('low_stock_threshold', v.low_stock_threshold, 'Low-stock threshold', 0) ?? 0,
    featured: v.featured,
    featured_order: count('featured_order', v.featured_order, 'Featured order', 0) ?? 0,
    facts: {
      ...(v.duration.trim() && { duration: v.duration.trim() }),
      ...(mysteries !== null && { mysteries }),
      ...(v.difficulty.trim() && { difficulty: v.difficulty.trim() }),
      ...(v.ages.trim() && { ages: v.ages.trim() }),
    },
    sku: v.sku.trim() || null,
  }
  return { input, errors }
}
