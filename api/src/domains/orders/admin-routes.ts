import { adminOrdersContract } from '@lamplight/contracts'
import type { Db } from '../../db/client'
import { conflict, notFound } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { boughtCardSummary } from '../discounts/service'
import { exportOrders, listOrders, orderDetail } from './admin-queries'
import { csvStream } from './csv'
import { markOrderDelivered, refundOrder, shipOrder } from './fulfilment'

const ORDER_NOT_FOUND = 'Order Not Found'

/** The order as the console shows it; gone (never, after a write that found it) is a 404. */
async function detailOf(db: Db, orderId: string) {
  const order = await orderDetail(db, orderId)
  if (!order) throw notFound(ORDER_NOT_FOUND)
  // A bought gift card: what its refund can give back (what is left on it).
  return { ...order, gift_card: await boughtCardSummary(db, orderId, order.refunded_cents) }
}

/** The admin's orders: list with server-side filters, CSV export, detail, refund and shipping. */
export const adminOrdersRouter = defineRouter('/admin/orders')
  .handle(adminOrdersContract.list, async ({ c, db, query }) => c.json(await listOrders(db, query)))
  .handle(adminOrdersContract.export, ({ c, db, query }) => {
    const day = new Date().toISOString().slice(0, 10)
    const log = c.get('log')
    const body = csvStream(exportOrders(db, query), (error) =>
      log.error({ err: error }, 'order export failed'),
    )
    return new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
        'Cache-Control': 'no-store',
      },
    })
  })
  .handle(adminOrdersContract.detail, async ({ c, db, params }) =>
    c.json({ data: await detailOf(db, params.id) }),
  )
  .handle(adminOrdersContract.refund, async ({ c, db, deps, params, body, user }) => {
    const outcome = await refundOrder(
      {
        db,
        mailer: deps.mailer,
        payments: deps.payments,
        publicUrl: deps.config.publicUrl,
        log: c.get('log'),
      },
      user.id,
      params.id,
      {
        lines: body.lines,
        amountCents: body.amount_cents,
        restock: body.restock,
        expectedRefundedCents: body.expected_refunded_cents,
      },
    )
    if (!outcome.ok) throw notFound(ORDER_NOT_FOUND)
    return c.json({ data: await detailOf(db, params.id) })
  })
  .handle(adminOrdersContract.ship, async ({ c, db, deps, params, body, user }) => {
    const outcome = await shipOrder({ db, mailer: deps.mailer, publicUrl: deps.config.publicUrl }, user.id, {
      orderId: params.id,
      carrier: body.carrier,
      trackingNumber: body.trackingNumber,
      lines: body.lines,
    })
    if (outcome.result === 'not_found') throw notFound(ORDER_NOT_FOUND)
    if (outcome.result === 'refused') throw conflict(outcome.message)
    return c.json({ data: await detailOf(db, params.id) })
  })
  .handle(adminOrdersContract.deliver, async ({ c, db, params, user }) => {
    const outcome = await markOrderDelivered({ db }, user.id, params.id)
    if (!outcome.ok) throw notFound(ORDER_NOT_FOUND)
    return c.json({ data: await detailOf(db, params.id) })
  })
