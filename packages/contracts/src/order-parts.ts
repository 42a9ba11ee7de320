import { z } from 'zod'

// The parts every view of an order (the buyer's, the admin's), a subscription and a gift
// shows alike, written once.

/** A shipping address as kept on an order, a subscription or a gift (checked where it is entered). */
export const ShippingAddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
})

/** A line's box and price, in cents; each view adds how it names the box. */
export const ORDER_LINE_PRICE = {
  product_title: z.string(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  line_total_cents: z.number().int(),
}

/** An order's money after its lines, in cents. */
export const ORDER_TOTALS = {
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  shipping_cents: z.number().int(),
  tax_cents: z.number().int(),
}

/** One page of an admin list, with the number of rows in all of it. */
export const adminPageOf = <Row extends z.ZodType>(row: Row) =>
  z.object({
    data: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  })
