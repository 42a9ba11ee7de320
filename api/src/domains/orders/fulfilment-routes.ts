import { adminFulfilmentContract, type FulfilmentQueueEntry } from '@lamplight/contracts'
import { stringify } from 'csv-stringify/sync'
import { defineRouter } from '../../lib/router'
import { neutraliseCell } from './csv'
import { shipOrder } from './fulfilment'
import { fulfilmentQueue, pickList, selectedOrders } from './fulfilment-queries'
import { packingSlipsPdf } from './packing-slips'

/**
 * A packed box's weight for the label CSV, in ounces: the catalogue records no weights yet
 * (every box is the same size), so the label software gets this per box and the packer
 * corrects an odd parcel there.
 */
export const BOX_WEIGHT_OZ = 32

export const LABEL_CSV_COLUMNS = [
  'name',
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'postal_code',
  'country',
  'weight_oz',
  'order_number',
] as const

/** One row per order for label software (what is left to ship decides the weight). */
export function labelsCsv(entries: FulfilmentQueueEntry[]): string {
  const rows = entries.map((entry) => {
    const a = entry.shipping_address
    const boxes = entry.lines.reduce((sum, line) => sum + Math.max(line.remaining, 0), 0) || 1
    return [
      a ? `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim() : (entry.customer_name ?? ''),
      a?.address ?? '',
      '',
      a?.city ?? '',
      a?.state ?? '',
      a?.zipCode ?? '',
      a?.country ?? '',
      boxes * BOX_WEIGHT_OZ,
      entry.order_number,
    ].map((cell) => (typeof cell === 'number' ? cell : neutraliseCell(cell)))
  })
  // The header is our own names, bare; every text cell is quoted (as the orders CSV).
  const header = stringify([[...LABEL_CSV_COLUMNS]], { record_delimiter: '\r\n' })
  return header + stringify(rows, { record_delimiter: '\r\n', quoted_string: true })
}

const day = () => new Date().toISOString().slice(0, 10)

/** The fulfilment queue and what is done from it (issue 35). */
export const adminFulfilmentRouter = defineRouter('/admin/fulfilment')
  .handle(adminFulfilmentContract.queue, async ({ c, db, query }) => c.json(await fulfilmentQueue(db, query)))
  .handle(adminFulfilmentContract.ship, async ({ c, db, deps, body, user }) => {
    const shipDeps = { db, mailer: deps.mailer, publicUrl: deps.config.publicUrl }
    const data = []
    // One order at a time, each in its own transaction: one refused order leaves the others shipped.
    for (const request of body.orders) {
      const outcome = await shipOrder(shipDeps, user.id, {
        orderId: request.order_id,
        carrier: request.carrier,
        trackingNumber: request.tracking_number,
        lines: request.lines,
      })
      data.push({
        order_id: request.order_id,
        order_number: 'orderNumber' in outcome ? outcome.orderNumber : null,
        result: outcome.result,
        message: outcome.result === 'refused' ? outcome.message : null,
      })
    }
    return c.json({ data })
  })
  .handle(adminFulfilmentContract.pickList, async ({ c, db, query }) =>
    c.json({ data: await pickList(db, query.ids) }),
  )
  .handle(adminFulfilmentContract.packingSlips, async ({ db, query }) => {
    const pdf = await packingSlipsPdf(await selectedOrders(db, query.ids))
    return new Response(new Blob([pdf as Uint8Array<ArrayBuffer>]), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="packing-slips-${day()}.pdf"`,
        'Cache-Control': 'no-store',
      },
    })
  })
  .handle(adminFulfilmentContract.labels, async ({ db, query }) => {
    const csv = labelsCsv(await selectedOrders(db, query.ids))
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="labels-${day()}.csv"`,
        'Cache-Control': 'no-store',
      },
    })
  })
