import { formatLongDate, formatMoney, orderNumber } from '@lamplight/contracts'
import type { ShippingAddress } from '../../db/schema'
import type { Mail } from '../../mail'
import { greeting, Layout, Lines, Paragraph, renderMail } from '../../mail/layout'
import { OrderFooter } from './fulfilment-mails'

export type Confirmation = {
  id: string
  sessionId: string | null
  email: string
  amountCents: number
  product: string
  /** The order's lines and totals (issue 32). */
  lines: { name: string; quantity: number; lineTotalCents: number }[]
  subtotalCents: number
  discountCents: number
  shippingCents: number
  taxCents: number
  /** Paid by gift card (issue 33): `amountCents` is the rest, charged by the provider. */
  giftCardCents?: number
  taxNote: string
  address: ShippingAddress | null
  /** Placed without an account. */
  guest: boolean
  /**
   * Placed from an account that proved it owns the address this mail goes to: only then is
   * the shipping address (what the buyer typed) written out, to its owner.
   */
  ownAddress: boolean
  /** The buyer's account page, or the guest status lookup. */
  orderUrl: string
  /** A bought gift card (nothing to ship): whom it is mailed to, and on which day (null: now). */
  giftCardSent?: { recipient: string; deliver_on: string | null } | null
}

// What a region and a postal code look like once the checkout form has checked them: only
// such text is repeated to an address nobody has proved.
const REGION = /^[A-Z]{2}$/
const POSTAL_CODE = /^[A-Za-z0-9 -]{3,10}$/

/**
 * The order confirmation: number, product, amount, where it goes, what happens next. It
 * greets nobody by name and repeats no typed name or street unless the account that placed
 * the order owns the address the mail goes to: anyone can type anyone's address at checkout,
 * and whatever else they typed ("=HYPERLINK(...)", a fake link) would reach its owner in a
 * mail from us.
 */
export function orderConfirmationMail(order: Confirmation): Promise<Mail> {
  const number = orderNumber(order.sessionId, order.id)
  const a = order.address
  const area =
    a && REGION.test(a.state) && POSTAL_CODE.test(a.zipCode)
      ? ` in ${a.state} ${a.zipCode}, ${a.country}`
      : ''
  if (order.giftCardSent) return giftCardOrderMail(order, order.giftCardSent)
  return renderMail(
    order.email,
    `Order confirmed: ${order.product} (${number})`,
    <Layout preview={`Thank you for your order ${number}: ${order.product}.`}>
      <Paragraph>{greeting(null)}</Paragraph>
      <Paragraph>Thank you for your order! Order number: {number}.</Paragraph>
      <Lines
        lines={[
          ...order.lines.map((l) => `${l.quantity} × ${l.name}: ${formatMoney(l.lineTotalCents)}`),
          `Subtotal: ${formatMoney(order.subtotalCents)}`,
          ...(order.discountCents ? [`Discount: -${formatMoney(order.discountCents)}`] : []),
          `Shipping: ${order.shippingCents ? formatMoney(order.shippingCents) : 'FREE'}`,
          // Paid: the tax is known now (none in test mode), so the cart's "calculated at payment" is past.
          `Tax: ${formatMoney(order.taxCents)}`,
          ...(order.giftCardCents
            ? [
                `Total: ${formatMoney(order.amountCents + order.giftCardCents)}`,
                `Paid by gift card: ${formatMoney(order.giftCardCents)}`,
                `Paid by card: ${formatMoney(order.amountCents)}`,
              ]
            : [`Total: ${formatMoney(order.amountCents)}`]),
        ]}
      />
      {a && !order.ownAddress && (
        <Paragraph>We will ship it to the address you gave at checkout{area}.</Paragraph>
      )}
      {a && order.ownAddress && (
        <>
          <Paragraph>We will ship it to:</Paragraph>
          <Lines
            lines={[
              `${a.firstName} ${a.lastName}`,
              a.address,
              `${a.city}, ${a.state} ${a.zipCode}`,
              a.country,
            ]}
          />
        </>
      )}
      <Paragraph>
        What happens next: we prepare and ship your order, and mail you its tracking number.{' '}
        {order.guest
          ? `To play the online puzzle, sign up (or sign in) and choose "Add my guest orders" in your account: we email ${order.email} a link to set your password, and your box joins your account.`
          : 'You can begin the online puzzle right away from your account.'}
      </Paragraph>
      <Paragraph>
        Your box is two puzzles in one. Start the online story now; when your box arrives, enter the code
        inside it to open the scroll. Your account has a button for each.
      </Paragraph>
      <OrderFooter orderUrl={order.orderUrl} guest={order.guest} />
    </Layout>,
  )
}

/**
 * A bought gift card's receipt: what was paid, and when its mail goes, with no shipping. The
 * recipient is named only to an account that proved it owns this address (the rule above: a
 * typed name reaches nobody else in a mail from us).
 */
function giftCardOrderMail(order: Confirmation, sent: { recipient: string; deliver_on: string | null }) {
  const number = orderNumber(order.sessionId, order.id)
  const to = order.ownAddress ? sent.recipient : 'the recipient'
  const day = sent.deliver_on ? formatLongDate(sent.deliver_on) : null
  return renderMail(
    order.email,
    `Order confirmed: ${order.product} (${number})`,
    <Layout preview={`Thank you for your order ${number}: a gift card.`}>
      <Paragraph>{greeting(null)}</Paragraph>
      <Paragraph>Thank you for your order! Order number: {number}.</Paragraph>
      <Lines
        lines={[
          ...order.lines.map((l) => `${l.quantity} × ${l.name}: ${formatMoney(l.lineTotalCents)}`),
          `Total: ${formatMoney(order.amountCents + (order.giftCardCents ?? 0))}`,
        ]}
      />
      <Paragraph>
        {day
          ? `We email the gift card to ${to} on ${day}. The code is in that mail only.`
          : `We have emailed the gift card to ${to}. The code is in that mail only.`}{' '}
        There is nothing to ship.
      </Paragraph>
      <OrderFooter orderUrl={order.orderUrl} guest={order.guest} />
    </Layout>,
  )
}
