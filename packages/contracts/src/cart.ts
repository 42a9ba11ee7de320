import { z } from 'zod'
import { CHECKOUT_MESSAGES, type CountryCode } from './checkout-constants'
import { endpoint } from './endpoint'
import { SlugSchema } from './schemas'

/**
 * The cart (issue 32), shipping by destination and quantity pricing. A visitor's cart is
 * found by a signed, httpOnly cookie; a signed-in user's by the user, and a visitor's cart
 * is merged into it on the first cart request after sign-in. Every price, total and the
 * shipping charge are computed on the server at each read.
 */

/** The most of one box a cart line holds (stock may allow fewer). */
export const MAX_CART_QUANTITY = 99

export const CART_MESSAGES = {
  quantity: `Please choose a quantity from 1 to ${MAX_CART_QUANTITY}.`,
  notOnSale: 'This box is not on sale, so it cannot be added to the cart.',
  unknownProduct: 'We could not find that box.',
  notInCart: 'This box is not in your cart.',
  emptyCart: 'Your cart is empty.',
  stock: (left: number) =>
    left === 0 ? 'Sorry, this box is sold out.' : `Only ${left} left: please choose ${left} or fewer.`,
  country: 'We ship to the United States and Canada.',
} as const

/** What the buyer reads as tax before paying, per mode (decision 052). */
export const TAX_NOTES = {
  test: 'Tax calculated at payment: none in test mode',
  stripe: 'Tax calculated at payment',
} as const

const Quantity = z.coerce
  .number({ error: CART_MESSAGES.quantity })
  .int(CART_MESSAGES.quantity)
  .min(1, CART_MESSAGES.quantity)
  .max(MAX_CART_QUANTITY, CART_MESSAGES.quantity)

const Country = z.enum(['US', 'CA'], { error: CART_MESSAGES.country })

/**
 * A postal code as we store and show it: US "30301" or "30301-1234"; Canadian "K1A 0B1"
 * (upper case, one space). Answers null for one that is not of the country's form.
 */
export function normalisePostalCode(country: CountryCode, raw: string): string | null {
  const compact = raw
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '')
  if (country === 'US') {
    const m = /^(\d{5})(\d{4})?$/.exec(compact)
    return m ? (m[2] ? `${m[1]}-${m[2]}` : m[1]!) : null
  }
  const m = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])(\d[ABCEGHJ-NPRSTV-Z]\d)$/.exec(compact)
  return m ? `${m[1]} ${m[2]}` : null
}

export const CartItemBody = z.object({ productSlug: SlugSchema, quantity: Quantity.default(1) })
export const CartQuantityBody = z.object({ quantity: Quantity })
export const CartItemParams = z.object({ productSlug: SlugSchema })

/** A destination for the shipping estimate; the postal code is optional and normalised. */
export const CartQuery = z
  .object({
    country: Country.optional(),
    zipCode: z.string().trim().min(1, CHECKOUT_MESSAGES.zip.US).max(12, CHECKOUT_MESSAGES.zip.US).optional(),
  })
  .transform((q, ctx) => {
    if (!q.zipCode) return { country: q.country, zipCode: undefined }
    const country = q.country ?? 'US'
    const zipCode = normalisePostalCode(country, q.zipCode)
    if (!zipCode) {
      ctx.addIssue({ code: 'custom', path: ['zipCode'], message: CHECKOUT_MESSAGES.zip[country] })
      return z.NEVER
    }
    return { country, zipCode }
  })

export const ShippingQuoteSchema = z.object({
  country: z.string(),
  zipCode: z.string().nullable(),
  name: z.string(),
  amountCents: z.number().int(),
  /** The order's subtotal from which shipping is free, or null when it never is. */
  freeOverCents: z.number().int().nullable(),
  deliveryTime: z.string(),
})

export const CartLineSchema = z.object({
  productSlug: z.string(),
  productName: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
  /** The unit price charged: the quantity price when the line reaches a tier. */
  unitPriceCents: z.number().int(),
  /** The product's own price, for showing the saving. */
  listUnitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
  /** The tier applied to this line, if any. */
  quantityPrice: z.object({ minQuantity: z.number().int(), unitPriceCents: z.number().int() }).nullable(),
  /** The next tier the line could reach ("10 or more: $39.99 each"), if any. */
  nextQuantityPrice: z.object({ minQuantity: z.number().int(), unitPriceCents: z.number().int() }).nullable(),
  /** False when the box is no longer on sale or has fewer in stock than the line asks. */
  available: z.boolean(),
  /** The most this line may hold now (stock, or the cart's maximum). */
  maxQuantity: z.number().int(),
  /** Why it is unavailable, in words, when it is. */
  message: z.string().nullable(),
})
export type CartLine = z.infer<typeof CartLineSchema>

export const CartTotalsSchema = z.object({
  itemCount: z.number().int(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  /** Null until a destination is known. */
  shipping: ShippingQuoteSchema.nullable(),
  /** Null: calculated at payment (see `taxNote`). */
  taxCents: z.number().int().nullable(),
  taxNote: z.string(),
  /** Subtotal - discount + shipping (when known); tax is added at payment by Stripe Tax. */
  totalCents: z.number().int(),
})

export const CartSchema = CartTotalsSchema.extend({
  lines: z.array(CartLineSchema),
  /** Whether every line can be checked out as it is. */
  checkoutReady: z.boolean(),
})
export type Cart = z.infer<typeof CartSchema>

const CartResponse = z.object({ data: CartSchema })

export const cartContract = {
  read: endpoint({
    method: 'GET',
    path: '/cart',
    access: 'public',
    summary: "The visitor's or user's cart, with live prices, availability, quantity pricing and totals",
    description:
      'Give `country` (US, CA) and optionally `zipCode` for a shipping estimate. A signed-in user carrying a visitor cart cookie has it merged into their cart by this read (or any cart request).',
    query: CartQuery,
    response: CartResponse,
  }),
  add: endpoint({
    method: 'POST',
    path: '/cart/items',
    access: 'public',
    summary: 'Adds a quantity of a box to the cart (added to the line if the box is in it already)',
    body: CartItemBody,
    response: CartResponse,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/cart/items/:productSlug',
    access: 'public',
    summary: "Sets a cart line's quantity",
    params: CartItemParams,
    body: CartQuantityBody,
    response: CartResponse,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/cart/items/:productSlug',
    access: 'public',
    summary: 'Removes a box from the cart',
    params: CartItemParams,
    response: CartResponse,
  }),
}

export const ShippingRateSchema = z.object({
  country: z.string(),
  zoneName: z.string(),
  name: z.string(),
  amountCents: z.number().int(),
  freeOverCents: z.number().int().nullable(),
  deliveryTime: z.string(),
})
export type ShippingRate = z.infer<typeof ShippingRateSchema>

const money = (max: number, label: string) =>
  z
    .number({ error: `Please enter ${label} in cents.` })
    .int(`Please enter ${label} in whole cents.`)
    .min(0, `${label[0]!.toUpperCase()}${label.slice(1)} cannot be negative.`)
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} cannot be over $${max / 100}.`)

export const ShippingRateBody = z.object({
  name: z.string().trim().min(1, 'Please name the rate.').max(80, 'Please keep this under 80 characters.'),
  amountCents: money(100_000, 'the rate'),
  freeOverCents: money(1_000_000, 'the free-shipping threshold').nullable(),
})

export const shippingContract = {
  rates: endpoint({
    method: 'GET',
    path: '/shipping/rates',
    access: 'public',
    summary: 'Where the shop ships and what it costs (the Shipping page and the cart read the same rates)',
    response: z.object({ data: z.array(ShippingRateSchema) }),
  }),
}

export const adminShippingContract = {
  rates: endpoint({
    method: 'GET',
    path: '/admin/shipping/rates',
    access: 'admin',
    summary: 'The shipping rates, for editing',
    response: z.object({ data: z.array(ShippingRateSchema) }),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/shipping/rates/:country',
    access: 'admin',
    summary: "Sets a zone's standard rate (audited)",
    params: z.object({ country: Country }),
    body: ShippingRateBody,
    response: z.object({ data: ShippingRateSchema }),
  }),
}

export const QuantityPriceSchema = z.object({
  minQuantity: z.number().int(),
  unitPriceCents: z.number().int(),
})

export const QuantityPricesBody = z.object({
  tiers: z
    .array(
      z.object({
        minQuantity: z
          .number({ error: 'Please enter the quantity from which this price applies.' })
          .int('Please enter a whole number.')
          .min(2, 'A quantity price starts at 2 or more.')
          .max(MAX_CART_QUANTITY, `A quantity price starts at ${MAX_CART_QUANTITY} or fewer.`),
        unitPriceCents: z
          .number({ error: 'Please enter the unit price in cents.' })
          .int('Please enter the unit price in whole cents.')
          .min(1, 'The unit price must be over $0.')
          .max(1_000_000, 'The unit price cannot be over $10 000.'),
      }),
    )
    .max(5, 'Please keep to 5 quantity prices or fewer.')
    .superRefine((tiers, ctx) => {
      const seen = new Set<number>()
      tiers.forEach((t, i) => {
        if (seen.has(t.minQuantity))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'minQuantity'],
            message: 'Each quantity may appear once.',
          })
        seen.add(t.minQuantity)
      })
    }),
})

const ProductIdParams = z.object({ id: z.uuid('Not a product id') })

export const quantityPricesContract = {
  read: endpoint({
    method: 'GET',
    path: '/admin/products/:id/quantity-prices',
    access: 'admin',
    summary: "A product's quantity prices",
    params: ProductIdParams,
    response: z.object({ data: z.array(QuantityPriceSchema) }),
  }),
  replace: endpoint({
    method: 'PUT',
    path: '/admin/products/:id/quantity-prices',
    access: 'admin',
    summary: "Replaces a product's quantity prices (audited); each must be below the product's price",
    params: ProductIdParams,
    body: QuantityPricesBody,
    response: z.object({ data: z.array(QuantityPriceSchema) }),
  }),
}
