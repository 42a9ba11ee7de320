import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  type GuestOrderStatus,
  ORDER_STATUS_LINK_HOURS,
  orderNumber,
  trackingUrl,
} from '@lamplight/contracts'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderItems, orders, shipments } from '../../db/schema'
import type { LimitRule, RateLimits } from '../../lib/rate-limits'
import type { Mailer } from '../../mail'
import { orderNumberSql } from './admin-queries'
import { orderStatusLinkMail } from './fulfilment-mails'

/**
 * Order status without an account (issue 35). A status link is `<order id>.<expiry, unix
 * seconds>.<HMAC>` under the auth secret: the server keeps nothing per link, believes only
 * what it signed, and a link stops working at its expiry. Only the mailbox of the order's
 * email ever receives one, so holding it proves as much as the confirmation mail does.
 */
const PURPOSE = 'order-status'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const HOUR_MS = 60 * 60 * 1000

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${payload}`).digest('base64url')

export function signStatusToken(secret: string, orderId: string, now = Date.now()): string {
  const expires = Math.floor((now + ORDER_STATUS_LINK_HOURS * HOUR_MS) / 1000)
  const payload = `${orderId}.${expires}`
  return `${payload}.${sign(secret, payload)}`
}

/** The order a token names, or null when it is not ours, altered or expired. */
export function readStatusToken(
  secret: string,
  token: string,
  now = Date.now(),
): { orderId: string; expiresAt: Date } | null {
  const [orderId, expires, signature, ...rest] = token.split('.')
  if (!orderId || !expires || !signature || rest.length || !UUID.test(orderId) || !/^\d{1,12}$/.test(expires))
    return null
  const expected = Buffer.from(sign(secret, `${orderId}.${expires}`))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  const expiresAt = new Date(Number(expires) * 1000)
  return expiresAt.getTime() > now ? { orderId, expiresAt } : null
}

/**
 * Status links mailed to one address an hour, whoever asks and from wherever: the number and
 * the email of a receipt are not secrets (a forwarded mail, a packing slip), and the lookup's
 * limit per client address alone let anyone with many addresses have the shop mail an order's
 * owner without end. Past it nothing is sent, and the lookup answers as always.
 */
export const ORDER_STATUS_MAILS: LimitRule = { name: 'order-status-mail', limit: 5, windowMs: 60 * 60_000 }

/** Orders a buyer can ask about: paid ones (a refunded order still has a story to tell). */
const LOOKABLE = ['paid', 'completed', 'refunded'] as const

/**
 * Mails the status link when the email and the number name an order; does nothing otherwise.
 * The caller answers the same either way. The number must be whole here (unlike the admin's
 * prefix search): a guest guessing a prefix must not be mailed someone's order.
 */
export async function mailStatusLink(
  deps: {
    db: Db
    mailer: Mailer
    publicUrl: string
    secret: string
    rateLimits: Pick<RateLimits, 'consume'>
  },
  email: string,
  number: string,
): Promise<void> {
  if (!/^[A-Z0-9_-]{8}$/.test(number)) return
  const found = await deps.db
    .select({ id: orders.id, sessionId: orders.providerSessionId, email: orders.email })
    .from(orders)
    .where(
      and(
        sql`${orderNumberSql} = ${number}`,
        sql`lower(${orders.email}) = ${email.toLowerCase()}`,
        inArray(orders.status, [...LOOKABLE]),
      ),
    )
    .limit(5)
  if (!found.length) return
  // Counted only when a mail would go: a miss costs the owner's allowance nothing.
  if (!(await deps.rateLimits.consume(ORDER_STATUS_MAILS, email.toLowerCase())).allowed) return
  // The number is the end of a payment session id, so two orders could share it: each
  // matching order gets its own link.
  for (const order of found) {
    const token = signStatusToken(deps.secret, order.id)
    await deps.mailer.send(
      await orderStatusLinkMail({
        email: order.email,
        orderNumber: orderNumber(order.sessionId, order.id),
        url: `${deps.publicUrl}/orders/status?token=${encodeURIComponent(token)}`,
        hours: ORDER_STATUS_LINK_HOURS,
      }),
    )
  }
}

/** What the status page shows of an order. */
export async function orderStatus(
  db: Db,
  orderId: string,
  expiresAt: Date,
): Promise<GuestOrderStatus | null> {
  const [order] = await db
    .select({
      id: orders.id,
      sessionId: orders.providerSessionId,
      placed_at: orders.createdAt,
      status: orders.status,
      fulfilment_status: orders.fulfilmentStatus,
      amount_cents: orders.amountCents,
      shipping_address: orders.shippingAddress,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...LOOKABLE])))
  if (!order) return null
  const [lines, parcels] = await Promise.all([
    db
      .select({
        product_title: orderItems.productName,
        quantity: orderItems.quantity,
        line_total_cents: orderItems.lineTotalCents,
        // Table names written out: drizzle leaves a single-table select's columns unqualified here.
        shipped_quantity: sql<number>`coalesce((select sum(si.quantity) from shipment_items si where si.order_item_id = order_items.id), 0)::int`,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position)),
    db
      .select({
        carrier: shipments.carrier,
        tracking_number: shipments.trackingNumber,
        shipped_at: shipments.shippedAt,
        delivered_at: shipments.deliveredAt,
      })
      .from(shipments)
      .where(eq(shipments.orderId, orderId))
      .orderBy(asc(shipments.shippedAt)),
  ])
  const { id, sessionId, ...rest } = order
  return {
    ...rest,
    placed_at: rest.placed_at.toISOString(),
    order_number: orderNumber(sessionId, id),
    lines,
    shipments: parcels.map((p) => ({
      ...p,
      tracking_url: trackingUrl(p.carrier, p.tracking_number),
      shipped_at: p.shipped_at.toISOString(),
      delivered_at: p.delivered_at?.toISOString() ?? null,
    })),
    expires_at: expiresAt.toISOString(),
  }
}
