import { z } from 'zod'
import { ADMIN_ORDERS_PAGE_SIZE } from './constants'
import { endpoint } from './endpoint'
import { ORDER_LINE_PRICE, ORDER_TOTALS, ShippingAddressSchema } from './order-parts'

/** Every status an order can have (spec section 4, plus refunded). */
export const ORDER_STATUSES = ['pending', 'paid', 'completed', 'failed', 'cancelled', 'refunded'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** The spec's badges: completed or paid default; pending secondary; failed or cancelled destructive; other outline. */
export function orderStatusBadge(status: string): 'default' | 'secondary' | 'destructive' | 'outline' {
  if (status === 'completed' || status === 'paid') return 'default'
  if (status === 'pending') return 'secondary'
  if (status === 'failed' || status === 'cancelled') return 'destructive'
  return 'outline'
}

/** Where an order is on its way to the buyer (issue 35), beside its payment status. */
// `not_required`: nothing to ship (a gift card, sent by email), as Shopify's digital orders.
export const FULFILMENT_STATUSES = [
  'unfulfilled',
  'partially_shipped',
  'shipped',
  'delivered',
  'not_required',
] as const
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number]
export const FULFILMENT_STATUS_LABELS: Record<FulfilmentStatus, string> = {
  unfulfilled: 'Not shipped',
  partially_shipped: 'Partly shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  not_required: 'Nothing to ship',
}

export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'Canada Post', 'other'] as const
export type Carrier = (typeof CARRIERS)[number]

/**
 * Each carrier's public tracking page, `{n}` the tracking number. "other" has none: the mail
 * and the status page then show the number alone.
 */
const TRACKING_URLS: Record<Carrier, string | null> = {
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}',
  UPS: 'https://www.ups.com/track?tracknum={n}',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr={n}',
  'Canada Post': 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={n}',
  other: null,
}

/** The carrier's tracking page for a number (spaces dropped, the rest URL-encoded), or null. */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const template = TRACKING_URLS[carrier as Carrier]
  if (!template) return null
  const number = encodeURIComponent(trackingNumber.replace(/\s+/g, ''))
  // A function replacement: a `$` in the number is never read as a pattern.
  return template.replace('{n}', () => number)
}

export const ORDER_SORTS = ['created_at', 'amount_cents', 'status', 'customer_email'] as const
export type OrderSort = (typeof ORDER_SORTS)[number]

/** `YYYY-MM-DD`, a day in UTC: `from` is its start, `to` its end (both included). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a real date.')
  // The shop's orders are all in this range; a day past 9999 cannot even be compared in SQL.
  .refine((value) => value >= '2000-01-01' && value <= '2100-12-31', 'Use a date between 2000 and 2100.')

/**
 * The admin order filters (spec section 7), applied by the server. Empty values mean "any".
 * `q` finds an order by the buyer's order number (any case, with or without a leading `#`),
 * the full payment session id, the order id (whole or its start), or the email or name.
 */
export const OrderFiltersSchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  /** `paid`: orders that were paid (paid, completed, refunded); `attempts`: checkouts never paid (pending, failed, cancelled). */
  kind: z.enum(['paid', 'attempts']).optional(),
  fulfilment: z.enum(FULFILMENT_STATUSES).optional(),
  from: day.optional(),
  to: day.optional(),
  sort: z.enum(ORDER_SORTS).default('created_at'),
  dir: z.enum(['asc', 'desc']).default('desc'),
})
export type OrderFilters = z.input<typeof OrderFiltersSchema>

export const OrderListQuerySchema = OrderFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(ADMIN_ORDERS_PAGE_SIZE),
})
export type OrderListQuery = z.input<typeof OrderListQuerySchema>

/** The spec's Order (admin API), field names as the spec gives them. */
export const AdminOrderSchema = z.object({
  order_id: z.string(),
  /** The number the buyer was shown (`orderNumber` in format.ts): what they quote to support. */
  order_number: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
  customer_name: z.string().nullable(),
  customer_email: z.string(),
  customer_created_at: z.iso.datetime({ offset: true }).nullable(),
  product_title: z.string(),
  product_sku: z.string().nullable(),
  product_id: z.string(),
  amount_cents: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  stripe_session_id: z.string().nullable(),
  fulfilment_status: z.enum(FULFILMENT_STATUSES),
  /** Every line, "2 × The Scroll of Antioch, 1 × Noah's Ark" (`product_*` are the first line's). */
  lines_summary: z.string(),
})
export type AdminOrder = z.infer<typeof AdminOrderSchema>

export const OrderHistoryEntrySchema = z.object({
  at: z.iso.datetime({ offset: true }),
  event: z.enum(['created', 'status', 'shipped', 'delivered', 'refunded', 'granted']),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  note: z.string().nullable(),
  actor_email: z.string().nullable(),
})
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>

export const AdminOrderDetailSchema = AdminOrderSchema.extend({
  customer_id: z.string().nullable(),
  currency: z.string(),
  provider: z.string(),
  payment_method: z.string().nullable(),
  shipping_address: ShippingAddressSchema.partial().nullable(),
  paid_at: z.iso.datetime({ offset: true }).nullable(),
  shipped_at: z.iso.datetime({ offset: true }).nullable(),
  tracking_number: z.string().nullable(),
  refunded_at: z.iso.datetime({ offset: true }).nullable(),
  refunded_cents: z.number().int(),
  /** The payment provider's page for this payment (Stripe dashboard), when there is one. */
  provider_url: z.string().nullable(),
  can_refund: z.boolean(),
  /**
   * The gift card this order bought, when it bought one: a refund gives back what is left on
   * it (all of it while unspent, the whole order) and closes it.
   */
  gift_card: z
    .object({
      last4: z.string(),
      initial_cents: z.number().int(),
      balance_cents: z.number().int(),
      status: z.enum(['pending', 'active', 'disabled']),
      /**
       * A refund closed the card and lost the provider's answer (a timeout): refunding this
       * amount again finishes it, once (0: none).
       */
      unfinished_refund_cents: z.number().int(),
    })
    .nullable(),
  can_ship: z.boolean(),
  /** Shipped and not yet all marked delivered. */
  can_deliver: z.boolean(),
  shipments: z.array(
    z.object({
      id: z.string(),
      carrier: z.enum(CARRIERS),
      tracking_number: z.string(),
      tracking_url: z.string().nullable(),
      shipped_at: z.iso.datetime({ offset: true }),
      delivered_at: z.iso.datetime({ offset: true }).nullable(),
      lines: z.array(z.object({ product_title: z.string(), quantity: z.number().int() })),
    }),
  ),
  history: z.array(OrderHistoryEntrySchema),
  /** The order's lines and totals (issue 32); `product_*` above are the first line's. */
  items: z.array(
    z.object({
      product_id: z.string(),
      ...ORDER_LINE_PRICE,
      /** How many of this line have gone out in shipments. */
      shipped_quantity: z.number().int(),
      /** How many of this line have been refunded. */
      refunded_quantity: z.number().int(),
    }),
  ),
  ...ORDER_TOTALS,
})
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>

export const TRACKING_NUMBER_MAX = 100
const trackingNumber = z
  .string()
  .trim()
  .min(1, 'Enter the tracking number.')
  .max(TRACKING_NUMBER_MAX, `A tracking number has at most ${TRACKING_NUMBER_MAX} characters.`)
  .regex(/^[A-Za-z0-9 .\-_/]+$/, 'Use letters, digits, spaces and - . _ / only.')

/**
 * Some of an order's lines, for a partial shipment: each product at most once, each
 * quantity at most what is left of it (checked by the server against the order).
 */
const ShipLinesSchema = z
  .array(
    z.object({
      product_id: z.uuid('Choose a product of this order.'),
      quantity: z.number().int().min(1).max(99),
    }),
  )
  .min(1, 'Choose at least one line to ship.')
  .max(100)
  .refine((lines) => new Set(lines.map((l) => l.product_id)).size === lines.length, 'Each product once.')

export const MarkShippedSchema = z.object({
  trackingNumber,
  /** Old clients sent only the number: their parcels were "other". */
  carrier: z.enum(CARRIERS, 'Choose the carrier.').default('other'),
  /** Left out: everything not shipped yet. */
  lines: ShipLinesSchema.optional(),
})
export type MarkShippedInput = z.input<typeof MarkShippedSchema>

/**
 * A refund (issue 35): left empty, everything not refunded yet; `lines`, those lines at the
 * price paid for them; `amount_cents`, that amount (with `lines`: those lines, for that
 * amount). `restock` puts the lines' boxes back in stock.
 */
export const RefundSchema = z.object({
  lines: ShipLinesSchema.optional(),
  amount_cents: z
    .number('Enter an amount in cents.')
    .int('Enter whole cents.')
    .min(1, 'Refund at least 1 cent.')
    .max(10_000_000)
    .optional(),
  restock: z.boolean().default(false),
  /**
   * What the admin saw refunded already (`refunded_cents` of the detail): when given, a refund
   * is made only if that is still so, so a double click or a second tab refunds once.
   */
  expected_refunded_cents: z.number().int().min(0).optional(),
})
export type RefundInput = z.input<typeof RefundSchema>

/** Shipping many orders from the queue: one carrier and tracking number per order. */
export const SHIP_MANY_MAX = 100
export const ShipManySchema = z.object({
  orders: z
    .array(
      z.object({
        order_id: z.uuid('Not an order.'),
        carrier: z.enum(CARRIERS, 'Choose the carrier.'),
        tracking_number: trackingNumber,
        lines: ShipLinesSchema.optional(),
      }),
    )
    .min(1, 'Choose at least one order.')
    .max(SHIP_MANY_MAX, `At most ${SHIP_MANY_MAX} orders at once.`)
    .refine((list) => new Set(list.map((o) => o.order_id)).size === list.length, 'Each order once.'),
})
export type ShipManyInput = z.input<typeof ShipManySchema>

export const SHIP_RESULTS = ['shipped', 'unchanged', 'not_found', 'refused'] as const
export const ShipManyResponseSchema = z.object({
  data: z.array(
    z.object({
      order_id: z.string(),
      order_number: z.string().nullable(),
      result: z.enum(SHIP_RESULTS),
      /** Why it was refused (not paid, nothing left to ship...). */
      message: z.string().nullable(),
    }),
  ),
})

/** `YYYY-MM`, a month in UTC. */
const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-01.')
  .refine((value) => value >= '2000-01' && value <= '2100-12', 'Use a month between 2000 and 2100.')

export const FulfilmentQueueQuerySchema = z.object({
  product_id: z.uuid('Choose a product from the list.').optional(),
  /** ISO 3166 alpha-2, as the checkout stores it. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Use a two-letter country code like US.')
    .optional(),
  month: month.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
})
export type FulfilmentQueueQuery = z.input<typeof FulfilmentQueueQuerySchema>

export const FulfilmentQueueEntrySchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  customer_name: z.string().nullable(),
  customer_email: z.string(),
  fulfilment_status: z.enum(FULFILMENT_STATUSES),
  shipping_address: ShippingAddressSchema.partial().nullable(),
  lines: z.array(
    z.object({
      product_id: z.string(),
      product_title: z.string(),
      quantity: z.number().int(),
      /** Still to ship: the quantity less what went out already. */
      remaining: z.number().int(),
    }),
  ),
})
export type FulfilmentQueueEntry = z.infer<typeof FulfilmentQueueEntrySchema>

/** Selected orders for the packing slips, the pick list and the label CSV (ids, comma-separated). */
export const FulfilmentSelectionSchema = z.object({
  ids: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.uuid('Not an order.')).min(1, 'Choose at least one order.').max(SHIP_MANY_MAX)),
})

/**
 * The CSV export's columns, in order: the spec's Order fields, then what a person or a label
 * printer needs (issue 35): the amount in dollars, every line, the address in parts, and the
 * latest shipment's day, carrier and tracking number.
 */
export const ORDER_CSV_COLUMNS = [
  'order_id',
  'order_number',
  'created_at',
  'updated_at',
  'customer_name',
  'customer_email',
  'customer_created_at',
  'product_title',
  'product_sku',
  'product_id',
  'amount_cents',
  'status',
  'stripe_session_id',
  'amount',
  'lines',
  'fulfilment_status',
  'ship_to_name',
  'ship_to_address',
  'ship_to_city',
  'ship_to_state',
  'ship_to_postal_code',
  'ship_to_country',
  'shipped_at',
  'carrier',
  'tracking_number',
] as const

const orderId = z.object({ id: z.uuid() })

export const adminOrdersContract = {
  list: endpoint({
    method: 'GET',
    path: '/admin/orders',
    access: 'admin',
    summary:
      'Orders filtered, sorted and paged on the server (q: order number, payment session id, order id, email or name)',
    query: OrderListQuerySchema,
    response: z.object({
      data: z.array(AdminOrderSchema),
      /** Exact up to 10 000; `total_capped` when there are more (counted no further). */
      total: z.number().int(),
      total_capped: z.boolean(),
    }),
  }),
  export: endpoint({
    method: 'GET',
    path: '/admin/orders/export',
    access: 'admin',
    summary: 'Every order matching the filters as CSV, streamed (formula-like cells neutralised)',
    query: OrderFiltersSchema,
    produces: 'text/csv',
  }),
  detail: endpoint({
    method: 'GET',
    path: '/admin/orders/:id',
    access: 'admin',
    summary: 'One order with customer, product, payment, shipping and status history',
    params: orderId,
    response: z.object({ data: AdminOrderDetailSchema }),
  }),
  refund: endpoint({
    method: 'POST',
    path: '/admin/orders/:id/refund',
    access: 'admin',
    answers: {
      409: 'Refunded already, not paid, refunded in part meanwhile, or more than is left asked for.',
    },
    summary:
      'Refund through the payment provider, all or some lines or an amount, restocking if asked; the whole refunded ends access; the customer told by mail (once)',
    params: orderId,
    body: RefundSchema,
    response: z.object({ data: AdminOrderDetailSchema }),
  }),
  ship: endpoint({
    method: 'POST',
    path: '/admin/orders/:id/ship',
    access: 'admin',
    answers: { 409: 'Nothing left to ship on these lines, or the order cannot ship (not paid, refunded).' },
    summary:
      'Ship a paid order (all that is left, or the lines given) with carrier and tracking number; the customer is told by mail, once',
    params: orderId,
    body: MarkShippedSchema,
    response: z.object({ data: AdminOrderDetailSchema }),
  }),
  deliver: endpoint({
    method: 'POST',
    path: '/admin/orders/:id/deliver',
    access: 'admin',
    answers: { 409: 'Nothing has shipped yet, or it is marked delivered already.' },
    summary: 'Mark every shipment of the order delivered; a fully shipped order becomes delivered',
    params: orderId,
    response: z.object({ data: AdminOrderDetailSchema }),
  }),
}

/** The fulfilment queue (issue 35): what to pack and ship, and shipping many at once. */
export const adminFulfilmentContract = {
  queue: endpoint({
    method: 'GET',
    path: '/admin/fulfilment',
    access: 'admin',
    summary: 'Paid orders with something left to ship, oldest first, with lines and address',
    query: FulfilmentQueueQuerySchema,
    response: z.object({ data: z.array(FulfilmentQueueEntrySchema), total: z.number().int() }),
  }),
  ship: endpoint({
    method: 'POST',
    path: '/admin/fulfilment/ship',
    access: 'admin',
    summary: 'Ship many orders, each with its carrier and tracking number; each buyer mailed once',
    body: ShipManySchema,
    response: ShipManyResponseSchema,
  }),
  packingSlips: endpoint({
    method: 'GET',
    path: '/admin/fulfilment/packing-slips',
    access: 'admin',
    summary: 'One PDF, a packing slip a page, for the selected orders',
    query: FulfilmentSelectionSchema,
    produces: 'application/pdf',
  }),
  pickList: endpoint({
    method: 'GET',
    path: '/admin/fulfilment/pick-list',
    access: 'admin',
    summary: 'How many of each product the selected orders still need',
    query: FulfilmentSelectionSchema,
    response: z.object({
      data: z.array(
        z.object({
          product_id: z.string(),
          product_title: z.string(),
          product_sku: z.string().nullable(),
          quantity: z.number().int(),
        }),
      ),
    }),
  }),
  labels: endpoint({
    method: 'GET',
    path: '/admin/fulfilment/labels',
    access: 'admin',
    summary: 'A CSV for label software: name, address lines, postal code, country, weight, order number',
    query: FulfilmentSelectionSchema,
    produces: 'text/csv',
  }),
}
