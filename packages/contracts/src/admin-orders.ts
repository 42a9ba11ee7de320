import { z } from 'zod'
import { ADMIN_ORDERS_PAGE_SIZE } from './constants'
import { endpoint } from './endpoint'

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
  created_at: z.coerce.date(),
  updated_at: z.coerce.date(),
  customer_name: z.string().nullable(),
  customer_email: z.string(),
  customer_created_at: z.coerce.date().nullable(),
  product_title: z.string(),
  product_sku: z.string().nullable(),
  product_id: z.string(),
  amount_cents: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  stripe_session_id: z.string().nullable(),
})
export type AdminOrder = z.infer<typeof AdminOrderSchema>

export const OrderHistoryEntrySchema = z.object({
  at: z.coerce.date(),
  event: z.enum(['created', 'status', 'shipped', 'refunded', 'granted']),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  note: z.string().nullable(),
  actor_email: z.string().nullable(),
})
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>

export const ShippingAddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
})

export const AdminOrderDetailSchema = AdminOrderSchema.extend({
  customer_id: z.string().nullable(),
  currency: z.string(),
  provider: z.string(),
  payment_method: z.string().nullable(),
  shipping_address: ShippingAddressSchema.partial().nullable(),
  paid_at: z.coerce.date().nullable(),
  shipped_at: z.coerce.date().nullable(),
  tracking_number: z.string().nullable(),
  refunded_at: z.coerce.date().nullable(),
  /** The payment provider's page for this payment (Stripe dashboard), when there is one. */
  provider_url: z.string().nullable(),
  can_refund: z.boolean(),
  can_ship: z.boolean(),
  history: z.array(OrderHistoryEntrySchema),
  /** The order's lines and totals (issue 32); `product_*` above are the first line's. */
  items: z.array(
    z.object({
      product_id: z.string(),
      product_title: z.string(),
      quantity: z.number().int(),
      unit_price_cents: z.number().int(),
      line_total_cents: z.number().int(),
    }),
  ),
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  shipping_cents: z.number().int(),
  tax_cents: z.number().int(),
})
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>

export const TRACKING_NUMBER_MAX = 100
export const MarkShippedSchema = z.object({
  trackingNumber: z
    .string()
    .trim()
    .min(1, 'Enter the tracking number.')
    .max(TRACKING_NUMBER_MAX, `A tracking number has at most ${TRACKING_NUMBER_MAX} characters.`)
    .regex(/^[A-Za-z0-9 .\-_/]+$/, 'Use letters, digits, spaces and - . _ / only.'),
})
export type MarkShippedInput = z.input<typeof MarkShippedSchema>

/** The CSV export's columns, in order (the spec's Order fields). */
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
    response: z.object({ data: z.array(AdminOrderSchema), total: z.number().int() }),
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
    summary:
      'Refund through the payment provider: status refunded, access revoked, the customer told by mail (once)',
    params: orderId,
    response: z.object({ data: AdminOrderDetailSchema }),
  }),
  ship: endpoint({
    method: 'POST',
    path: '/admin/orders/:id/ship',
    access: 'admin',
    summary: 'Mark a paid order shipped with its tracking number; the customer is told by mail',
    params: orderId,
    body: MarkShippedSchema,
    response: z.object({ data: AdminOrderDetailSchema }),
  }),
}
