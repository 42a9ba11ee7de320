import {
  formatMoney,
  PROCESSING_TIME,
  STANDARD_DELIVERY,
  TRANSIT_TIME,
  trackingUrl,
} from '@lamplight/contracts'
import type { Mail } from '../../mail'
import { Action, greeting, Layout, Lines, Paragraph, renderMail } from '../../mail/layout'

// These mails greet nobody by name (as the account mails do): the name is whatever the
// checkout form was given, beside an address anyone can type, so it would put a stranger's
// words ("=HYPERLINK(...)", a fake link) in a mail from us to whoever owns that address.
// Each names the order by the number the buyer was shown (`orderNumber` of the contracts),
// never by our internal id (issue 35), and links to where the buyer sees the order.

/** Where a buyer sees an order: their account, or (placed as a guest) the status lookup. */
export function orderPageUrl(publicUrl: string, userId: string | null): string {
  return userId ? `${publicUrl}/account` : `${publicUrl}/orders/lookup`
}

type Line = { name: string; quantity: number }

const lineText = (line: Line) => `${line.quantity} × ${line.name}`

/** Every order mail ends the same way: where to see the order, how long delivery takes, who to ask. */
export function OrderFooter({ orderUrl, guest }: { orderUrl: string; guest?: boolean }) {
  return (
    <>
      <Action url={orderUrl} label={guest ? 'Check your order' : 'See your order'} />
      <Paragraph>
        We prepare an order in {PROCESSING_TIME}; delivery then takes {TRANSIT_TIME} ({STANDARD_DELIVERY} in
        all).
      </Paragraph>
      <Paragraph>Questions? Reply to this message or write to us from the contact page.</Paragraph>
    </>
  )
}

export type RefundForMail = {
  email: string
  orderNumber: string
  amountCents: number
  /** What was refunded; empty for an amount not tied to lines. */
  lines: Line[]
  /** The whole order: access to its online puzzles ended with it. */
  whole: boolean
  /** The order bought a gift card, closed with this refund (it had no online puzzle). */
  giftCard?: boolean
  orderUrl: string
}

export function refundMail(refund: RefundForMail): Promise<Mail> {
  const what = refund.lines.length ? refund.lines.map(lineText).join(', ') : null
  return renderMail(
    refund.email,
    `Your Lamplight Puzzle Co. order ${refund.orderNumber} was refunded`,
    <Layout
      preview={`We have refunded ${formatMoney(refund.amountCents)} of your order ${refund.orderNumber}.`}
    >
      <Paragraph>{greeting(null)}</Paragraph>
      <Paragraph>
        We have refunded {formatMoney(refund.amountCents)} of your order {refund.orderNumber}
        {what ? ` (${what})` : ''}.
      </Paragraph>
      <Paragraph>
        Depending on your bank, the money shows on your statement within 5 to 10 business days.
        {refund.giftCard
          ? ' The gift card this order bought is closed: its code no longer buys anything.'
          : refund.whole
            ? ' Access to the online puzzle of this order has ended.'
            : ''}
      </Paragraph>
      <Paragraph>If you did not expect this, reply to this message and we will sort it out.</Paragraph>
      <OrderFooter orderUrl={refund.orderUrl} />
    </Layout>,
  )
}

export type ShipmentForMail = {
  email: string
  orderNumber: string
  carrier: string
  trackingNumber: string
  /** What is in this parcel. */
  lines: Line[]
  /** What of the order is still to come in a later parcel. */
  stillLeft: Line[]
  orderUrl: string
}

export function shippedMail(shipment: ShipmentForMail): Promise<Mail> {
  const link = trackingUrl(shipment.carrier, shipment.trackingNumber)
  const carrier = shipment.carrier === 'other' ? 'the carrier' : shipment.carrier
  return renderMail(
    shipment.email,
    `Your Lamplight Puzzle Co. order ${shipment.orderNumber} has shipped`,
    <Layout
      preview={`Order ${shipment.orderNumber} is on its way. Tracking number ${shipment.trackingNumber}.`}
    >
      <Paragraph>{greeting(null)}</Paragraph>
      <Paragraph>
        Good news: {shipment.stillLeft.length ? 'part of ' : ''}your order {shipment.orderNumber} is on its
        way with {carrier}.
      </Paragraph>
      {shipment.lines.length > 0 && <Lines lines={shipment.lines.map(lineText)} />}
      {shipment.stillLeft.length > 0 && (
        <Paragraph>Still to come in another parcel: {shipment.stillLeft.map(lineText).join(', ')}.</Paragraph>
      )}
      <Paragraph>Tracking number: {shipment.trackingNumber}</Paragraph>
      {link && <Action url={link} label={`Track it with ${shipment.carrier}`} />}
      <Paragraph>Delivery takes {TRANSIT_TIME} from today. We hope you enjoy the journey!</Paragraph>
      <OrderFooter orderUrl={shipment.orderUrl} />
    </Layout>,
  )
}

/** The buyer who paid for a box that sold out while they paid: refunded at once, told why. */
export function soldOutRefundMail(order: {
  email: string
  orderNumber: string
  product: string
  amountCents: number
  orderUrl: string
}): Promise<Mail> {
  return renderMail(
    order.email,
    `Sorry: ${order.product} sold out while you paid`,
    <Layout preview={`We have refunded ${formatMoney(order.amountCents)} for ${order.product}.`}>
      <Paragraph>{greeting(null)}</Paragraph>
      <Paragraph>
        The last {order.product} was bought by someone else moments before your payment arrived, so we could
        not fill your order {order.orderNumber}. We have refunded the full {formatMoney(order.amountCents)}{' '}
        straight away; nothing was charged in the end.
      </Paragraph>
      <Paragraph>
        Depending on your bank, the money shows on your statement within 5 to 10 business days. We are sorry
        for the disappointment; ask us on the product's page to be told when it is back.
      </Paragraph>
      <OrderFooter orderUrl={order.orderUrl} />
    </Layout>,
  )
}

/** The guest's status link (issue 35): it opens the order's status page for a limited time. */
export function orderStatusLinkMail(link: {
  email: string
  orderNumber: string
  url: string
  hours: number
}): Promise<Mail> {
  return renderMail(
    link.email,
    `Your Lamplight Puzzle Co. order ${link.orderNumber}`,
    <Layout preview={`The status of your order ${link.orderNumber}, with tracking once it ships.`}>
      <Paragraph>{greeting(null)}</Paragraph>
      <Paragraph>
        You asked to see your order {link.orderNumber}. This link shows its status, what is in it, where it
        goes and, once it ships, its tracking. It works for {link.hours / 24} days.
      </Paragraph>
      <Action url={link.url} label="See your order" />
      <Paragraph>If you did not ask for this, you can ignore this message: nothing has changed.</Paragraph>
      <Paragraph>Questions? Reply to this message or write to us from the contact page.</Paragraph>
    </Layout>,
  )
}
