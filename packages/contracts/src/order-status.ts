import { z } from 'zod'
import { CARRIERS, FULFILMENT_STATUSES, ORDER_STATUSES } from './admin-orders'
import { endpoint } from './endpoint'
import { ShippingAddressSchema } from './order-parts'

/**
 * Order status without an account (issue 35): a guest gives the email and the order number;
 * if they match an order, that address is mailed a signed link, valid for
 * ORDER_STATUS_LINK_HOURS, to a page with the order's status, lines, address and tracking.
 * The answer is the same whether or not they match, so the form tells nobody which orders exist.
 */

export const OrderLookupSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).email('Enter the email you ordered with.'),
  order_number: z
    .string()
    .trim()
    .transform((text) => text.replace(/^#\s*/, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(1, 'Enter the order number from your confirmation.')
        .max(40, 'An order number has 8 letters and digits.'),
    ),
})
export type OrderLookupInput = z.input<typeof OrderLookupSchema>

export const OrderStatusSchema = z.object({
  order_number: z.string(),
  placed_at: z.iso.datetime({ offset: true }),
  status: z.enum(ORDER_STATUSES),
  fulfilment_status: z.enum(FULFILMENT_STATUSES),
  lines: z.array(
    z.object({
      product_title: z.string(),
      quantity: z.number().int(),
      line_total_cents: z.number().int(),
      shipped_quantity: z.number().int(),
    }),
  ),
  amount_cents: z.number().int(),
  shipping_address: ShippingAddressSchema.partial().nullable(),
  shipments: z.array(
    z.object({
      carrier: z.enum(CARRIERS),
      tracking_number: z.string(),
      tracking_url: z.string().nullable(),
      shipped_at: z.iso.datetime({ offset: true }),
      delivered_at: z.iso.datetime({ offset: true }).nullable(),
    }),
  ),
  /** When the link stops working. */
  expires_at: z.iso.datetime({ offset: true }),
})
export type GuestOrderStatus = z.infer<typeof OrderStatusSchema>

export const orderStatusContract = {
  lookup: endpoint({
    method: 'POST',
    path: '/orders/lookup',
    access: 'public',
    summary:
      'Mail a signed, expiring status link to the email of an order (same answer whether or not it exists)',
    body: OrderLookupSchema,
    status: 202,
    response: z.object({ message: z.string() }),
  }),
  status: endpoint({
    method: 'GET',
    path: '/orders/status',
    access: 'public',
    summary: "An order's status, lines, address and tracking, for the holder of a mailed status link",
    query: z.object({ token: z.string().min(1).max(300) }),
    response: z.object({ data: OrderStatusSchema }),
  }),
}
