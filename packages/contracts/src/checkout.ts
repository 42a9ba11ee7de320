import { z } from 'zod'
import { ORDER_STATUSES } from './admin-orders'
import { CART_MESSAGES, CartSchema, normalisePostalCode } from './cart'
import { CHECKOUT_MESSAGES, PAYMENT_METHODS, regionsOf } from './checkout-constants'
import { endpoint } from './endpoint'
import { ORDER_LINE_PRICE, ORDER_TOTALS, ShippingAddressSchema } from './order-parts'
import { SlugSchema } from './schemas'

/**
 * Checkout: the shipping form (shared by the storefront's form and the API), the spec's
 * create-checkout and handle-checkout-success (their field names kept, decision 010), and
 * the buyer's own orders.
 */
const text = (max: number, missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `Please keep this under ${max} characters.`)

const addressFields = {
  firstName: text(100, 'Please enter your first name.'),
  lastName: text(100, 'Please enter your last name.'),
  address: text(200, 'Please enter your street address.'),
  city: text(100, 'Please enter your city.'),
  state: text(2, CHECKOUT_MESSAGES.region),
  zipCode: text(10, 'Please enter your ZIP or postal code.'),
  country: z.enum(['US', 'CA']).default('US'),
}

type AddressFields = { state: string; zipCode: string; country: 'US' | 'CA' }

function checkAddress(info: AddressFields, ctx: z.RefinementCtx) {
  if (!regionsOf(info.country).some(([code]) => code === info.state))
    ctx.addIssue({ code: 'custom', path: ['state'], message: CHECKOUT_MESSAGES.region })
  // "30301", "30301-1234" or "303011234"; "K1A 0B1", "k1a0b1": stored one way (below).
  if (!normalisePostalCode(info.country, info.zipCode))
    ctx.addIssue({ code: 'custom', path: ['zipCode'], message: CHECKOUT_MESSAGES.zip[info.country] })
}

// Stored and shown one way: "30301", "30301-1234", "M5V 2T6" (issue 32).
const storedOneWay = <T extends AddressFields>(info: T): T => ({
  ...info,
  zipCode: normalisePostalCode(info.country, info.zipCode) ?? info.zipCode,
})

export const CustomerInfoSchema = z
  .object({
    email: z
      .string({ error: 'Please enter your email address.' })
      .trim()
      .min(1, 'Please enter your email address.')
      .max(254)
      .pipe(z.email('Please enter a valid email address.')),
    ...addressFields,
  })
  .superRefine(checkAddress)
  .transform(storedOneWay)

/** A shipping address alone, checked as the checkout checks it (a subscription's, issue 34). */
export const DeliveryAddressSchema = z.object(addressFields).superRefine(checkAddress).transform(storedOneWay)
export type DeliveryAddressInput = z.input<typeof DeliveryAddressSchema>
export type CustomerInfo = z.output<typeof CustomerInfoSchema>
export type CustomerInfoInput = z.input<typeof CustomerInfoSchema>

/**
 * One product (`productSlug`: a cart of one, as `/checkout/:productSlug` sends), or the
 * buyer's cart (`fromCart: true`). Nothing else of the order comes from the client.
 */
export const CreateCheckoutBody = z
  .object({
    productSlug: SlugSchema.optional(),
    fromCart: z.literal(true).optional(),
    customerInfo: CustomerInfoSchema.optional(),
    paymentMethod: z.enum(PAYMENT_METHODS).optional(),
    collectShipping: z.boolean().optional(),
    /** A discount code and a gift card code as typed (issue 33): applied on the server only. */
    discountCode: z.string().trim().max(64).optional(),
    giftCardCode: z.string().trim().max(64).optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.productSlug === !body.fromCart)
      ctx.addIssue({
        code: 'custom',
        path: ['productSlug'],
        message: 'Please check out either one box (productSlug) or your cart (fromCart: true).',
      })
  })

/** What the buyer sees of an order (confirmation page, My account). */
export const BuyerOrderSchema = z.object({
  order_id: z.string(),
  session_id: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  status: z.enum(ORDER_STATUSES),
  amount_cents: z.number().int(),
  currency: z.string(),
  product_title: z.string(),
  product_slug: z.string(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  shipping_address: ShippingAddressSchema.nullable(),
  tracking_number: z.string().nullable(),
  shipped_at: z.iso.datetime({ offset: true }).nullable(),
  /** Placed without an account: it becomes one's when an account confirms the order's address. */
  guest: z.boolean(),
  /** The order's lines (issue 32); `product_title`/`product_slug` are the first line's. */
  items: z.array(
    z.object({
      product_slug: z.string(),
      ...ORDER_LINE_PRICE,
    }),
  ),
  ...ORDER_TOTALS,
  /** Paid by gift card (issue 33); `amount_cents` is what the card payment charged. */
  gift_card_cents: z.number().int().default(0),
  /** How tax was settled, in words ("Tax calculated at payment: none in test mode"). */
  tax_note: z.string(),
  /**
   * A bought gift card (its order ships nothing): whom its mail goes to (their name, or their
   * address when no name was given) and on which day (null: at payment).
   */
  gift_card_sent: z
    .object({ recipient: z.string(), deliver_on: z.iso.datetime({ offset: true }).nullable() })
    .nullable()
    .default(null),
})
export type BuyerOrder = z.infer<typeof BuyerOrderSchema>

/** Test-mode and Stripe session ids: letters, digits and underscores. */
export const SessionIdSchema = z
  .string()
  .min(8)
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/, 'Not a checkout session id')

/**
 * A client's idempotency key: a UUID in practice; 16 to 64 letters, digits, `-` and `_`
 * (short keys are guessable, and the value is stored and sent on to the payment provider).
 */
export const IdempotencyKeySchema = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not an idempotency key')

export const CreateCheckoutHeaders = z.object({
  // Header names arrive lower-cased. Optional: a storefront built before the key keeps working.
  'idempotency-key': IdempotencyKeySchema.optional(),
})

export const checkoutContract = {
  create: endpoint({
    method: 'POST',
    path: '/checkout',
    access: 'public',
    answers: {
      409: 'Sold out, too few left, or the same Idempotency-Key still being served (retry in a moment).',
      422: 'The Idempotency-Key was used with another body.',
    },
    summary: 'create-checkout: a payment page for one product at its database price; answers its URL',
    description:
      'With an Idempotency-Key header, a repeat of the same request by the same buyer answers the first URL and creates nothing; the same key with another body answers 422 `idempotency_key_reused`; a repeat while the first is still being served waits for its answer, or answers 409 `idempotency_key_in_progress` after a few seconds (retry in a moment).',
    headers: CreateCheckoutHeaders,
    body: CreateCheckoutBody,
    response: z.object({ url: z.string() }),
  }),
  success: endpoint({
    method: 'POST',
    path: '/checkout/success',
    access: 'public',
    summary:
      'handle-checkout-success: the order of a checkout session (fulfilled here too if the payment is complete)',
    description: 'The session id is the secret: it is only known to the buyer the payment page returned.',
    body: z.object({ sessionId: SessionIdSchema }),
    response: z.object({ data: BuyerOrderSchema }),
  }),
  myOrders: endpoint({
    method: 'GET',
    path: '/account/orders',
    access: 'customer',
    summary: "The signed-in buyer's orders, newest first (guest orders of their verified email included)",
    response: z.object({ data: z.array(BuyerOrderSchema) }),
  }),
}

/** Review Order of `/checkout/:productSlug` (a cart of one): the same shape as the cart's read. */
export const CheckoutQuoteQuery = z
  .object({
    productSlug: SlugSchema,
    country: z.enum(['US', 'CA'], { error: CART_MESSAGES.country }).optional(),
    zipCode: z.string().trim().max(12, CHECKOUT_MESSAGES.zip.US).optional(),
  })
  .transform((q, ctx) => {
    if (!q.zipCode) return { productSlug: q.productSlug, country: q.country, zipCode: undefined }
    const country = q.country ?? 'US'
    const zipCode = normalisePostalCode(country, q.zipCode)
    if (!zipCode) {
      ctx.addIssue({ code: 'custom', path: ['zipCode'], message: CHECKOUT_MESSAGES.zip[country] })
      return z.NEVER
    }
    return { productSlug: q.productSlug, country, zipCode }
  })

/** A signed-in buyer's last shipping address (their last paid order's), offered at checkout. */
export const SavedAddressSchema = ShippingAddressSchema.extend({ country: z.enum(['US', 'CA']) })
export type SavedAddress = z.infer<typeof SavedAddressSchema>

export const checkoutExtrasContract = {
  quote: endpoint({
    method: 'GET',
    path: '/checkout/quote',
    access: 'public',
    summary:
      "One box's Review Order (`/checkout/:productSlug`, a cart of one): its line and totals priced now, with the shipping for a destination",
    query: CheckoutQuoteQuery,
    response: z.object({ data: CartSchema }),
  }),
  savedAddress: endpoint({
    method: 'GET',
    path: '/account/shipping-address',
    access: 'customer',
    summary:
      "The signed-in buyer's shipping address of their last paid order (null when none), offered at checkout",
    response: z.object({ data: SavedAddressSchema.nullable() }),
  }),
}

const TestSessionParams = z.object({ sessionId: SessionIdSchema })

/** The built-in test-mode payment pages (never on a real public address unless enabled). */
export const testPaymentsContract = {
  page: endpoint({
    method: 'GET',
    path: '/payments/test/:sessionId',
    access: 'public',
    summary: 'TEST MODE: the hosted payment page of a checkout session (Pay, Decline, Cancel)',
    params: TestSessionParams,
    produces: 'text/html',
  }),
  act: endpoint({
    method: 'POST',
    path: '/payments/test/:sessionId/:action',
    access: 'public',
    summary: 'TEST MODE: pay, decline or cancel a checkout session; redirects like a real provider',
    params: TestSessionParams.extend({ action: z.enum(['pay', 'decline', 'cancel']) }),
    produces: 'redirect',
  }),
}

export const stripeContract = {
  webhook: endpoint({
    method: 'POST',
    path: '/payments/stripe/webhook',
    access: 'public',
    summary:
      "Stripe's signed events (checkout, async payments, expiry, subscriptions, invoices); processed once, answered 2xx only once stored",
    description:
      'The Stripe-Signature header is checked against STRIPE_WEBHOOK_SECRET; a bad signature is a 400.',
    response: z.object({ received: z.literal(true) }),
  }),
}
