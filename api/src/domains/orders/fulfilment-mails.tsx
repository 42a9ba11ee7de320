import { formatMoney, STANDARD_DELIVERY } from '@lamplight/contracts'
import type { Mail } from '../../mail'
import { greeting, Layout, Paragraph, renderMail } from '../../mail/layout'

// These mails greet nobody by name (as the account mails do): the name is whatever the
// checkout form was given, beside an address anyone can type, so it would put a stranger's
// words ("=HYPERLINK(...)", a fake link) in a mail from us to whoever owns that address.

export type OrderForMail = {
  id: string
  email: string
  product: string
  amountCents: number
}

export function refundMail(order: OrderForMail): Promise<Mail> {
  return renderMail(
    order.email,
    'Your Lamplight Puzzle Co. order was refunded',
    <Layout preview={`We have refunded ${formatMoney(order.amountCents)} for ${order.product}.`}>
      <Paragraph>{greeting(null)}</Paragraph>
      <Paragraph>
        We have refunded your order {order.id.slice(0, 8)} for {order.product} (
        {formatMoney(order.amountCents)}).
      </Paragraph>
      <Paragraph>
        Depending on your bank, the money shows on your statement within 5 to 10 business days. Access to the
        online puzzle of this order has ended.
      </Paragraph>
      <Paragraph>If you did not expect this, reply to this message and we will sort it out.</Paragraph>
    </Layout>,
  )
}

export function shippedMail(order: OrderForMail & { trackingNumber: string }): Promise<Mail> {
  return renderMail(
    order.email,
    'Your Lamplight Puzzle Co. order has shipped',
    <Layout preview={`${order.product} is on its way. Tracking number ${order.trackingNumber}.`}>
      <Paragraph>{greeting(null)}</Paragraph>
      <Paragraph>
        Good news: your order {order.id.slice(0, 8)} ({order.product}) is on its way.
      </Paragraph>
      <Paragraph>Tracking number: {order.trackingNumber}</Paragraph>
      <Paragraph>Standard delivery takes {STANDARD_DELIVERY}. We hope you enjoy the journey!</Paragraph>
    </Layout>,
  )
}

/** The buyer who paid for a box that sold out while they paid: refunded at once, told why. */
export function soldOutRefundMail(order: OrderForMail): Promise<Mail> {
  return renderMail(
    order.email,
    `Sorry: ${order.product} sold out while you paid`,
    <Layout preview={`We have refunded ${formatMoney(order.amountCents)} for ${order.product}.`}>
      <Paragraph>{greeting(null)}</Paragraph>
      <Paragraph>
        The last {order.product} was bought by someone else moments before your payment arrived, so we could
        not fill your order {order.id.slice(0, 8)}. We have refunded the full {formatMoney(order.amountCents)}{' '}
        straight away; nothing was charged in the end.
      </Paragraph>
      <Paragraph>
        Depending on your bank, the money shows on your statement within 5 to 10 business days. We are sorry
        for the disappointment; ask us on the product's page to be told when it is back.
      </Paragraph>
    </Layout>,
  )
}
